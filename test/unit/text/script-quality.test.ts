import { describe, expect, it } from 'vitest';
import { checkScript, type ScriptCheck } from '../../../src/pipelines/text/fact-check.js';
import { phraseBankFor } from '../../../src/pipelines/text/phrase-banks/index.js';
import { productFactsFromLink } from '../../../src/pipelines/text/product-facts.js';
import { productName } from '../../../src/pipelines/text/read-facts.js';
import { SCRIPT_STYLE_NAMES } from '../../../src/pipelines/text/script-styles.js';
import { shortProductName } from '../../../src/pipelines/text/short-name.js';
import { adWordRange } from '../../../src/pipelines/text/word-budget.js';
import { type AdScript, writeAdScript } from '../../../src/pipelines/text/write-ad-script.js';
import { linkFactsOf, PRODUCT_PAGES, type ProductPage } from '../../fixtures/product-pages/product-pages.js';

/**
 * The built-in copywriter on the product pages (issue 27 points 1, 2, 4): every style at 15, 30 and
 * 60 s, each on four of the pages in turn (so every page, style and length is covered in 360
 * scripts; `bench/script-quality.ts` runs all of them), read by the fact checker.
 */
const LENGTHS_SECONDS = [15, 30, 60] as const;
const PAGES_PER_CASE = 4;

interface Case {
  page: ProductPage;
  style: string;
  seconds: number;
  script: AdScript;
  check: ScriptCheck;
}

const cases: Case[] = SCRIPT_STYLE_NAMES.flatMap((style, s) =>
  LENGTHS_SECONDS.flatMap((seconds, l) =>
    Array.from({ length: PAGES_PER_CASE }, (_, k) => {
      const page = PRODUCT_PAGES[(s * LENGTHS_SECONDS.length + l + k * 6) % PRODUCT_PAGES.length]!;
      const facts = productFactsFromLink(linkFactsOf(page));
      const script = writeAdScript({ facts, style, videoLengthSeconds: seconds, seed: s + l });
      return { page, style, seconds, script, check: checkScript(script.text, facts) };
    }),
  ),
);
const label = (c: Case) => `${c.page.id} ${c.style} ${c.seconds}s`;
const ids = (c: Case) => new Set(c.check.factsUsed.map((f) => f.id));

describe('built-in scripts over the product pages', () => {
  it('cover every page, style and length', () => {
    expect(PRODUCT_PAGES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(PRODUCT_PAGES.map((p) => p.industry)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(cases.map((c) => c.page.id)).size).toBe(PRODUCT_PAGES.length);
    expect(new Set(cases.map((c) => `${c.style} ${c.seconds}`)).size).toBe(SCRIPT_STYLE_NAMES.length * LENGTHS_SECONDS.length);
  });

  it('invent nothing: no number, superlative or attribute the page does not give', () => {
    expect(cases.filter((c) => c.check.invented.length).map((c) => `${label(c)}: ${JSON.stringify(c.check.invented)}`)).toEqual([]);
  });

  it('carry a page fact in at least 70 % of their sentences, in every style at least 60 %', () => {
    const share = (list: Case[]) => {
      const sentences = list.flatMap((c) => c.check.sentences);
      return sentences.filter((s) => s.carriesFact).length / sentences.length;
    };
    expect(share(cases)).toBeGreaterThanOrEqual(0.7);
    const weak = SCRIPT_STYLE_NAMES.map((style) => [style, share(cases.filter((c) => c.style === style))] as const).filter(([, s]) => s < 0.6);
    expect(weak).toEqual([]);
  });

  it('say the price, the rating with its count, three features or specs from 30 s and a review quote at 60 s', () => {
    const missing: string[] = [];
    for (const c of cases) {
      const said = ids(c);
      if (!said.has('price') || !said.has('rating') || !said.has('count')) missing.push(`${label(c)}: price or rating`);
      if (c.seconds >= 30 && c.check.featuresUsed < 3) missing.push(`${label(c)}: ${c.check.featuresUsed} features`);
      if (c.seconds === 60 && ![...said].some((id) => id.startsWith('review'))) missing.push(`${label(c)}: no review quote`);
    }
    expect(missing).toEqual([]);
    const quoted30 = cases.filter((c) => c.seconds === 30 && [...ids(c)].some((id) => id.startsWith('review'))).length;
    expect(quoted30 / cases.filter((c) => c.seconds === 30).length).toBeGreaterThanOrEqual(0.4);
  });

  it('lead with the main benefit: in the first three sentences, or right as the product comes in (after a problem and its agitation)', () => {
    const late = cases.filter((c) => {
      const at = c.check.sentences.findIndex((s) => s.facts.some((f) => f.id === 'benefit' || f.id === 'feature:0' || f.id === 'description:0'));
      const named = c.check.sentences.findIndex((s) => s.facts.some((f) => f.kind === 'name'));
      return at < 0 || at > Math.max(2, named + 1);
    });
    expect(late.map(label)).toEqual([]);
  });

  it('fill the time with words at an ad pace: 30 s → 70–85, 60 s → 140–170 unless every fact is said, 15 s → 35–60', () => {
    const off: string[] = [];
    for (const c of cases) {
      const { min, max } = adWordRange(c.seconds);
      const words = c.script.wordCount;
      const everyFeature =
        new Set(c.script.sentences.filter((s) => s.about.fact === 'feature').map((s) => s.about.featureIndex)).size === c.script.features.length;
      // A 15 s ad with its price, rating and count can run past 45 words on long names, and a
      // three-reasons ad says three whole features: never past 60 (northroast's long lead feature).
      const ceiling = c.seconds === 15 ? 60 : max;
      if (words > ceiling || (words < min && !everyFeature)) off.push(`${label(c)}: ${words} words`);
    }
    expect(off).toEqual([]);
    const fifteen = cases.filter((c) => c.seconds === 15);
    // Weak spot: at the default rate, well over half of the 15 s scripts run 46–60 words (hook,
    // benefit, rating with count, price and call to action). Through the video pipeline, which
    // measures the voice and rewrites, all 24 pages' 15 s ads had 35–45 (bench/ad-pace.ts).
    expect(fifteen.filter((c) => c.script.wordCount <= 45).length / fifteen.length).toBeGreaterThanOrEqual(0.35);
  });

  it('name the product in full once, then by brand and model line (never a size)', () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const full = productName(c.page.title);
      const short = shortProductName(full, c.page.brand);
      if (short !== c.page.shortName) wrong.push(`${c.page.id}: short name ${short}`);
      if (full !== short && c.script.text.split(full).length - 1 > 1) wrong.push(`${label(c)}: full name twice`);
    }
    expect([...new Set(wrong)]).toEqual([]);
    for (const page of PRODUCT_PAGES) expect(page.shortName, page.id).not.toMatch(/\d+\s?(?:oz|ml|l|mm|cm|qt|lb|kg|g|in)\b/i);
  });

  it('open on the product, its category or a fact: never a line that could sell anything', () => {
    const categories = phraseBankFor('en').categories;
    const generic = cases.filter((c) => {
      const first = c.check.sentences[0]!;
      const category = categories[c.page.industry] ?? '';
      return !first.facts.length && !(category && first.text.includes(category));
    });
    expect(generic.map((c) => `${label(c)}: ${c.check.sentences[0]!.text}`)).toEqual([]);
  });
});
