import { canFill, fillTemplate, type SlotValues } from '../fill-template.js';
import { countSpokenWords } from '../word-budget.js';
import type { ScriptContext } from './script-context.js';

export interface FilledSentence {
  text: string;
  words: number;
}

interface Memo {
  /** The values once the product has been named: later sentences call it by its short name. */
  later: SlotValues;
  byTemplate: Map<string, Map<number, FilledSentence>>;
  /** Per list of templates, which the facts can fill: [with a selling point left, without]. */
  fillable: Map<readonly string[], [readonly boolean[], readonly boolean[]]>;
}

const MEMOS = new WeakMap<ScriptContext, Memo>();

/**
 * A template filled for these facts. The text depends only on the template, whether the product
 * was named before, the selling point and the repetition, and sizing a script realizes the same
 * sentences hundreds of times, so each is filled and counted once per context.
 */
export function filledSentence(ctx: ScriptContext, template: string, named: boolean, pointIndex: number | null, nth: number): FilledSentence {
  const memo = memoOf(ctx);
  let filled = memo.byTemplate.get(template);
  if (!filled) {
    filled = new Map();
    memo.byTemplate.set(template, filled);
  }
  // nth counts sentences of one kind in a script (a handful); the point is an index or none.
  const key = ((pointIndex ?? -1) + 1) * 0x10000 + nth * 2 + (named ? 1 : 0);
  let sentence = filled.get(key);
  if (!sentence) {
    const text = fillTemplate(template, named ? memo.later : ctx.values, ctx.bank, { point: pointIndex === null ? null : ctx.points[pointIndex]!.text, nth });
    sentence = { text, words: countSpokenWords(text) };
    filled.set(key, sentence);
  }
  return sentence;
}

/** Which of a beat's templates the facts can fill (`canFill` for a repeated sentence), read once per context. */
export function fillableTemplates(ctx: ScriptContext, templates: readonly string[], pointsLeft: number): readonly boolean[] {
  const memo = memoOf(ctx);
  let both = memo.fillable.get(templates);
  if (!both) {
    // nth is always a number here, so only whether a selling point is left changes the answer.
    both = [templates.map((t) => canFill(t, ctx.values, 1, 1)), templates.map((t) => canFill(t, ctx.values, 0, 1))];
    memo.fillable.set(templates, both);
  }
  return both[pointsLeft > 0 ? 0 : 1];
}

function memoOf(ctx: ScriptContext): Memo {
  let memo = MEMOS.get(ctx);
  if (!memo) {
    memo = { later: { ...ctx.values, product: ctx.shortName }, byTemplate: new Map(), fillable: new Map() };
    MEMOS.set(ctx, memo);
  }
  return memo;
}
