import { integerToWords } from '../speech/text/number-words.js';
import { splitSentences } from '../speech/text/sentences.js';
import type { ProductFacts } from './product-facts.js';
import { productName, readReviews, shortProductName } from './read-facts.js';
import { STOP_WORDS } from './stop-words.js';

/**
 * Fact checking of ad copy against the product page it was written from.
 *
 * For each sentence of a script: which page facts it carries (the main benefit, features, specs,
 * price, rating, review count, a review quote, the description) and which claims it makes that the
 * page does not — numbers the page never gives, superlatives ("best", "number one", "ever") and
 * product attributes ("waterproof", "organic", "on sale") the page never states. Text-based and
 * pure, so it reads any writer's output: the built-in copywriter's (its tests and the script-quality
 * bench) and a language model's (sentences with unsupported claims are dropped or rewritten).
 *
 *   const check = checkScript(text, facts);
 *   check.invented            // claims not on the page, empty when nothing is invented
 *   check.factShare           // share of sentences carrying at least one page fact
 *   check.sentences[i].facts  // what sentence i says of the page
 *
 * Superlatives and attributes are read in English only; numbers in every language.
 */

export type PageFactKind = 'benefit' | 'feature' | 'spec' | 'price' | 'rating' | 'count' | 'review' | 'description' | 'name';

export interface PageFact {
  /** Stable within one page: `feature:2`, `spec:0`, `price`, `review:1` … */
  id: string;
  kind: PageFactKind;
  /** The fact as the page wrote it. */
  text: string;
}

export type ClaimKind = 'number' | 'superlative' | 'attribute';

export interface Claim {
  kind: ClaimKind;
  /** The words of the sentence that make the claim. */
  text: string;
}

export interface SentenceCheck {
  text: string;
  /** Page facts the sentence carries; `name` (the product or brand named) is among them but does not count as a fact said. */
  facts: PageFact[];
  /** Whether it carries a page fact other than the name. */
  carriesFact: boolean;
  /** Claims the page does not support. */
  invented: Claim[];
}

export interface ScriptCheck {
  sentences: SentenceCheck[];
  /** Sentences carrying a page fact (name aside) over all sentences; 0 for an empty script. */
  factShare: number;
  /** Distinct page facts said (name aside). */
  factsUsed: PageFact[];
  /** Distinct listed features and specs said (the title's benefit and the description aside). */
  featuresUsed: number;
  invented: Claim[];
}

/** A page's facts read once, to check many sentences against. */
export interface FactChecker {
  facts: readonly PageFact[];
  checkSentence(sentence: string): SentenceCheck;
  checkScript(text: string): ScriptCheck;
}

/** Checks a whole script (sections and sentences as written) against the page. */
export function checkScript(text: string, facts: ProductFacts): ScriptCheck {
  return factCheckerFor(facts).checkScript(text);
}

const NAME_MIN_SHARE = 0.6;
const REVIEW_MIN_SHARED = 3;

interface FactMatcher {
  fact: PageFact;
  stems: string[];
  numbers: number[];
  /** How many of its stems a sentence must share to carry it. */
  needed: number;
}

export function factCheckerFor(facts: ProductFacts): FactChecker {
  const page = readPage(facts);
  const checkSentence = (sentence: string): SentenceCheck => {
    const lower = normalize(sentence).toLowerCase();
    // The product's name says nothing of it: "32 oz" in "TrailFlask 32 oz Bottle" is not the capacity said.
    const tokens = tokensOf(page.names.reduce((t, n) => t.split(n).join(' '), lower));
    const stems = new Set(tokens.words.map(stem));
    const numbers = tokens.numbers;
    const carried: PageFact[] = [];
    for (const m of page.matchers) {
      if (m.fact.kind === 'price' || m.fact.kind === 'rating' || m.fact.kind === 'count') {
        if (m.numbers.some((n) => numbers.some((v) => v.values.some((x) => near(x, n))))) carried.push(m.fact);
        continue;
      }
      if (m.numbers.length && !m.numbers.every((n) => numbers.some((v) => v.values.some((x) => near(x, n))))) {
        // A spec or feature with a number is said only with its number ("300 ml", "8 hours").
        if (m.fact.kind === 'spec') continue;
      }
      const shared = m.stems.filter((s) => stems.has(s)).length;
      const numberShared = m.numbers.filter((n) => numbers.some((v) => v.values.some((x) => near(x, n)))).length;
      if (shared + numberShared >= m.needed) carried.push(m.fact);
    }
    if (page.names.some((n) => n && lower.includes(n))) carried.unshift({ id: 'name', kind: 'name', text: page.names[0]! });
    const invented = [...inventedNumbers(sentence, tokensOf(sentence).numbers, page.numbers), ...inventedWords(lower, page)];
    return { text: sentence, facts: carried, carriesFact: carried.some((f) => f.kind !== 'name'), invented };
  };
  return {
    facts: page.matchers.map((m) => m.fact),
    checkSentence,
    checkScript(text) {
      const sentences = scriptSentences(text).map(checkSentence);
      const used = new Map<string, PageFact>();
      for (const s of sentences) for (const f of s.facts) if (f.kind !== 'name') used.set(f.id, f);
      const factsUsed = [...used.values()];
      return {
        sentences,
        factShare: sentences.length ? sentences.filter((s) => s.carriesFact).length / sentences.length : 0,
        factsUsed,
        featuresUsed: factsUsed.filter((f) => f.kind === 'feature' || f.kind === 'spec').length,
        invented: sentences.flatMap((s) => s.invented),
      };
    },
  };
}

