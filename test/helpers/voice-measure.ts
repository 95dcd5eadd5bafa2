import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * Voice measurements for tests, deliberately independent of the service's own analysis
 * (src/pipelines/speech/voice-match): a different pitch method (normalised autocorrelation
 * instead of YIN) and speaking time from plain frame energy, so a test does not grade the
 * service with its own ruler.
 */
const RATE_HZ = 16000;
const FRAME = 640; // 40 ms: two periods of a 50 Hz voice
const HOP = 160; // 10 ms
const MIN_HZ = 60;
const MAX_HZ = 400;

const run = promisify(execFile);

/** Any audio file → 16 kHz mono float samples (ffmpeg to raw s16le). */
export async function decodeMono16k(path: string): Promise<Float32Array> {
  const raw = `${path}.measure.s16`;
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', path, '-ac', '1', '-ar', String(RATE_HZ), '-f', 's16le', raw]);
  const bytes = await readFile(raw);
  await rm(raw, { force: true });
  const out = new Float32Array(bytes.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2) / 32768;
  return out;
}

function frameRms(x: Float32Array): Float64Array {
  const frames = Math.max(0, Math.floor((x.length - FRAME) / HOP) + 1);
  const rms = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = 0; i < FRAME; i++) sum += x[f * HOP + i]! ** 2;
    rms[f] = Math.sqrt(sum / FRAME);
  }
  return rms;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * Median fundamental frequency over loud, clearly periodic frames. Per frame: the lag with the
 * highest normalised autocorrelation in 60–400 Hz; to avoid octave-down errors, the shortest lag
 * within 90 % of that peak is taken; frames whose peak is below 0.6 are not voiced.
 */
export function medianPitchHz(x: Float32Array): number {
  const rms = frameRms(x);
  const loud = quantile(Array.from(rms), 0.95) * 0.1;
  const minLag = Math.floor(RATE_HZ / MAX_HZ);
  const maxLag = Math.ceil(RATE_HZ / MIN_HZ);
  const n = FRAME - maxLag;
  const pitches: number[] = [];
  for (let f = 0; f < rms.length; f += 2) {
    if (rms[f]! < loud) continue;
    const base = f * HOP;
    if (base + FRAME > x.length) break;
    const nccf = new Float64Array(maxLag + 1);
    let e0 = 0;
    for (let i = 0; i < n; i++) e0 += x[base + i]! ** 2;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let dot = 0;
      let e1 = 0;
      for (let i = 0; i < n; i++) {
        dot += x[base + i]! * x[base + i + lag]!;
        e1 += x[base + i + lag]! ** 2;
      }
      nccf[lag] = dot / Math.sqrt(e0 * e1 + 1e-12);
      best = Math.max(best, nccf[lag]!);
    }
    if (best < 0.6) continue;
    for (let lag = minLag; lag <= maxLag; lag++) {
      const isPeak = nccf[lag]! >= nccf[lag - 1]! && nccf[lag]! >= (nccf[lag + 1] ?? 0);
      if (isPeak && nccf[lag]! >= 0.9 * best) {
        pitches.push(RATE_HZ / lag);
        break;
      }
    }
  }
  return quantile(pitches, 0.5);
}

/** Seconds of sound: 10 ms frames within 30 dB of the loud level (pauses of any length excluded). */
export function speakingSeconds(x: Float32Array): number {
  const rms = frameRms(x);
  const floor = quantile(Array.from(rms), 0.95) * 10 ** (-30 / 20);
  let frames = 0;
  for (const r of rms) if (r > floor) frames++;
  return (frames * HOP) / RATE_HZ;
}
