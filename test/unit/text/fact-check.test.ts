import { describe, expect, it } from 'vitest';
import { checkScript, factCheckerFor, scriptSentences } from '../../../src/pipelines/text/fact-check.js';
import type { ProductFacts } from '../../../src/pipelines/text/product-facts.js';

const FLASK: ProductFacts = {
  title: 'TrailFlask Summit 32 oz Insulated Water Bottle – Cold 24 h, Hot 12 h',
  description: 'Double-wall vacuum insulated stainless steel bottle for hikes, commutes and the gym.',
  brand: 'TrailFlask',
  features: ['Keeps drinks cold for 24 hours and hot for 12', 'Leak-proof chug lid with a carry loop', 'Fits most cup holders', 'Dishwasher-safe lid'],
  specs: [
    { name: 'Capacity', value: '32 oz' },
    { name: 'Weight', value: '15.2 oz' },
    { name: 'Material', value: '18/8 stainless steel' },
  ],
  price: { amount: 34.95, currency: 'USD' },
  reviews: {
    rating: 4.7,
    count: 2318,
    items: [
      { author: 'Dana', text: 'Ice was still rattling after a full day in a hot car.' },
      { author: 'Luis', text: 'The lid never leaked in my backpack.' },
    ],
  },
};

describe('fact check', () => {
  const checker = factCheckerFor(FLASK);

  it('finds the page facts a sentence carries', () => {
    const ids = (s: string) => checker.checkSentence(s).facts.map((f) => f.id);
    expect(ids('It keeps drinks cold for 24 hours and hot for 12.')).toContain('feature:0');
    expect(ids('The lid is leak-proof, with a carry loop.')).toContain('feature:1');
    expect(ids('It holds 32 oz.')).toContain('spec:0');
    expect(ids('All of that for $34.95.')).toEqual(['price']);
    expect(ids('Rated 4.7 out of 5 by 2,318 customers.')).toEqual(['rating', 'count']);
    expect(ids('One hiker said: “Ice was still rattling after a full day in a hot car.”')).toContain('review:0');
    expect(ids('A reviewer wrote: the lid never leaked in my backpack.')).toContain('review:1');
    expect(ids('Cold 24 h, hot 12 h.')).toContain('benefit');
    // Naming the product says nothing of it.
    const named = checker.checkSentence('Meet the TrailFlask Summit.');
    expect(named.facts.map((f) => f.id)).toEqual(['name']);
    expect(named.carriesFact).toBe(false);
    // A spec's name without its value is not the spec.
    expect(ids('Check the capacity.')).not.toContain('spec:0');
  });

  it('reports numbers, superlatives and attributes the page does not give', () => {
    const claims = (s: string) => checker.checkSentence(s).invented.map((c) => `${c.kind}:${c.text}`);
    expect(claims('It keeps drinks cold for 48 hours.')).toEqual(['number:48 hours']);
    expect(claims('The best bottle you will ever own.')).toEqual(['superlative:best', 'superlative:you will ever']);
    expect(claims('Fully waterproof and on sale.')).toEqual(['attribute:waterproof', 'attribute:sale']);
    expect(claims('Save 20 percent off today.')).toEqual(['number:20 percent', 'attribute:percent off']);
    expect(claims('Thirty colours to choose from.')).toEqual(['number:thirty colours']);
    // The page's 12 hours, spelled.
    expect(claims('Hot for twelve hours.')).toEqual([]);
    // What the page says, and the script's own framing, are not claims.
    expect(claims('Insulated, leak-proof and dishwasher-safe.')).toEqual([]);
    expect(claims('Reason number two: it fits most cup holders.')).toEqual([]);
    expect(claims('Here are three reasons to get it.')).toEqual([]);
    expect(claims('Rated 4.7 out of 5 by 2,318 customers.')).toEqual([]);
    expect(claims('And the best part: it fits most cup holders.')).toEqual([]);
  });

  it('sums a script: share of sentences with a fact, features used, invented claims', () => {
    const text =
      'Stop scrolling.\n\nKeeps drinks cold for 24 hours and hot for 12. Fits most cup holders. It is the best bottle ever made.\n\nGet it for $34.95.';
    expect(scriptSentences(text)).toHaveLength(5);
    const check = checkScript(text, FLASK);
    expect(check.factShare).toBeCloseTo(3 / 5);
    expect(check.featuresUsed).toBe(2);
    expect(check.factsUsed.map((f) => f.id).sort()).toEqual(['benefit', 'feature:0', 'feature:2', 'price']);
    expect(check.invented.map((c) => c.text)).toEqual(['best', 'ever made']);
  });

  it('reads numbers as other languages write them', () => {
    const de = checkScript('Nur 34,95 € und 4,7 Sterne aus 2.318 Bewertungen.', FLASK);
    expect(de.factsUsed.map((f) => f.id).sort()).toEqual(['count', 'price', 'rating']);
    expect(de.invented).toEqual([]);
  });
});
