import type { ScriptStyle } from '../script-styles.js';
import { FILLER_FROM_SHARE } from './fact-slots.js';
import { noTuning, realize, wordsOf, type RealizedBeat } from './realize-beats.js';
import type { ScriptContext } from './script-context.js';
import { grownPlans, smallestPlan, type ScriptPlan } from './script-plan.js';
import { tuneToBudget } from './tune-to-budget.js';

/**
 * Grows the style from its minimum until the script reaches the word budget, keeping whichever
 * of the last two sizes is closer; then swaps templates and selling points to land nearer.
 */
export function sizeToBudget(
  style: ScriptStyle,
  ctx: ScriptContext,
  seed: number,
  budget: number,
  range: { min: number; max: number } = { min: budget, max: budget },
  opts: { longAd?: boolean } = {},
): RealizedBeat[] {
  let plan: ScriptPlan = smallestPlan(style);
  let beats = realize(style, plan, ctx, seed, noTuning());
  let words = wordsOf(beats);
  const exhausted = new Set<number>();
  // A recap repeats points, a closing offer only restates the price: they grow once every other
  // slot has nothing left to add, the style's own recap first.
  const isRecap = (i: number) => style.slots[i]!.beats.some((b) => b.kind === 'recap');
  const lateness = (i: number) => {
    const at = style.lastResort?.indexOf(i) ?? -1;
    return at >= 0 ? 2 + at : isRecap(i) ? 1 : 0;
  };
  const everySlot = [...style.slots.keys()].sort((a, b) => lateness(a) - lateness(b));
  // The style's growth order first; when all of it is used up, any slot that still can grow.
  let order = style.grow;
  let cursor = 0;
  // Slots that had nothing to add, tried first again after the next growth: a review quote waits
  // for three features, and then comes before a fourth.
  let retry: number[] = [];
  grow: while (words < budget) {
    const retrying = retry.length > 0;
    if (!retrying && order.every((s) => exhausted.has(s))) {
      if (order === everySlot) break;
      order = everySlot;
      cursor = 0;
      continue;
    }
    const slot = retrying ? retry.shift()! : order[cursor++ % order.length]!;
    if (!retrying && exhausted.has(slot)) continue;
    if (style.fillers?.includes(slot) && words < FILLER_FROM_SHARE * budget) {
      exhausted.add(slot);
      continue;
    }
    let grewHere = false;
    for (const next of grownPlans(style, plan, slot)) {
      const nextBeats = realize(style, next, ctx, seed, noTuning());
      const nextWords = wordsOf(nextBeats);
      // No gain: nothing left to say there (no facts, no unused template).
      if (nextWords <= words) continue;
      // Past the budget only when that is nearer it, and never past the length's ceiling.
      if (nextWords > budget && (nextWords - budget > budget - words || nextWords > range.max)) break grow;
      plan = next;
      beats = nextBeats;
      words = nextWords;
      grewHere = true;
      break;
    }
    if (grewHere) {
      retry = [...exhausted];
      exhausted.clear();
    } else exhausted.add(slot);
  }
  return tuneToBudget(style, plan, ctx, seed, budget, beats, range, opts);
}