/** A script's sentences: its paragraphs split at sentence ends. */
export function scriptSentences(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .flatMap((p) => splitSentences(p.replace(/\s+/g, ' ').trim()))
    .map((s) => s.trim())
    .filter(Boolean);
}

// ——— the page ———

interface ReadPage {
  matchers: FactMatcher[];
  /** Lower-cased ways the product is named: full name, short name, brand. */
  names: string[];
  /** Every number the page gives. */
  numbers: Set<number>;
  /** Stems of every word on the page, for attributes and superlatives. */
  stems: Set<string>;
  text: string;
}

function readPage(facts: ProductFacts): ReadPage {
  const matchers: FactMatcher[] = [];
  const add = (fact: PageFact, share = NAME_MIN_SHARE) => {
    const t = tokensOf(fact.text);
    const stems = [...new Set(t.words.map(stem))];
    const numbers = [...new Set(t.numbers.flatMap((n) => n.values.slice(0, 1)))];
    const total = stems.length + numbers.length;
    if (!total) return;
    matchers.push({ fact, stems, numbers, needed: Math.max(1, Math.min(total, Math.ceil(total * share))) });
  };
  const title = normalize(facts.title ?? '');
  const name = productName(title);
  const titleRest = title
    .slice(title.indexOf(name) + name.length)
    .replace(/^[\s,:;|–—-]+/, '')
    .trim();
  if (titleRest && tokensOf(titleRest).words.length >= 2) add({ id: 'benefit', kind: 'benefit', text: titleRest });
  (facts.features ?? []).forEach((f, i) => {
    add({ id: `feature:${i}`, kind: 'feature', text: normalize(f) });
  });
  (facts.specs ?? []).forEach((s, i) => {
    const t = tokensOf(s.value);
    const stems = [...new Set(t.words.map(stem))];
    const numbers = [...new Set(t.numbers.flatMap((n) => n.values.slice(0, 1)))];
    // A spec is its value ("300 ml", "stainless steel"); its name alone ("capacity") says nothing.
    if (stems.length + numbers.length)
      matchers.push({
        fact: { id: `spec:${i}`, kind: 'spec', text: `${s.name}: ${s.value}` },
        stems,
        numbers,
        needed: Math.max(1, stems.length + numbers.length),
      });
  });
  splitSentences(normalize(facts.description ?? ''))
    .flatMap((s) => s.split(/\s*[;:–—,]\s*/))
    .forEach((s, i) => {
      add({ id: `description:${i}`, kind: 'description', text: s });
    });
  if (facts.price && facts.price.amount > 0)
    matchers.push({ fact: { id: 'price', kind: 'price', text: String(facts.price.amount) }, stems: [], numbers: [facts.price.amount], needed: 1 });
  const reviews = readReviews(facts.reviews);
  if (reviews.rating !== null)
    matchers.push({ fact: { id: 'rating', kind: 'rating', text: String(reviews.rating) }, stems: [], numbers: [reviews.rating], needed: 1 });
  if (reviews.count !== null)
    matchers.push({ fact: { id: 'count', kind: 'count', text: String(reviews.count) }, stems: [], numbers: [reviews.count], needed: 1 });
  const reviewTexts = reviewItems(facts.reviews);
  // Reviews are numbered in page order.
  reviews.quotes.forEach((q) => {
    const t = tokensOf(q.text);
    const stems = [...new Set(t.words.map(stem))];
    const i = Math.max(
      0,
      reviewTexts.findIndex((r) => normalize(r).startsWith(normalize(q.text).slice(0, 24))),
    );
    if (stems.length)
      matchers.push({
        fact: { id: `review:${i}`, kind: 'review', text: q.text },
        stems,
        numbers: [],
        needed: Math.min(stems.length, Math.max(REVIEW_MIN_SHARED, Math.ceil(stems.length * 0.5))),
      });
  });
  const brand = (facts.brand ?? '').trim();
  const names = [name, shortProductName(name, brand || null), brand]
    .map((n) => normalize(n).toLowerCase().trim())
    .filter((n, i, all) => n.length >= 2 && all.indexOf(n) === i);
  const text = normalize(
    [
      facts.title,
      facts.description,
      ...(facts.features ?? []),
      ...(facts.specs ?? []).map((s) => `${s.name} ${s.value}`),
      ...reviewTexts,
      brand,
      facts.siteName ?? '',
    ].join(' . '),
  ).toLowerCase();
  const numbers = new Set<number>();
  for (const n of tokensOf(text).numbers) for (const v of n.values) numbers.add(v);
  if (facts.price) numbers.add(facts.price.amount);
  if (reviews.rating !== null) numbers.add(reviews.rating);
  if (reviews.count !== null) numbers.add(reviews.count);
  return { matchers, names, numbers, stems: new Set(tokensOf(text).words.map(stem)), text };
}

