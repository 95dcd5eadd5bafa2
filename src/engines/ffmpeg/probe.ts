import { ffprobeArgs } from './args/audio-read.js';
import { DEFAULT_FFMPEG_BINARIES, runFfprobe, type FfmpegBinaries } from './run.js';
import type { MediaProbe } from './types.js';

export async function probeMedia(path: string, opts: { signal?: AbortSignal } = {}, bin: FfmpegBinaries = DEFAULT_FFMPEG_BINARIES): Promise<MediaProbe> {
  return parseFfprobeJson(await runFfprobe(ffprobeArgs(path), opts, bin));
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
}

interface FfprobeOutput {
  format?: { format_name?: string; duration?: string; size?: string };
  streams?: FfprobeStream[];
}

/** Pure: ffprobe's JSON → MediaProbe. The first video and first audio stream win. */
export function parseFfprobeJson(json: string): MediaProbe {
  const data = JSON.parse(json) as FfprobeOutput;
  const streams = data.streams ?? [];
  // Cover art in MP3/M4A shows up as a video stream; it is not video.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const durations = [data.format?.duration, video?.duration, audio?.duration].map(Number).filter(Number.isFinite);

  const probe: MediaProbe = {
    durationSeconds: durations[0] ?? 0,
    formatName: data.format?.format_name ?? 'unknown',
    sizeBytes: Number(data.format?.size ?? 0) || 0,
  };
  if (video) {
    const pixelFormat = video.pix_fmt ?? 'unknown';
    probe.video = {
      codec: video.codec_name ?? 'unknown',
      width: video.width ?? 0,
      height: video.height ?? 0,
      fps: parseRate(video.avg_frame_rate) || parseRate(video.r_frame_rate),
      pixelFormat,
      // VP8/VP9 keep alpha in side data; the muxer tags it as alpha_mode.
      hasAlpha: hasAlphaPlane(pixelFormat) || video.tags?.alpha_mode === '1',
    };
  }
  if (audio) {
    probe.audio = {
      codec: audio.codec_name ?? 'unknown',
      sampleRateHz: Number(audio.sample_rate ?? 0) || 0,
      channels: audio.channels ?? 0,
    };
  }
  return probe;
}

function hasAlphaPlane(pixelFormat: string): boolean {
  return /^(yuva|rgba|bgra|argb|abgr|gbrap|ya\d)/.test(pixelFormat) || pixelFormat === 'pal8';
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [num, den] = rate.split('/').map(Number);
  if (num === undefined || !Number.isFinite(num)) return 0;
  if (den === undefined) return num;
  return den > 0 ? num / den : 0;
}
