import { createRng, type Rng } from '../../../core/random.js';
import type { BeatKind } from '../phrase-banks/types.js';
import type { ScriptSection, ScriptStyle } from '../script-styles.js';
import { FACT_ORDER } from './fact-slots.js';
import { fillableTemplates, filledSentence } from './filled-sentences.js';
import type { ScriptContext } from './script-context.js';
import { plannedBeats, type ScriptPlan } from './script-plan.js';
import { traitsOf } from './template-traits.js';

/** A sentence's template or selling point, chosen by the tuner instead of the seed. */
export interface BeatOverride {
  variant?: number;
  point?: number;
}

/** Changes the tuner made: per sentence, and selling points left out. */
export interface Tuning {
  beats: Map<string, BeatOverride>;
  banned: Set<number>;
}

export function noTuning(): Tuning {
  return { beats: new Map(), banned: new Set() };
}

/** A written sentence, with the choices it had so the tuner can try the others. */
export interface RealizedBeat {
  key: string;
  kind: BeatKind;
  section: ScriptSection;
  text: string;
  words: number;
  template: string;
  pointIndex: number | null;
  variants: number[];
  pointOptions: number[];
}

export const wordsOf = (beats: RealizedBeat[]) => beats.reduce((a, b) => a + b.words, 0);

