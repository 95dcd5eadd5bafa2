import { aacArgs, FASTSTART_ARGS, h264Args, opusArgs, vp9AlphaArgs } from '../../../engines/ffmpeg/args/index.js';
import type { SpriteRun } from './sprite-plan.js';

/**
 * Pure builders of the talking-head encode. The picture is two layers: a still base (background
 * and body), decoded once and repeated in memory, and the head, a sequence of sprite images (PAM) read by
 * ffmpeg's concat demuxer with one entry per run of identical frames. The head is overlaid at a
 * position that drifts with time (idle motion), so only a few dozen small pictures are decoded for a
 * whole clip.
 */
export type TalkingHeadFormat = 'mp4' | 'webm';

export interface TalkingHeadEncode {
  baseImage: string;
  concatFile: string;
  audioPath?: string;
  frames: number;
  fps: number;
  width: number;
  height: number;
  /** overlay position expressions (pixels, in `t`). */
  headX: string;
  headY: string;
  /** mp4: H.264 + AAC, opaque. webm: VP9 with alpha + Opus, for compositing. */
  format: TalkingHeadFormat;
  outputPath: string;
  /** x264 speed/quality (mp4). */
  preset?: string;
  crf?: number;
}

/** Seconds with enough digits that frame boundaries never drift over a long clip. */
const sec = (frames: number, fps: number) => (frames / fps).toFixed(6);

/** Quote a path for the concat list (single quotes, with any quote escaped). */
function concatPath(path: string): string {
  return `'${path.replace(/'/g, "'\\''")}'`;
}

/**
 * The concat demuxer list: one entry per run. Durations are taken from frame boundaries, so
 * rounding never accumulates. Each image is opened at the clip's frame rate: the image reader's
 * default of 25 fps would quantise the entries' start times to 40 ms and show mouths a frame
 * late. The last file is listed twice: the demuxer otherwise ignores the last entry's duration.
 */
export function concatList(runs: readonly SpriteRun[], fileFor: (key: string) => string, fps: number): string {
  const lines = ['ffconcat version 1.0'];
  for (const run of runs) {
    lines.push(`file ${concatPath(fileFor(run.key))}`, `option framerate ${fps}`);
    lines.push(`duration ${(Number(sec(run.startFrame + run.frames, fps)) - Number(sec(run.startFrame, fps))).toFixed(6)}`);
  }
  const last = runs[runs.length - 1];
  if (last) lines.push(`file ${concatPath(fileFor(last.key))}`, `option framerate ${fps}`);
  return `${lines.join('\n')}\n`;
}

export function talkingHeadArgs(e: TalkingHeadEncode): string[] {
  const alpha = e.format === 'webm';
  const pix = alpha ? 'yuva420p' : 'yuv420p';
  const duration = sec(e.frames, e.fps);
  const filter = [
    // The base is one picture; loop repeats it in memory instead of decoding it every frame.
    `[0:v]format=${pix},loop=loop=${Math.max(0, e.frames - 1)}:size=1:start=0,settb=1/${e.fps},setpts=N[base]`,
    // Sprites change only at run boundaries; each is converted once, overlay holds it.
    `[1:v]format=yuva420p,settb=1/${e.fps}[head]`,
    `[base][head]overlay=x='${e.headX}':y='${e.headY}':eval=frame:eof_action=repeat:format=yuv420,format=${pix}[v]`,
  ].join(';');
  const args = [
    '-i',
    e.baseImage,
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    e.concatFile,
    ...(e.audioPath ? ['-i', e.audioPath] : []),
    '-filter_complex',
    filter,
    '-map',
    '[v]',
    ...(e.audioPath ? ['-map', '2:a:0'] : []),
    '-r',
    String(e.fps),
    '-frames:v',
    String(e.frames),
  ];
  if (alpha) {
    args.push(...vp9AlphaArgs({ crf: e.crf ?? 34, noAltRef: true }));
    if (e.audioPath) args.push(...opusArgs({ bitrate: '96k' }));
  } else {
    args.push(...h264Args({ preset: e.preset ?? 'veryfast', tune: 'animation', crf: e.crf ?? 23 }));
    if (e.audioPath) args.push(...aacArgs({ bitrate: '128k', sampleRateHz: 48000 }));
    args.push(...FASTSTART_ARGS);
  }
  if (e.audioPath) args.push('-t', duration);
  args.push(e.outputPath);
  return args;
}
