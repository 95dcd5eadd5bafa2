import { frameEnergiesDb, percentile } from '../../../engines/speech/audio-frames.js';
import type { PcmAudio } from '../../../engines/speech/wav.js';

/** Quieter than this below the loud part counts as silence, so pauses weigh once, not by depth. */
const FLOOR_BELOW_LOUD_DB = 40;

/**
 * How much the loudness moves from one 10 ms step to the next, on average (dB). Speech rises and
 * falls with every syllable, stop and pause (about 1.3–2.3 dB for the built-in voices, with or
 * without quiet music under them); a steady tone, a hum and music keep their level (0–1 dB for
 * the library's tracks). Pure.
 */
export function loudnessFluxDb(audio: PcmAudio): number {
  const fine = frameEnergiesDb(audio);
  const steps = new Float32Array(Math.floor(fine.length / 2));
  for (let i = 0; i < steps.length; i++) steps[i] = (fine[2 * i]! + fine[2 * i + 1]!) / 2;
  if (steps.length < 2) return 0;
  const floor = percentile(steps, 95) - FLOOR_BELOW_LOUD_DB;
  let sum = 0;
  for (let i = 1; i < steps.length; i++) sum += Math.abs(Math.max(steps[i]!, floor) - Math.max(steps[i - 1]!, floor));
  return sum / (steps.length - 1);
}