/** Turns a plan into sentences: each beat picks a template with its own seeded stream. */
export function realize(style: ScriptStyle, plan: ScriptPlan, ctx: ScriptContext, seed: number, tuning: Tuning): RealizedBeat[] {
  const root = createRng(seed);
  const usedTemplates = new Map<BeatKind, Set<number>>();
  const usedTexts = new Set<string>();
  // Banned points count as used: they are never said.
  const usedPoints = new Set<number>(tuning.banned);
  const seen = new Map<BeatKind, number>();
  const out: RealizedBeat[] = [];
  let named = false;
  const said = new Set<string>();
  // A banned benefit point is never said, so {benefit} is not either.
  if (ctx.benefitPoint !== null && tuning.banned.has(ctx.benefitPoint)) said.add('benefit');
  const planned = plannedBeats(style, plan);
  // Beats that must say a point (a reason, a highlight) after each position: an optional beat
  // takes a point only when one is left over for them.
  const mustSayAfter = planned.map((_, i) => planned.slice(i + 1).filter((b) => POINT_BEATS.has(b.kind)).length);
  for (const [at, beat] of planned.entries()) {
    const templates = ctx.bank.beats[beat.kind];
    const traits = traitsOf(templates);
    const nth = (seen.get(beat.kind) ?? 0) + 1;
    const pointsLeft = ctx.points.length - usedPoints.size - (POINT_BEATS.has(beat.kind) ? 0 : mustSayAfter[at]!);
    const fillable = fillableTemplates(ctx, templates, pointsLeft);
    const used = usedTemplates.get(beat.kind) ?? new Set<number>();
    usedTemplates.set(beat.kind, used);
    const variants: number[] = [];
    for (let i = 0; i < templates.length; i++) {
      // A template without a point or a number would repeat a sentence word for word.
      if (fillable[i] && (traits[i]!.varies || !used.has(i)) && !saysAgain(traits[i]!.slots, said)) variants.push(i);
    }
    // Three features or specs before a review quote: a quote is worth its 15 words once the product is described.
    if (beat.kind === 'proof' && usedPoints.size - tuning.banned.size < Math.min(FEATURES_BEFORE_QUOTES, ctx.points.length - tuning.banned.size)) {
      const noQuote = variants.filter((i) => !traits[i]!.slots.some((slot) => slot === 'quote' || slot === 'quote2'));
      variants.splice(0, variants.length, ...noQuote);
    }
    // A lead-in said once already ("And the best part: …" twice) sounds like a list read aloud:
    // any other variant first. Numbered lines ("Reason {nth}: …") and bare points do not repeat.
    const fresh = variants.filter((i) => !repeatsLeadIn(templates[i]!, usedTexts));
    if (fresh.length) variants.splice(0, variants.length, ...fresh);
    if (variants.length === 0) continue;
    // The main benefit leads: the first sentence that can say it does.
    if (!said.has('benefit')) {
      const leading = variants.filter((i) => traits[i]!.saysBenefit);
      // After the opener, a sentence that can say a point says the benefit (the first point left).
      const pointing = out.length >= 1 && ctx.benefitPoint !== null && !usedPoints.has(ctx.benefitPoint) ? variants.filter((i) => traits[i]!.takesPoint) : [];
      if (leading.length) variants.splice(0, variants.length, ...leading);
      else if (pointing.length) variants.splice(0, variants.length, ...pointing);
    }
    // The strongest facts are said first: a proof gives the rating with its count before a quote.
    for (const facts of FACT_ORDER[beat.kind] ?? []) {
      if (facts.some((f) => said.has(f))) continue;
      const carrying = variants.filter((i) => facts.every((f) => traits[i]!.slots.includes(f)));
      if (carrying.length) {
        variants.splice(0, variants.length, ...carrying);
        break;
      }
    }
    // An ad must say what it sells: a script that has not named the product yet closes with a
    // call to action that does (some openers and bodies speak only of "it" and its description).
    if (beat.kind === 'cta' && !named) {
      const naming = variants.filter((i) => traits[i]!.namesProduct);
      if (naming.length) variants.splice(0, variants.length, ...naming);
    }
    const o = tuning.beats.get(beat.key);
    const rng = root.fork(`${style.name}:${beat.key}`);
    // Facts beat generic lines; a lead-in already used ("Plus: …") is taken again only as a last resort.
    const weights = variants.map((i) => (traits[i]!.carriesFact ? 3 : 1) * (used.has(i) ? 0.02 : 1));
    let variant = weightedPick(rng, variants, weights);
    if (o?.variant !== undefined && variants.includes(o.variant)) variant = o.variant;
    const template = templates[variant]!;
    const chosen = traits[variant]!;
    const pointOptions = ctx.points.map((_, i) => i).filter((i) => !usedPoints.has(i));
    let pointIndex: number | null = null;
    if (chosen.takesPoint) {
      pointIndex = o?.point !== undefined && pointOptions.includes(o.point) ? o.point : pointOptions[0]!;
      usedPoints.add(pointIndex);
      if (pointIndex === ctx.benefitPoint) said.add('benefit');
    }
    if (chosen.saysBenefit && ctx.benefitPoint !== null) usedPoints.add(ctx.benefitPoint);
    const { text, words } = filledSentence(ctx, template, named, pointIndex, nth);
    if (chosen.namesProduct) named = true;
    for (const slot of chosen.slots) said.add(slot === 'Benefit' ? 'benefit' : slot);
    used.add(variant);
    usedTexts.add(template);
    seen.set(beat.kind, nth);
    out.push({ key: beat.key, kind: beat.kind, section: beat.section, text, words, template, pointIndex, variants, pointOptions });
  }
  return out;
}

const FEATURES_BEFORE_QUOTES = 3;

/** Facts said once: a second "$34.95" or the same quote again is a repeated line, not a new fact. */
const ONCE = new Set(['price', 'rating', 'count', 'quote', 'quote2', 'benefit', 'Benefit', 'points']);

function saysAgain(slots: readonly string[], said: Set<string>): boolean {
  return slots.some((slot) => ONCE.has(slot) && said.has(slot === 'Benefit' ? 'benefit' : slot));
}

/** Beats whose every template says a point: the style counts on them (three reasons, numbered highlights). */
const POINT_BEATS = new Set<BeatKind>(['point', 'reason', 'highlight', 'show_item', 'reassure']);

function weightedPick(rng: Rng, items: number[], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng.next() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

/** A template already used whose words around its slots would be heard again (numbered ones differ by their number). */
function repeatsLeadIn(template: string, used: ReadonlySet<string>): boolean {
  if (!used.has(template) || /\{n(th)?\}/i.test(template)) return false;
  return /\p{L}/u.test(template.replace(/\{[^}]+\}/g, ''));
}
