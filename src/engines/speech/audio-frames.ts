import type { PcmAudio } from './wav.js';

export const FRAME_HOP_SECONDS = 0.005;
const FRAME_LENGTH_SECONDS = 0.02;

/** Short-time energy in dBFS, one value per 5 ms hop (20 ms window). */
export function frameEnergiesDb(audio: PcmAudio): Float32Array {
  const hop = Math.max(1, Math.round(audio.sampleRateHz * FRAME_HOP_SECONDS));
  const win = Math.max(hop, Math.round(audio.sampleRateHz * FRAME_LENGTH_SECONDS));
  const n = Math.max(0, Math.floor((audio.samples.length - win) / hop) + 1);
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    let sum = 0;
    const base = f * hop;
    for (let i = 0; i < win; i++) {
      const s = audio.samples[base + i]!;
      sum += s * s;
    }
    out[f] = 10 * Math.log10(sum / win + 1e-12);
  }
  return out;
}

export function percentile(values: ArrayLike<number>, p: number): number {
  const sorted = Array.from(values).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.round((p / 100) * (sorted.length - 1))));
  return sorted[idx]!;
}

export interface SpeechIsland {
  start: number;
  end: number;
}

/**
 * Stretches of sound separated by silence, in seconds. The threshold follows the loud part of the
 * recording, so it works for quiet and loud files alike; gaps shorter than `minGapSeconds` are
 * bridged because stop closures inside words are that short.
 */
export function findSpeechIslands(audio: PcmAudio, opts: { minGapSeconds?: number; belowPeakDb?: number; minIslandSeconds?: number } = {}): SpeechIsland[] {
  const energies = frameEnergiesDb(audio);
  if (energies.length === 0) return [];
  const loud = percentile(energies, 95);
  const threshold = Math.max(-60, loud - (opts.belowPeakDb ?? 30));
  const minGapFrames = Math.round((opts.minGapSeconds ?? 0.03) / FRAME_HOP_SECONDS);
  const minIslandFrames = Math.round((opts.minIslandSeconds ?? 0.02) / FRAME_HOP_SECONDS);
  const islands: Array<[number, number]> = [];
  let start = -1;
  for (let f = 0; f <= energies.length; f++) {
    const on = f < energies.length && energies[f]! > threshold;
    if (on && start < 0) start = f;
    if (!on && start >= 0) {
      const last = islands[islands.length - 1];
      if (last && start - last[1] < minGapFrames) last[1] = f;
      else islands.push([start, f]);
      start = -1;
    }
  }
  // A frame stands for the centre of its window; that keeps onsets and offsets within half a
  // window of the truth in both directions.
  const centre = FRAME_LENGTH_SECONDS / 2;
  const totalSeconds = audio.samples.length / audio.sampleRateHz;
  return islands
    .filter(([a, b]) => b - a >= minIslandFrames)
    .map(([a, b]) => ({
      start: a * FRAME_HOP_SECONDS + centre,
      end: Math.min(totalSeconds, (b - 1) * FRAME_HOP_SECONDS + centre),
    }));
}
