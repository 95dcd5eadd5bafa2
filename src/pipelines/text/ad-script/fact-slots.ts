import type { ScriptSection, ScriptStyle, StyleSlot } from '../script-styles.js';
import type { ScriptContext } from './script-context.js';

/**
 * The style as written for these facts: when the page gives a price or a rating, every style says
 * it (a slot that could hold it becomes required, and a style without one gets one before its
 * call to action). An ad that leaves out "4.8 stars from 1,243 reviews" wastes its best line.
 */
export function styleForFacts(style: ScriptStyle, ctx: ScriptContext): ScriptStyle {
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
  if (v.price) require(['price', 'offer'], 'price', 'offer');
  return { ...style, slots, grow };
}

/** Facts a sentence of this kind must carry first, in order, while they are still unsaid. */
export const FACT_ORDER: Partial<Record<string, string[][]>> = {
  proof: [['rating', 'count'], ['quote']],
  price: [['price']],
  offer: [['price']],
};
