import type { EyeState } from '../draw/face.js';

/** One blink, frame by frame at 30 fps: lids half down, shut for two frames, half up (≈ 130 ms). */
const BLINK: readonly EyeState[] = ['half', 'closed', 'closed', 'half'];

/**
 * Where the eyes blink: every 2–5.5 s (people blink a dozen times a minute), the gaps drawn from a
 * seeded generator so one avatar and one clip always blink the same way. Now and then a quick
 * double blink, as people do.
 */
export function blinkSchedule(frames: number, seed: number, fps = 30): EyeState[] {
  const eyes: EyeState[] = Array.from({ length: Math.max(0, frames) }, () => 'open');
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: tiny and deterministic.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  let at = Math.round(fps * (0.6 + random() * 1.6));
  while (at < frames) {
    for (let k = 0; k < BLINK.length && at + k < frames; k++) eyes[at + k] = BLINK[k]!;
    if (random() < 0.15) {
      const again = at + BLINK.length + 2;
      for (let k = 0; k < BLINK.length && again + k < frames; k++) eyes[again + k] = BLINK[k]!;
      at = again;
    }
    at += BLINK.length + Math.round(fps * (2 + random() * 3.5));
  }
  return eyes;
}
