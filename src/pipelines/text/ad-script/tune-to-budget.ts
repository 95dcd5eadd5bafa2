import type { ScriptStyle } from '../script-styles.js';
import { FILLER_FROM_SHARE } from './fact-slots.js';
import { noTuning, realize, wordsOf, type RealizedBeat, type Tuning } from './realize-beats.js';
import type { ScriptContext } from './script-context.js';
import { grownPlans, shrunkPlan, type ScriptPlan } from './script-plan.js';

const TUNE_TOLERANCE = 0.04;
/** A long ad's: 2 % of 60 s is the 1.2 s its end card's hold can still take up. */
const LONG_AD_TUNE_TOLERANCE = 0.02;
const TUNE_ROUNDS = 10;
/** Beyond this gap after the greedy pass, two changes at a time are tried. */
const PAIR_SEARCH_GAP = 0.07;
const PAIR_SEARCH_MAX_TRIALS = 1500;
/** A changed selling point or an unsaid feature costs a little, so template swaps come first. */
const FACT_CHANGE_COST = 1;

interface TuneState {
  plan: ScriptPlan;
  tuning: Tuning;
}

function factChanges(t: Tuning): number {
  let n = t.banned.size;
  for (const o of t.beats.values()) if (o.point !== undefined) n++;
  return n;
}

/** Every single change: a template or point for one sentence, a feature left out, a slot grown or shrunk. */
function movesOf(style: ScriptStyle, ctx: ScriptContext, state: TuneState, beats: RealizedBeat[], budget: number): TuneState[] {
  const { plan, tuning } = state;
  const moves: TuneState[] = [];
  for (const b of beats) {
    const current = tuning.beats.get(b.key) ?? {};
    for (const variant of b.variants)
      if (variant !== current.variant)
        moves.push({ plan, tuning: { beats: new Map(tuning.beats).set(b.key, { ...current, variant }), banned: tuning.banned } });
    // The main benefit stays where it leads.
    if (b.pointIndex === null || b.pointIndex === ctx.benefitPoint) continue;
    // Another feature may take this sentence; generic points only ever follow the features.
    for (const point of b.pointOptions)
      if (point !== b.pointIndex && point !== ctx.benefitPoint && ctx.points[point]!.featureIndex !== null)
        moves.push({ plan, tuning: { beats: new Map(tuning.beats).set(b.key, { ...current, point }), banned: tuning.banned } });
    if (!tuning.banned.has(b.pointIndex)) moves.push({ plan, tuning: { beats: tuning.beats, banned: new Set(tuning.banned).add(b.pointIndex) } });
  }
  const fillersAllowed = wordsOf(beats) >= FILLER_FROM_SHARE * budget;
  style.slots.forEach((_, i) => {
    if (fillersAllowed || !style.fillers?.includes(i)) for (const grownPlan of grownPlans(style, plan, i)) moves.push({ plan: grownPlan, tuning });
    const smaller = shrunkPlan(style, plan, i);
    if (smaller) moves.push({ plan: smaller, tuning });
  });
  return moves;
}

/**
 * Greedy: the single change that brings the word count nearest the budget, repeated; when that
 * gets stuck outside the ad's word range (and far from the budget), the best pair of changes.
 */
export function tuneToBudget(
  style: ScriptStyle,
  plan: ScriptPlan,
  ctx: ScriptContext,
  seed: number,
  budget: number,
  start: RealizedBeat[],
  range: { min: number; max: number } = { min: budget, max: budget },
  opts: { longAd?: boolean } = {},
): RealizedBeat[] {
  const tolerance = opts.longAd ? LONG_AD_TUNE_TOLERANCE : TUNE_TOLERANCE;
  let state: TuneState = { plan, tuning: noTuning() };
  let beats = start;
  const gapOf = (b: RealizedBeat[]) => Math.abs(wordsOf(b) - budget);
  const scoreOf = (b: RealizedBeat[], s: TuneState) => gapOf(b) + FACT_CHANGE_COST * factChanges(s.tuning);
  let score = scoreOf(beats, state);
  // Short because every fact is said: longer templates would only pad it (nothing is invented).
  const allSaid = (b: RealizedBeat[]) => {
    const said = new Set(b.map((x) => x.pointIndex).filter((i) => i !== null));
    if (ctx.benefitPoint !== null && b.some((x) => /\{(benefit|Benefit)\}/.test(x.template))) said.add(ctx.benefitPoint);
    return said.size === ctx.points.length;
  };
  if (wordsOf(beats) < range.min && allSaid(beats)) return beats;
  // Inside the ad's range is long enough: swapping templates only to land on the budget would pick
  // longer lead-ins, not more facts. Not for a long ad: its video is the asked length only when the
  // speech is within a second or two of its budget (the end card's hold takes up no more), and a
  // 45 s range spans 7 s of speech.
  const inRange = (b: RealizedBeat[]) => !opts.longAd && wordsOf(b) >= range.min && wordsOf(b) <= range.max;
  // Over the length's ceiling is never close enough: no voice says it in time.
  const overCeiling = (b: RealizedBeat[]) => wordsOf(b) > range.max;
  for (let round = 0; round < TUNE_ROUNDS && (gapOf(beats) > budget * tolerance || overCeiling(beats)) && !inRange(beats); round++) {
    let best: { beats: RealizedBeat[]; score: number; state: TuneState } | null = null;
    for (const move of movesOf(style, ctx, state, beats, budget)) {
      const trialBeats = realize(style, move.plan, ctx, seed, move.tuning);
      const trialScore = scoreOf(trialBeats, move);
      if (trialScore < (best?.score ?? score)) best = { beats: trialBeats, score: trialScore, state: move };
    }
    if (!best) break;
    ({ beats, score, state } = best);
  }
  const words = wordsOf(beats);
  if ((gapOf(beats) <= budget * PAIR_SEARCH_GAP && !overCeiling(beats)) || inRange(beats)) return beats;
  // Short because every fact is said: no pair of changes can add one (nothing is invented).
  if (words < budget && state.tuning.banned.size === 0 && allSaid(beats)) return beats;
  let trials = 0;
  let best: { beats: RealizedBeat[]; score: number } = { beats, score };
  for (const first of movesOf(style, ctx, state, beats, budget)) {
    const firstBeats = realize(style, first.plan, ctx, seed, first.tuning);
    for (const second of movesOf(style, ctx, first, firstBeats, budget)) {
      if (++trials > PAIR_SEARCH_MAX_TRIALS) return best.beats;
      const trialBeats = realize(style, second.plan, ctx, seed, second.tuning);
      const trialScore = scoreOf(trialBeats, second);
      if (trialScore < best.score) best = { beats: trialBeats, score: trialScore };
    }
  }
  return best.beats;
}
