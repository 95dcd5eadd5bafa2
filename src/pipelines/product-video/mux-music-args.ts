import { aacArgs, FASTSTART_ARGS } from '../../engines/ffmpeg/args/index.js';

/** A silent video with music laid under it (video copied, music cut to the video with a short fade out). Pure. */
export function muxMusicArgs(a: { video: string; music: string; durationSeconds: number; output: string }): string[] {
  const fadeStart = Math.max(0, a.durationSeconds - 1);
  return [
    '-y',
    '-i',
    a.video,
    '-stream_loop',
    '-1',
    '-i',
    a.music,
    '-filter_complex',
    `[1:a]volume=0.6,afade=t=out:st=${fadeStart.toFixed(3)}:d=1[a]`,
    '-map',
    '0:v',
    '-map',
    '[a]',
    '-c:v',
    'copy',
    ...aacArgs({ bitrate: '128k', sampleRateHz: 44100 }),
    '-t',
    a.durationSeconds.toFixed(3),
    ...FASTSTART_ARGS,
    a.output,
  ];
}
