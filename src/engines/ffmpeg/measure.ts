import { frameImageArgs, rawRgbFrameArgs } from './args/frames.js';
import { loudnessArgs, monoPcmArgs } from './args/audio-read.js';
import { DEFAULT_FFMPEG_BINARIES, runFfmpegCapture, runFfmpegForStderr, type FfmpegBinaries } from './run.js';
import type { LoudnessMeasurement } from './types.js';

/** Integrated loudness (EBU R128) of a file's first audio stream. */
export async function measureLoudness(
  path: string,
  opts: { signal?: AbortSignal; maxSeconds?: number } = {},
  bin: FfmpegBinaries = DEFAULT_FFMPEG_BINARIES,
): Promise<LoudnessMeasurement> {
  return parseEbur128Summary(await runFfmpegForStderr(loudnessArgs(path, { maxSeconds: opts.maxSeconds }), { signal: opts.signal }, bin));
}

/** Pure: the "Summary:" block of ebur128 → numbers. Silence reports −70 LUFS. */
export function parseEbur128Summary(stderr: string): LoudnessMeasurement {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary);
  const range = /LRA:\s+(-?[\d.]+)\s+LU/.exec(summary);
  if (!integrated) throw new Error('ebur128 printed no integrated loudness');
  const value = integrated[1] === '-inf' ? -70 : Number(integrated[1]);
  return { integratedLufs: value, rangeLu: range ? Number(range[1]) : 0 };
}

/**
 * Audio level over time: the file is decoded to mono 16-bit PCM and cut into windows; each
 * window's RMS is returned in dBFS (−120 for digital silence).
 */
export async function measureRmsWindows(
  path: string,
  opts: { windowSeconds?: number; signal?: AbortSignal; sampleRateHz?: number /** e.g. a bandpass, to follow one instrument */; audioFilter?: string } = {},
): Promise<number[]> {
  const sampleRateHz = opts.sampleRateHz ?? 16000;
  const pcm = await runFfmpegCapture(monoPcmArgs(path, { sampleRateHz, audioFilter: opts.audioFilter }), { signal: opts.signal });
  return rmsWindowsDb(pcm, sampleRateHz, opts.windowSeconds ?? 0.1);
}

/** Pure: s16le mono PCM → RMS per window in dBFS. */
export function rmsWindowsDb(pcm: Buffer, sampleRateHz: number, windowSeconds: number): number[] {
  return rmsWindows(pcm, sampleRateHz, windowSeconds).map(({ rms }) => (rms > 0 ? Math.max(-120, 20 * Math.log10(rms)) : -120));
}

/** Pure: s16le mono PCM → RMS (0..1 of full scale) per window of `windowSeconds`, and where each starts; the last may be shorter. */
export function rmsWindows(pcm: Buffer, sampleRateHz: number, windowSeconds: number): { startSeconds: number; rms: number }[] {
  const samplesPerWindow = Math.max(1, Math.round(sampleRateHz * windowSeconds));
  const totalSamples = Math.floor(pcm.length / 2);
  const out: { startSeconds: number; rms: number }[] = [];
  for (let start = 0; start < totalSamples; start += samplesPerWindow) {
    const end = Math.min(totalSamples, start + samplesPerWindow);
    let sumSquares = 0;
    for (let i = start; i < end; i++) {
      const s = pcm.readInt16LE(i * 2) / 32768;
      sumSquares += s * s;
    }
    out.push({ startSeconds: start / sampleRateHz, rms: Math.sqrt(sumSquares / (end - start)) });
  }
  return out;
}

export interface RgbFrame {
  width: number;
  height: number;
  /** Packed RGB, 3 bytes a pixel, rows top to bottom. */
  data: Buffer;
}

/**
 * Decodes the frame shown at `atSeconds` as raw RGB. `width`/`height` must be the video's size
 * (or the size to scale to).
 */
export async function extractFrameRgb(
  path: string,
  atSeconds: number,
  size: { width: number; height: number },
  opts: { signal?: AbortSignal } = {},
): Promise<RgbFrame> {
  const data = await runFfmpegCapture(rawRgbFrameArgs(path, atSeconds, size), { signal: opts.signal });
  if (data.length !== size.width * size.height * 3) {
    throw new Error(`expected a ${size.width}x${size.height} frame at ${atSeconds}s, got ${data.length} bytes`);
  }
  return { width: size.width, height: size.height, data };
}

/** Writes the frame shown at `atSeconds` as a PNG file (for thumbnails and eyeballing). */
export async function extractFramePng(path: string, atSeconds: number, outputPath: string, opts: { signal?: AbortSignal } = {}): Promise<void> {
  await runFfmpegCapture(frameImageArgs({ input: path, atSeconds, output: outputPath }), opts);
}

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whole pixels, inside the frame. */
function clampRect(frame: RgbFrame, rect: PixelRect): PixelRect {
  const x = Math.max(0, Math.round(rect.x));
  const y = Math.max(0, Math.round(rect.y));
  return {
    x,
    y,
    width: Math.max(0, Math.min(frame.width - x, Math.round(rect.width))),
    height: Math.max(0, Math.min(frame.height - y, Math.round(rect.height))),
  };
}

/** Mean RGB of a rectangle of a frame. */
export function meanColor(frame: RgbFrame, area: PixelRect): [number, number, number] {
  const rect = clampRect(frame, area);
  if (rect.width === 0 || rect.height === 0) throw new Error('the rectangle lies outside the frame');
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * frame.width + x) * 3;
      sums[0]! += frame.data[i]!;
      sums[1]! += frame.data[i + 1]!;
      sums[2]! += frame.data[i + 2]!;
      count++;
    }
  }
  return [sums[0]! / count, sums[1]! / count, sums[2]! / count];
}

/** Mean absolute per-channel difference of a rectangle between two same-size frames (0..255). */
export function meanAbsDifference(a: RgbFrame, b: RgbFrame, area: PixelRect = { x: 0, y: 0, width: a.width, height: a.height }): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('frames differ in size');
  const rect = clampRect(a, area);
  let sum = 0;
  let count = 0;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      count += 3;
    }
  }
  return sum / count;
}
