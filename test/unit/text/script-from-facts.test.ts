import { describe, expect, it } from 'vitest';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';
import { SCRIPT_STYLE_NAMES } from '../../../src/pipelines/text/script-styles.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { FACTS_PAGE, FACTS_PAGE_HTML } from '../../fixtures/pages/facts-page.js';

/** Lines the old phrase banks said of any product; the facts page supports none of them. */
const INVENTED = [
  'easy to use every day',
  'made to last',
  'saves you time',
  'looks great anywhere',
  'thoughtful gift',
  'everyday life a little easier',
  "you'll notice the difference",
  'it just works',
  'hard to go back',
  'tend to stick with it',
  'simple to use',
  'no learning curve',
  'does exactly what it says',
  'deal on right now',
  'the quality is obvious',
];

const page = readProductPage(FACTS_PAGE_HTML, 'https://verda.test/p/bloom');
const facts = factsFrom({ ...page, siteName: page.siteName ?? null, brand: page.brand ?? null }, 'link-1');

function script(style: string, seconds: number, seed = 7) {
  return builtInScriptWriter({ facts, style, videoLengthSeconds: seconds, language: 'en', wordsPerSecond: 3.05, seed }).text;
}

const said = (text: string, fact: string) => text.toLowerCase().includes(fact.toLowerCase());
const occurrences = (text: string, s: string) => text.split(s).length - 1;

describe('a 30 s script from a page with known facts', () => {
  const text = script('DiscoveryWriter', 30);

  it('says the price, the rating with its count and at least two listed features', () => {
    expect(text).toContain(FACTS_PAGE.price);
    expect(text).toContain(FACTS_PAGE.rating);
    expect(text).toContain(FACTS_PAGE.count);
    expect(FACTS_PAGE.features.filter((f) => said(text, f)).length).toBeGreaterThanOrEqual(2);
  });

  it('names the product in full once, then by its short name', () => {
    expect(occurrences(text, FACTS_PAGE.fullName)).toBeLessThanOrEqual(1);
    expect(occurrences(text, 'Verda Bloom')).toBeGreaterThanOrEqual(2);
  });

  it('states no claim the page does not make', () => {
    for (const claim of INVENTED) expect(said(text, claim), claim).toBe(false);
  });
});

describe('every style, at every length', () => {
  for (const style of SCRIPT_STYLE_NAMES) {
    it(`${style}: price and rating with count said, nothing invented, the full name at most once`, () => {
      for (const seconds of [15, 30, 60]) {
        const text = script(style, seconds, seconds);
        expect(text, `${style} ${seconds}s`).toContain(FACTS_PAGE.price);
        expect(text, `${style} ${seconds}s`).toContain(`${FACTS_PAGE.count}`);
        for (const claim of INVENTED) expect(said(text, claim), `${style} ${seconds}s: ${claim}`).toBe(false);
        expect(occurrences(text, FACTS_PAGE.fullName), `${style} ${seconds}s`).toBeLessThanOrEqual(1);
      }
    });
  }
});

it('a quote from the reviews is said where the style has room for a second proof', () => {
  const text = script('ProblemSolutionV2', 45);
  expect(text).toContain(FACTS_PAGE.review);
});