function reviewItems(reviews: unknown): string[] {
  const items = Array.isArray(reviews)
    ? reviews
    : ((reviews as { items?: unknown[]; reviews?: unknown[] } | null)?.items ?? (reviews as { reviews?: unknown[] } | null)?.reviews);
  if (typeof reviews === 'string') return [reviews];
  if (!Array.isArray(items)) return [];
  return items.map((r) => {
    if (typeof r === 'string') return r;
    const o = (r ?? {}) as Record<string, unknown>;
    return String([o.text, o.body, o.content, o.review, o.reviewBody].find((v) => typeof v === 'string') ?? '');
  });
}

// ——— words and numbers ———

interface NumberToken {
  raw: string;
  /** Values the token can mean ("1.243" is 1243 in German, 1.243 in English). */
  values: number[];
  /** Where it starts in the normalized text. */
  index: number;
  spelled: boolean;
}

/** Number words a claim may be spelled in ("seven colours"), read back from the speech normaliser's own words. */
const NUMBER_WORDS: Record<string, number> = Object.fromEntries([
  ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 30, 40, 50, 60, 70, 80, 90].map((n) => [integerToWords(String(n)), n] as const),
  ['hundred', 100],
  ['thousand', 1000],
]);

function normalize(s: string): string {
  return String(s ?? '')
    .replace(/[’‘]/g, "'")
    .replace(/[“”«»„]/g, '"')
    .replace(/\s+/g, ' ');
}

