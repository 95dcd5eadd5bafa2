import { createRng } from '../../core/random.js';
import { DISPLAY_MOTIONS, type DisplayMotion } from '../images/motion/motion-kinds.js';

/** Words of a video prompt that ask for a motion. */
const MOTION_WORDS: Record<DisplayMotion, RegExp> = {
  'orbit-parallax': /\b(orbit|parallax|depth|around)\b/i,
  'push-in': /\b(push|zoom|close[- ]?up|closer|dolly)\b/i,
  'light-sweep': /\b(light|sweep|shine|shiny|gleam|glint|sparkle)\b/i,
  turntable: /\b(turntable|rotate|rotating|spin|spinning|turn)\b/i,
  'reveal-slide': /\b(reveal|slide|unveil|enter)\b/i,
};

/**
 * 2 shots for a short video, 3 from 9 s: the motions the prompt names first, the rest in an order
 * drawn from the seed, so a new seed (regen_video) gives another cut. `previous` (the motions of the
 * video being replaced) is never repeated as a whole: a variation the client asked for must look
 * different, and two seeds can draw the same order. Pure.
 */
export function chooseMotions(seed: number, prompt: string | null, durationSeconds: number, previous: readonly string[] = []): DisplayMotion[] {
  const count = durationSeconds >= 9 ? 3 : 2;
  const asked = prompt ? DISPLAY_MOTIONS.filter((m) => MOTION_WORDS[m].test(prompt)) : [];
  const rng = createRng(seed).fork('display-motions');
  const rest = DISPLAY_MOTIONS.filter((m) => !asked.includes(m))
    .map((m) => ({ m, key: rng.next() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.m);
  const chosen = [...asked, ...rest].slice(0, count);
  if (!sameSequence(chosen, previous)) return chosen;
  // The same cut again: bring in the next unused motion (or, when the prompt named them all, reorder).
  if (rest.length > 0 && asked.length < count) return [...asked, ...rest.slice(1), rest[0]!].slice(0, count);
  return [...chosen].reverse();
}

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((m, i) => m === b[i]);
}

/** Whether the prompt asks for no music. */
export function wantsSilence(prompt: string | null): boolean {
  return prompt !== null && /\b(no music|silent|silence|without music|mute)\b/i.test(prompt);
}
