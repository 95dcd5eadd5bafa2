import type { ScriptSection, ScriptStyle, StyleSlot } from '../script-styles.js';
import type { ScriptContext } from './script-context.js';

/**
 * The style as written for these facts: when the page gives a price or a rating, every style says
 * it (a slot that could hold it becomes required, and a style without one gets one before its
 * call to action; the price may instead close the call to action). An ad that leaves out "4.8 stars from 1,243 reviews" wastes its best line.
 */
export function styleForFacts(style: ScriptStyle, ctx: ScriptContext, opts: { longAd?: boolean } = {}): ScriptStyle {
  const v = ctx.values;
  let slots = style.slots.map((s) => ({ ...s }));
  let grow = [...style.grow];
  const require = (kinds: string[], kind: StyleSlot['beats'][number]['kind'], section: ScriptSection) => {
    const at = slots.findIndex((s) => s.beats.some((b) => kinds.includes(b.kind)));
    if (at >= 0) {
      slots[at]!.min = Math.max(1, slots[at]!.min);
      return;
    }
    const before = slots.findIndex((s) => s.section === 'cta');
    const pos = before >= 0 ? before : slots.length;
    slots = [...slots.slice(0, pos), { beats: [{ kind }], min: 1, max: 1, section }, ...slots.slice(pos)];
    grow = grow.map((i) => (i >= pos ? i + 1 : i));
  };
  if ((v.rating && v.count) || v.quote) require(['proof'], 'proof', 'proof');
  // Room for every proof the page has (the rating, each quote) when the length asks for more words.
  const proofs = (v.rating && v.count ? 1 : 0) + (v.quote ? 1 : 0) + (v.quote2 ? 1 : 0);
  const proofAt = slots.findIndex((s) => s.beats.length === 1 && s.beats[0]!.kind === 'proof');
  if (proofAt >= 0) slots[proofAt]!.max = Math.max(slots[proofAt]!.max, proofs);
  // A bank whose call to action can say the price says it there; others get a price line.
  const ctaSaysPrice = ctx.bank.beats.cta.some((t) => t.includes('{price}'));
  if (v.price && !ctaSaysPrice) require(['price', 'offer'], 'price', 'offer');
  // A script that says the main benefit has said its first point: the points after it are added
  // only as the length allows (a 15 s ad has no room for them).
  const saysBenefit = (slot: StyleSlot) => slot.min >= 1 && slot.beats.some((b) => ctx.bank.beats[b.kind].some((t) => /\{(benefit|Benefit)\}/.test(t)));
  slots.forEach((slot, i) => {
    if (v.benefit && slot.beats[0]!.kind === 'point' && slot.min === 1 && slots.slice(0, i).some(saysBenefit)) slot.min = 0;
  });
  // A style whose own growth is used up before its length (a 60 s ad of a page with few facts)
  // may close with a recap of its short points before the call to action: facts again, never
  // padding, and grown only after every other slot (sizeToBudget). Added last, so every other slot
  // keeps its index and its sentences; said before the call to action.
  // A long ad (45 s and more) whose page runs out even so ends the way long spots do: the offer
  // said on its own (the price leaves the call to action, said once) and a nudge to act, after the
  // recap. A style that already has an offer or a price line keeps its own.
  const has = (kinds: string[]) => slots.some((s) => s.beats.some((b) => kinds.includes(b.kind)));
  // A long ad that opens on the product itself may first set up the problem it answers (a line
  // about its category, no claim about the product), as a long spot opens.
  const ctaAt = slots.findIndex((s) => s.section === 'cta');
  if (ctaAt < 0) return { ...style, slots, grow };
  const late: { slot: StyleSlot; first?: boolean }[] = [];
  if (v.points && !has(['recap'])) late.push({ slot: { beats: [{ kind: 'recap' }], min: 0, max: 1, section: 'body' } });
  if (opts.longAd && v.price && !has(['offer', 'price'])) late.push({ slot: { beats: [{ kind: 'offer' }], min: 0, max: 1, section: 'offer' } });
  if (opts.longAd && PRODUCT_FIRST_OPENERS.has(slots[0]!.beats[0]!.kind) && !has(['problem']))
    late.push({ slot: { beats: [{ kind: 'problem' }], min: 0, max: 1, section: 'hook' }, first: true });
  if (opts.longAd && !has(['urgency'])) late.push({ slot: { beats: [{ kind: 'urgency' }], min: 0, max: 1, section: 'offer' } });
  if (late.length === 0) return { ...style, slots, grow };
  const added = late.map((_, i) => slots.length + i);
  const spokenOrder = [...slots.keys()];
  spokenOrder.splice(ctaAt, 0, ...added.filter((_, i) => !late[i]!.first));
  spokenOrder.unshift(...added.filter((_, i) => late[i]!.first));
  const fillers = added.filter((_, i) => NO_FACT_KINDS.has(late[i]!.slot.beats[0]!.kind));
  return { ...style, slots: [...slots, ...late.map((l) => l.slot)], grow, spokenOrder, lastResort: added, fillers };
}

/** Lines that carry no page fact: a script gets them only once its facts fill this share of its words (a page with almost nothing to say stays short rather than made of them). */
export const FILLER_FROM_SHARE = 0.85;
const NO_FACT_KINDS: ReadonlySet<string> = new Set(['problem', 'urgency']);

/** Openers that start on the product, so a line about the problem can come before them. */
const PRODUCT_FIRST_OPENERS: ReadonlySet<string> = new Set([
  'hook_discovery',
  'benefits_open',
  'show_open',
  'highlight_open',
  'reasons_open',
  'howto_open',
  'hook_amazed',
  'hook_year',
  'hook_what_happens',
]);

/** Facts a sentence of this kind must carry first, in order, while they are still unsaid. */
export const FACT_ORDER: Partial<Record<string, string[][]>> = {
  proof: [['rating', 'count'], ['quote'], ['quote2']],
  price: [['price']],
  offer: [['price']],
  cta: [['price']],
  // A brand story names its brand.
  brand_origin: [['brand']],
};
