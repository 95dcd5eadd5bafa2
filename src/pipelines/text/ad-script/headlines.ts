import { createRng } from '../../../core/random.js';
import { canFill, fillTemplate } from '../fill-template.js';
import type { ScriptLanguage } from '../languages.js';
import type { BeatKind } from '../phrase-banks/types.js';
import type { ProductFacts } from '../product-facts.js';
import { buildScriptContext, type ScriptContext } from './script-context.js';

/** The script's title: one of the language's headline templates that the facts can fill, chosen by the seed. */
export function titleFor(ctx: ScriptContext, seed: number, style: string): string {
  const rng = createRng(seed).fork(`title:${style}`);
  const usable = ctx.bank.headlines.filter((h) => canFill(h, ctx.values, 0, null));
  const headline = usable.length ? rng.pick(usable) : '{product}';
  return fillTemplate(headline, ctx.values, ctx.bank, { point: null, nth: null }).replace(/\.$/, '');
}

/**
 * Headline candidates for the facts: the language's headline templates, then its hook openers
 * that stand on their own (no selling point or number in them), filled and in a seeded order
 * with the templates first.
 */
export function headlineCandidates(facts: ProductFacts, language: ScriptLanguage, seed: number): string[] {
  const ctx = buildScriptContext(facts, language, 2025, createRng(seed >>> 0));
  const fill = (templates: readonly string[]) =>
    templates
      .filter((t) => canFill(t, ctx.values, 0, null) && !/\{(point|Point|nth|Nth)\}/.test(t))
      .map((t) => fillTemplate(t, ctx.values, ctx.bank, { point: null, nth: null }).replace(/\.$/, ''));
  const rng = createRng(seed >>> 0).fork('headlines');
  const shuffle = (items: string[]) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  };
  const hooks = (Object.keys(ctx.bank.beats) as BeatKind[]).filter((k) => k.startsWith('hook_')).flatMap((k) => fill(ctx.bank.beats[k]));
  return [...new Set([...shuffle(fill(ctx.bank.headlines)), ...shuffle(hooks)])];
}
