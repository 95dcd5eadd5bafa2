import type { CategorySignals } from './category-signals.js';
import { INDUSTRY_TERMS, NEUTRAL_TERMS, type ProductIndustry } from './industry-terms.js';
import { TermMatcher, wordsOf, type TermMatch } from './term-matcher.js';

/**
 * Names the term lists and weights that class a page now. A link classed by an earlier version is
 * classed again when read (`storedLinkFacts`); change it when a change to them should reach saved links.
 */
export const INDUSTRY_MODEL_VERSION = 'page-terms-1';

/** What a page says about itself, the parts that tell its industry. */
export interface IndustrySignals {
  title: string;
  description: string;
  features?: readonly string[];
  specs?: readonly { name: string; value: string }[];
  categorySignals?: CategorySignals;
}

/** Where a signal was read, and how far it is trusted. */
export type SignalField = 'category' | 'breadcrumbs' | 'ogType' | 'title' | 'keywords' | 'features' | 'specs' | 'description';

/**
 * How far each place on a page is trusted: the shop's own filing (category, breadcrumbs) most,
 * then the product's name, then the feature list, then the prose, which talks about what the
 * product is used with ("keeps your coffee hot") as much as about what it is.
 */
export const FIELD_WEIGHTS: Record<SignalField, number> = {
  category: 4,
  breadcrumbs: 4,
  ogType: 3,
  title: 3,
  keywords: 1.5,
  features: 1.5,
  specs: 1,
  description: 1,
};

