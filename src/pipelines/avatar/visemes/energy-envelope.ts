import type { FrameFeatures } from './audio-features.js';
import { VISEME_SHAPES, type MouthTrack } from './viseme-set.js';

/**
 * The speech's loudness per frame as 0..1: 0 at a silence gate, 1 at the recording's loud level
 * (95th percentile), both taken from the recording so quiet and loud files behave alike; eased
 * over neighbouring frames so the jaw does not flutter with every pitch period.
 */
export function energyEnvelope(features: readonly FrameFeatures[]): number[] {
  const levels = features.map((f) => f.levelDb);
  const sorted = [...levels].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))] ?? -120;
  const loud = at(0.95);
  const quiet = at(0.1);
  const gate = Math.max(loud - 32, -65, Math.min(quiet + 6, loud - 15));
  const range = Math.max(1, loud - gate);
  const raw = levels.map((db) => Math.min(1, Math.max(0, (db - gate) / range)));
  return raw.map((v, i) => (v === 0 ? 0 : 0.25 * (raw[i - 1] ?? 0) + 0.5 * v + 0.25 * (raw[i + 1] ?? 0)));
}

/** How much of the opening the phones decide; the rest follows the speech's loudness. */
const PHONE_SHARE = 0.35;

/**
 * A phone- or word-driven track moved by the speech's loudness as well: the shape (and whether the
 * lips are shut) stays the phones', the opening becomes the shape's target scaled by the energy
 * envelope. Phone targets alone are nearly flat inside a phrase (every vowel opens about as much),
 * so a photo driven by them barely moves with the voice; loud syllables now open wider and quiet
 * ones less. Normalised so the loud frames open as far as the phones' widest shapes.
 */
export function withEnergyEnvelope(track: MouthTrack, envelope: readonly number[]): MouthTrack {
  const widest = Math.max(0, ...track.map((f) => f.openness));
  if (widest === 0) return track.map((f) => ({ ...f }));
  const shaped = track.map((f, i) => {
    if (VISEME_SHAPES[f.viseme].lipsClosed) return 0;
    const energy = envelope[i] ?? 0;
    // The phone's share keeps small shapes ("f", "w") small; the energy's share makes loudness show.
    return (PHONE_SHARE * (f.openness / widest) + (1 - PHONE_SHARE)) * energy;
  });
  const loud = percentile(
    shaped.filter((o) => o > 0),
    0.95,
  );
  const scale = loud > 0 ? Math.max(0.6, widest) / loud : 0;
  return track.map((f, i) => ({ viseme: f.viseme, openness: Math.round(Math.min(1, shaped[i]! * scale) * 1000) / 1000 }));
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.round(p * (sorted.length - 1)))]!;
}
