import type { FrameFeatures } from './audio-features.js';
import type { MouthTrack, Viseme } from './viseme-set.js';

/** Below this opening the mouth is drawn shut. */
const CLOSED_BELOW = 0.08;
/** A closure this short (frames) between sounds is a stop consonant, drawn with pressed lips. */
const MAX_STOP_FRAMES = 3;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return -120;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round((p / 100) * (sorted.length - 1))))]!;
}

/**
 * A mouth that follows a recording rather than a script (a user's own voiceover). The opening
 * follows loudness between a silence gate and the recording's loud level (both taken from the
 * recording itself, so quiet and loud files behave alike); the shape comes from the spectrum:
 * hiss (many zero crossings, little low energy) is a narrow consonant mouth, a dark sound (energy
 * low in the spectrum) a rounded one, a bright sound a wide "ee", the rest an open "ah".
 */
export function trackFromAudioFeatures(features: readonly FrameFeatures[]): MouthTrack {
  const levels = features.map((f) => f.levelDb);
  const loud = percentile(levels, 95);
  const quiet = percentile(levels, 10);
  // The gate sits well under the loud level, and over the noise floor when the file has pauses.
  const gate = Math.max(loud - 32, -65, Math.min(quiet + 6, loud - 15));
  const range = Math.max(1, loud - gate);

  const open = features.map((f) => Math.min(1, Math.max(0, (f.levelDb - gate) / range)) ** 1.8);
  const eased = open.map((o, i) => (o === 0 ? 0 : 0.2 * (open[i - 1] ?? 0) + 0.6 * o + 0.2 * (open[i + 1] ?? 0)));

  const isHiss = (f: FrameFeatures) => f.zeroCrossingRate > 0.25 && f.lowShare < 0.3;
  // Voices differ in brightness, so the shape reads the centroid relative to this voice's own.
  const voiced = features.filter((f, i) => open[i]! > 0.3 && !isHiss(f)).map((f) => f.centroidHz);
  const typicalCentroid = Math.max(1, percentile(voiced, 50));

  const frames = features.map((f, i): { viseme: Viseme; openness: number } => {
    const o = eased[i]!;
    if (o < CLOSED_BELOW) return { viseme: 'rest', openness: 0 };
    if (isHiss(f)) return f.levelDb < loud - 14 ? { viseme: 'FV', openness: Math.min(o, 0.15) } : { viseme: 'etc', openness: Math.min(o, 0.3) };
    const relative = f.centroidHz / typicalCentroid;
    if (relative < 0.6) return { viseme: o < 0.35 ? 'WQ' : 'U', openness: Math.min(o, 0.4) };
    if (relative < 0.85) return { viseme: 'O', openness: Math.min(o, 0.75) };
    return o > 0.55 ? { viseme: 'AI', openness: o } : { viseme: 'E', openness: o };
  });

  // Short closures between two open frames are stops: press the lips instead of relaxing them.
  for (let i = 1; i < frames.length; i++) {
    if (frames[i]!.viseme !== 'rest' || frames[i - 1]!.viseme === 'rest') continue;
    let j = i;
    while (j < frames.length && frames[j]!.viseme === 'rest') j++;
    if (j < frames.length && j - i <= MAX_STOP_FRAMES) for (let k = i; k < j; k++) frames[k] = { viseme: 'MBP', openness: 0 };
    i = j;
  }
  return frames.map((f) => ({ viseme: f.viseme, openness: Math.round(f.openness * 1000) / 1000 }));
}
