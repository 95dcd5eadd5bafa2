import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';

// PLACEHOLDER written by the lead so dependents can build; the img-motion helper replaces this file.
export const VIDEO_STYLES = ['cinematic', 'vintage', 'noir', 'vivid', 'sketch'] as const;
export type VideoStyle = (typeof VIDEO_STYLES)[number];

export interface StylizeVideoRequest {
  inputPath: string;
  style: VideoStyle;
  outputPath: string;
  signal?: AbortSignal;
  onProgress?: (fraction0to1: number) => void;
}

export async function stylizeVideo(req: StylizeVideoRequest, ffmpeg: FfmpegEngine): Promise<void> {
  const probe = await ffmpeg.probe(req.inputPath, { signal: req.signal });
  await ffmpeg.run(['-y', '-i', req.inputPath, '-vf', 'hue=s=0', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'copy', req.outputPath], {
    signal: req.signal, onProgress: req.onProgress, expectedDurationSeconds: probe.durationSeconds,
  });
}