/** The title's product noun ("… Water Bottle with Straw Lid") counts this much more again. */
const HEAD_NOUN_BONUS = 1;
/** A bare text's first this many words at most stand for its title. */
const MAX_TEXT_TITLE_WORDS = 16;
/** A title's terms after "with" or "for" count this share. */
const TAIL_SHARE = 0.5;
/** Words that name who a product is for; in a title they decide like its product noun. */
const AUDIENCES: Partial<Record<ProductIndustry, Set<string>>> = {
  Pets: new Set(['dog', 'dogs', 'puppy', 'puppies', 'cat', 'cats', 'kitten', 'kittens', 'pet', 'pets'].map((w) => wordsOf(w).join(' '))),
  'Baby Kids & Maternity': new Set(['baby', 'babies', 'infant', 'newborn', 'toddler', 'kids', 'children'].map((w) => wordsOf(w).join(' '))),
};
/** One field's words add at most this much per industry, so a long description cannot outvote the title. */
const FIELD_CAP = 6;
/** Below this score no industry has been shown: the page is "Others". */
const MIN_SCORE = 4;
/** Words after which a title says what the product goes with, not what it is ("… for Dogs", "… with Lid"). */
const TITLE_QUALIFIERS = new Set(['with', 'for', 'by', 'featuring', 'incl', 'including', 'plus', 'w']);
/** Where a title stops naming the product and lists its variant. */
const TITLE_BREAK = /\s[-–—|]\s|[,(:;]/;
/** Where a title turns to the variant: a comma, a dash or a bracket (not a colon, which often comes before the product noun). */
const VARIANT_BREAK = /\s[-–—|]\s|[,(]/;
/** og:type values that name an industry on their own. */
const OG_TYPES: Record<string, ProductIndustry> = {
  'books.book': 'News & Entertainment',
  book: 'News & Entertainment',
  'video.movie': 'News & Entertainment',
  'video.tv_show': 'News & Entertainment',
  'video.episode': 'News & Entertainment',
  'music.song': 'News & Entertainment',
  'music.album': 'News & Entertainment',
  game: 'Games',
  'restaurant.restaurant': 'Food & Beverage',
  'restaurant.menu': 'Food & Beverage',
};

export interface IndustryEvidence {
  field: SignalField;
  term: string;
  industry: ProductIndustry;
  points: number;
}

export interface IndustryVerdict {
  /** One of the contract's industries; "Others" when no industry scored enough. */
  industry: string;
  /** The best industries with their scores, best first (at most three). */
  ranking: { industry: ProductIndustry; score: number }[];
  /** Every term that counted, for a person to see why. */
  evidence: IndustryEvidence[];
}

interface Term {
  industry: ProductIndustry | null;
  weight: number;
}

const matcher = buildMatcher();

function buildMatcher(): TermMatcher<Term> {
  const m = new TermMatcher<Term>();
  // One entry per (words, industry): a term listed twice counts at its higher weight.
  const best = new Map<string, { term: string; value: Term }>();
  for (const [industry, levels] of Object.entries(INDUSTRY_TERMS) as [ProductIndustry, Partial<Record<1 | 2 | 3, string>>][]) {
    for (const [level, list] of Object.entries(levels)) {
      for (const term of splitList(list)) {
        const key = `${wordsOf(term).join(' ')}|${industry}`;
        const weight = Number(level);
        if ((best.get(key)?.value.weight ?? 0) < weight) best.set(key, { term, value: { industry, weight } });
      }
    }
  }
  for (const { term, value } of best.values()) m.add(term, value);
  for (const term of splitList(NEUTRAL_TERMS)) m.add(term, { industry: null, weight: 0 });
  return m;
}

function splitList(list: string): string[] {
  return list
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/**
 * Classes a product page in one of the contract's industries from its own signals. A transparent
 * model: weighted terms per industry (`INDUSTRY_TERMS`), each place on the page weighted by how
 * reliable it is (`FIELD_WEIGHTS`), the title's product noun counted again; the evidence is kept.
 */
export function classifyPage(page: IndustrySignals): IndustryVerdict {
  const scores = new Map<ProductIndustry, number>();
  const evidence: IndustryEvidence[] = [];
  const add = (field: SignalField, texts: readonly string[], headNoun = false) => {
    const perIndustry = new Map<ProductIndustry, number>();
    const seen = new Set<string>();
    const cap = FIELD_CAP * (headNoun ? 1 + HEAD_NOUN_BONUS : 1);
    for (const text of texts) {
      const words = wordsOf(text);
      const matches = matcher.matchWords(words);
      const head = headNoun ? titleHead(text, words, matches) : { at: -1, tailFrom: words.length };
      for (const match of matches) {
        const { industry, weight } = match.value;
        if (!industry) continue;
        const key = `${match.term}|${industry}`;
        // Who a product is for decides its industry wherever the title names them ("… for Dogs", "Dog Car Seat Cover").
        const audience = headNoun && isAudience(match.term, industry);
        const isHead = match.at === head.at || audience;
        // What the title says it goes with or is used for ("… for Coffee and Tea") is not what it is.
        const share = match.at >= head.tailFrom && !audience ? TAIL_SHARE : 1;
        // A term counts once per field.
        const points = (seen.has(key) ? 0 : weight * share) + (isHead ? weight * HEAD_NOUN_BONUS : 0);
        seen.add(key);
        const before = perIndustry.get(industry) ?? 0;
        const counted = Math.min(cap, before + points) - before;
        if (counted <= 0) continue;
        perIndustry.set(industry, before + counted);
        evidence.push({ field, term: match.term, industry, points: counted * FIELD_WEIGHTS[field] });
      }
    }
    for (const [industry, points] of perIndustry) scores.set(industry, (scores.get(industry) ?? 0) + points * FIELD_WEIGHTS[field]);
  };

  const signals = page.categorySignals;
  add('category', signals?.categories ?? []);
  add('breadcrumbs', signals?.breadcrumbs ?? []);
  add('keywords', signals?.keywords ?? []);
  const ogIndustry = signals?.ogType ? OG_TYPES[signals.ogType] : undefined;
  if (ogIndustry) {
    const points = 3 * FIELD_WEIGHTS.ogType;
    scores.set(ogIndustry, (scores.get(ogIndustry) ?? 0) + points);
    evidence.push({ field: 'ogType', term: signals!.ogType!, industry: ogIndustry, points });
  }
  add('title', [page.title], true);
  add('features', page.features ?? []);
  add(
    'specs',
    (page.specs ?? []).map((s) => `${s.name}: ${s.value}`),
  );
  add('description', [page.description]);

  const ranking = [...scores.entries()]
    .map(([industry, score]) => ({ industry, score: Math.round(score * 10) / 10 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  const top = ranking[0];
  const forWhom = audienceOf(evidence);
  if (forWhom) return { industry: forWhom, ranking, evidence };
  return { industry: top && top.score >= MIN_SCORE ? top.industry : 'Others', ranking, evidence };
}

/**
 * A title that names who the product is for ("… for Dogs", "Toddler …") puts it in that
 * audience's industry, whatever it is made of, unless the shop files it elsewhere.
 */
function audienceOf(evidence: readonly IndustryEvidence[]): ProductIndustry | null {
  const named = evidence.find((e) => e.field === 'title' && isAudience(e.term, e.industry));
  if (!named) return null;
  const filing = new Map<ProductIndustry, number>();
  for (const e of evidence) {
    if (e.field === 'category' || e.field === 'breadcrumbs' || e.field === 'ogType') filing.set(e.industry, (filing.get(e.industry) ?? 0) + e.points);
  }
  if (filing.size === 0 || filing.has(named.industry)) return named.industry;
  return null;
}

function isAudience(term: string, industry: ProductIndustry): boolean {
  return AUDIENCES[industry]?.has(wordsOf(term).join(' ')) ?? false;
}

/**
 * Where the term that names the product starts in a title (`at`): the last term before the title
 * turns to what the product comes with or is for ("Insulated Water Bottle with Straw Lid" → water
 * bottle), and where that turn is (`tailFrom`). A title with no term before such a word falls back
 * to its last term.
 */
function titleHead(title: string, words: readonly string[], matches: readonly TermMatch<Term>[]): { at: number; tailFrom: number } {
  const qualifier = words.findIndex((w, i) => i > 0 && TITLE_QUALIFIERS.has(w));
  // "…, Chocolate, 2 lb" and "… - Blue" name a variant (a flavour, a colour), not the product.
  const variant = wordsOf(title.split(VARIANT_BREAK)[0] ?? '').length || words.length;
  return { at: headNounAt(title, words, matches), tailFrom: Math.min(qualifier < 0 ? words.length : qualifier, variant) };
}

function headNounAt(title: string, words: readonly string[], matches: readonly TermMatch<Term>[]): number {
  // Only a term that names a kind of product can be the head ("Learn Spanish …" has none).
  const counted = matches.filter((m) => m.value.industry !== null && m.value.weight === 3);
  if (counted.length === 0) return -1;
  // Sizes, counts and variants follow a comma, a dash or a bracket ("…, 24 lb Bag", "… - Blue").
  const firstPart = wordsOf(title.split(TITLE_BREAK)[0] ?? '').length;
  const qualifier = words.findIndex((w, i) => i > 0 && TITLE_QUALIFIERS.has(w));
  // Of two products joined by "and", the first is the product ("Robot Vacuum and Mop"); an "&" in a brand joins no product.
  const joined = words.findIndex((w, i) => w === 'and' && counted.some((m) => m.at + m.length === i));
  const cut = Math.min(qualifier < 0 ? words.length : qualifier, joined < 0 ? words.length : joined, firstPart || words.length);
  const before = cut < 0 ? counted : counted.filter((m) => m.at + m.length <= cut);
  return (before.length ? before : counted).at(-1)!.at;
}

/** Classes a bare text (a prompt, a title and a description): its first sentence read as the title, the rest as the description. */
export function classifyText(text: string): string {
  const words = text.trim().split(/\s+/);
  const sentenceEnd = words.findIndex((w) => /[a-z]{3,}[.!?]$/.test(w));
  const titleWords = Math.min(sentenceEnd < 0 ? words.length : sentenceEnd + 1, MAX_TEXT_TITLE_WORDS);
  return classifyPage({ title: words.slice(0, titleWords).join(' '), description: words.slice(titleWords).join(' ') }).industry;
}
