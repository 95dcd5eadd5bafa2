import type { BeatKind } from '../phrase-banks/types.js';
import type { ScriptSection, ScriptStyle } from '../script-styles.js';

/** How big a script is: per style slot, its repetitions and how many of them carry the optional beats. */
export interface ScriptPlan {
  counts: number[];
  tails: number[];
}

export interface PlannedBeat {
  /** `slot.repetition.beat`: stable across plans, so a tuning can name a sentence. */
  key: string;
  kind: BeatKind;
  section: ScriptSection;
}

export function smallestPlan(style: ScriptStyle): ScriptPlan {
  return { counts: style.slots.map((s) => s.min), tails: style.slots.map(() => 0) };
}

export function plannedBeats(style: ScriptStyle, plan: ScriptPlan): PlannedBeat[] {
  const out: PlannedBeat[] = [];
  for (const s of style.spokenOrder ?? style.slots.keys()) {
    const slot = style.slots[s]!;
    for (let rep = 0; rep < plan.counts[s]!; rep++) {
      slot.beats.forEach((beat, b) => {
        if (beat.optional && rep >= plan.tails[s]!) return;
        out.push({ key: `${s}.${rep}.${b}`, kind: beat.kind, section: slot.section });
      });
    }
  }
  return out;
}

/** Bigger plans for a slot: one more repetition, or one more optional beat in a repetition. */
export function grownPlans(style: ScriptStyle, plan: ScriptPlan, slot: number): ScriptPlan[] {
  const def = style.slots[slot]!;
  const out: ScriptPlan[] = [];
  if (plan.counts[slot]! < def.max) {
    const counts = [...plan.counts];
    counts[slot]! += 1;
    out.push({ counts, tails: plan.tails });
  }
  if (def.beats.some((b) => b.optional) && plan.tails[slot]! < plan.counts[slot]!) {
    const tails = [...plan.tails];
    tails[slot]! += 1;
    out.push({ counts: plan.counts, tails });
  }
  return out;
}

/** The one smaller plan for a slot: one optional beat fewer, else one repetition fewer (never below the minimum). */
export function shrunkPlan(style: ScriptStyle, plan: ScriptPlan, slot: number): ScriptPlan | null {
  if (plan.tails[slot]! > 0) {
    const tails = [...plan.tails];
    tails[slot]! -= 1;
    return { counts: plan.counts, tails };
  }
  if (plan.counts[slot]! > style.slots[slot]!.min) {
    const counts = [...plan.counts];
    counts[slot]! -= 1;
    return { counts, tails: plan.tails.map((t, j) => (j === slot ? Math.min(t, counts[slot]!) : t)) };
  }
  return null;
}