function tokensOf(text: string): { words: string[]; numbers: NumberToken[] } {
  const t = normalize(text).toLowerCase();
  const words: string[] = [];
  const numbers: NumberToken[] = [];
  for (const m of t.matchAll(/\d+(?:[.,]\d+)*|[\p{L}][\p{L}'-]*/gu)) {
    const raw = m[0];
    if (/^\d/.test(raw)) {
      numbers.push({ raw, values: numberValues(raw), index: m.index, spelled: false });
      continue;
    }
    const spelled = spelledNumber(raw);
    if (spelled !== null) numbers.push({ raw, values: [spelled], index: m.index, spelled: true });
    for (const part of raw.split('-')) {
      const w = part.replace(/'s$/, '').replace(/^'+|'+$/g, '');
      if (w.length >= 2 && !isStopWord(w)) words.push(w);
    }
  }
  return { words, numbers };
}

function spelledNumber(word: string): number | null {
  if (word in NUMBER_WORDS) return NUMBER_WORDS[word]!;
  const [tens, units] = word.split('-');
  if (tens && units && tens in NUMBER_WORDS && units in NUMBER_WORDS) return NUMBER_WORDS[tens]! + NUMBER_WORDS[units]!;
  return null;
}

function numberValues(raw: string): number[] {
  const out = new Set<number>();
  if (/^\d{1,3}([,.]\d{3})+$/.test(raw)) out.add(Number(raw.replace(/[,.]/g, '')));
  if (/^\d+[.,]\d+$/.test(raw)) out.add(Number(raw.replace(',', '.')));
  if (/^\d+$/.test(raw)) out.add(Number(raw));
  if (!out.size) out.add(Number(raw.replace(/,/g, '')));
  return [...out].filter(Number.isFinite);
}

const ALL_STOP_WORDS = new Set(Object.values(STOP_WORDS).flatMap((s) => [...s]));

function isStopWord(w: string): boolean {
  return ALL_STOP_WORDS.has(w);
}

/** A crude English stem: enough for "quietly"/"quiet", "colours"/"colour", "keeps"/"keep". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  for (const suffix of ['ingly', 'ly', 'ing', 'ed', 'es', 's']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(b));
}

// ——— claims ———

/** Words before a number that make it a position in the script, not a claim ("step two", "reason 3"). */
const ORDINAL_BEFORE = /(?:step|reason|number|no\.|#|highlight|part|tip)\s*$/;
/** Words after a number that count the script's own parts ("three reasons"). */
const COUNT_AFTER = /^\s*(?:reasons?|steps?|highlights?|things?|ways?|tips?|words?|more\s+(?:time|reasons?))\b/;

function inventedNumbers(sentence: string, numbers: NumberToken[], pageNumbers: Set<number>): Claim[] {
  const lower = normalize(sentence).toLowerCase();
  const out: Claim[] = [];
  for (const n of numbers) {
    if (n.values.some((v) => pageNumbers.has(v) || [...pageNumbers].some((p) => near(p, v)))) continue;
    const before = lower.slice(Math.max(0, n.index - 16), n.index);
    const after = lower.slice(n.index + n.raw.length, n.index + n.raw.length + 24);
    if (ORDINAL_BEFORE.test(before) || COUNT_AFTER.test(after)) continue;
    // A year ("my favorite find of 2025") dates the script; it claims nothing of the product.
    if (!n.spelled && /^(?:19|20)\d\d$/.test(n.raw) && /(?:in|of|for|since)\s*$/.test(before)) continue;
    // "out of 5" is the scale of a rating, not a claim.
    if (n.values.includes(5) && /out of\s*$/.test(before)) continue;
    out.push({ kind: 'number', text: `${n.raw}${after.match(/^\s*[\p{L}%]+/u)?.[0] ?? ''}`.trim() });
  }
  return out;
}

/** Claims of being the best of something: never true of a page that does not say so itself. */
const SUPERLATIVES = [
  'best',
  'number one',
  '#1',
  'no. 1',
  'top-rated',
  'best-selling',
  'bestselling',
  'bestseller',
  'award-winning',
  'unbeatable',
  'unmatched',
  'revolutionary',
  "world's",
  'than ever',
  'ever made',
  "you'll ever",
  'you will ever',
  'of all time',
  'fastest',
  'strongest',
  'lightest',
  'cheapest',
  'smallest',
  'biggest',
  'largest',
  'longest',
  'quietest',
  'softest',
  'toughest',
  'greatest',
  'finest',
  'guaranteed',
  'proven',
  'clinically',
  'miracle',
  'perfect',
  '100%',
];

/** Product attributes and offers a page states or does not. */
const ATTRIBUTES = [
  'waterproof',
  'water-resistant',
  'leak-proof',
  'leakproof',
  'shatterproof',
  'wireless',
  'rechargeable',
  'cordless',
  'organic',
  'vegan',
  'natural',
  'non-toxic',
  'bpa-free',
  'eco-friendly',
  'sustainable',
  'recyclable',
  'recycled',
  'biodegradable',
  'dishwasher-safe',
  'machine-washable',
  'hypoallergenic',
  'gluten-free',
  'sugar-free',
  'cruelty-free',
  'dermatologist',
  'handmade',
  'lightweight',
  'portable',
  'durable',
  'compact',
  'foldable',
  'ergonomic',
  'insulated',
  'noise-cancelling',
  'quiet',
  'silent',
  'warranty',
  'money-back',
  'refund',
  'free shipping',
  'sale',
  'discount',
  'deal',
  'deals',
  'price drop',
  'percent off',
  'limited',
  'sold out',
  'selling out',
  'made to last',
  'lasts a lifetime',
  'saves you time',
];

function inventedWords(sentence: string, page: ReadPage): Claim[] {
  const out: Claim[] = [];
  // "Reason number one", "highlight number two": the script counting its own parts.
  const lowerSentence = sentence.replace(/\b(?:reason|highlight|step|tip|part)\s+number\s+\w+/g, ' ');
  const has = (phrase: string, inText: string) => new RegExp(`(^|[^\\p{L}\\d])${escapeRe(phrase)}(?![\\p{L}\\d])`, 'u').test(inText);
  for (const [kind, list] of [
    ['superlative', SUPERLATIVES],
    ['attribute', ATTRIBUTES],
  ] as const) {
    for (const phrase of list) {
      if (!has(phrase, lowerSentence)) continue;
      // "The best part:" picks which of the page's facts to say first; it claims nothing of the product.
      if (phrase === 'best' && !has('best', lowerSentence.replace(/\bthe best part\b/g, ''))) continue;
      // Supported when the page says it, or a form of it ("quietly" for "quiet").
      if (has(phrase, page.text) || (!phrase.includes(' ') && page.stems.has(stem(phrase)))) continue;
      out.push({ kind, text: phrase });
    }
  }
  return out;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
