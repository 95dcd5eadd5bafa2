import { splitSentences } from '../speech/text/sentences.js';
import type { ProductFacts } from './product-facts.js';

/** Review facts the scripts can quote; nothing here is invented. */
export interface ReviewFacts {
  rating: number | null;
  count: number | null;
  quotes: { text: string; author: string | null }[];
}

const TITLE_SEPARATORS = /\s+[–—|·•]\s+|\s+-\s+|\s*::\s*|:\s+/;
const MAX_NAME_WORDS = 8;
const MAX_FEATURE_WORDS = 14;
const MAX_DESCRIPTION_POINT_WORDS = 20;
const MAX_POINTS = 8;
const MAX_QUOTE_WORDS = 24;

/**
 * The product's spoken name: the title's first part ("Aurora Lamp – Bright Home" → "Aurora Lamp"),
 * cut before a comma or bracket and before what it is "for" or comes "with", at most eight words.
 */
export function productName(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (!clean) return '';
  const parts = clean
    .split(TITLE_SEPARATORS)
    .map((p) => p.trim())
    .filter((p) => p.length >= 2);
  let name = parts[0] ?? clean;
  name = name.split(/\s*[,([]\s*/)[0] ?? name;
  // "Robot Vacuum and Mop with Self-Empty Base" → "Robot Vacuum": the rest is a feature.
  name = name.replace(/^(\S+(?:\s+\S+)+?)\s+(?:with|for|and|featuring|including|by)\s.*$/i, '$1');
  let words = name.split(' ');
  if (words.length > MAX_NAME_WORDS) words = words.slice(0, MAX_NAME_WORDS);
  while (words.length > 1 && /^(?:with|for|and|the|a|an|of|to|in|&)$/i.test(words[words.length - 1]!)) words = words.slice(0, -1);
  // A size at the end ("Yoga Mat 6 mm", "Serum 30 ml") is the variant bought, not the name said.
  if (
    words.length > 3 &&
    /^\d+(?:[.,]\d+)?$/.test(words[words.length - 2]!) &&
    /^(?:oz|ml|l|mm|cm|kg|g|lb|lbs|qt|in|pack|count|ct|iu|mg)$/i.test(words[words.length - 1]!)
  )
    words = words.slice(0, -2);
  return words.join(' ').replace(/[.!?:;]+$/, '');
}

export { shortProductName } from './short-name.js';

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

function stripEnd(s: string): string {
  return s
    .trim()
    .replace(/^[-•*·–—\s]+/, '')
    .replace(/[\s.!?;:,]+$/, '')
    .trim();
}

const LIST_AND = /\s+(?:and|y|e|et|und|&)\s+/i;

/** A comma list of short items ("Dimmable, quiet and easy to set up") → its items, else null. */
function listItems(sentence: string): string[] | null {
  const body = stripEnd(sentence);
  const commaParts = body.split(/\s*[,;]\s*/);
  if (commaParts.length < 2) return null;
  const last = commaParts.pop()!;
  const lastParts = last.split(LIST_AND);
  const items = [...commaParts, ...lastParts].map(stripEnd).filter(Boolean);
  if (items.length < 3 || items.some((i) => wordCount(i) > 6)) return null;
  // A short list ("dimmable, quiet and easy to set up") reads better said as one point.
  if (wordCount(body) <= 10) return [body];
  return items;
}

/**
 * Selling points from a description: list items, short sentences, or the first clause of a long
 * one. Kept as the page wrote them; the copywriter only frames them.
 */
export function extractFeatures(description: string, name = ''): string[] {
  const features: string[] = [];
  const add = (raw: string, maxWords = MAX_FEATURE_WORDS) => {
    const f = stripEnd(raw);
    const n = wordCount(f);
    if (n === 0 || n > maxWords) return;
    if (f.toLowerCase() === name.toLowerCase()) return;
    if (features.some((x) => x.toLowerCase() === f.toLowerCase())) return;
    features.push(f);
  };
  const text = description
    .replace(/\s*[\r\n]+\s*[-•*·]\s*/g, '. ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const sentence of splitSentences(text)) {
    const items = listItems(sentence);
    if (items) {
      for (const item of items) add(item);
      continue;
    }
    // A description's sentence is a point as it stands when it fits a breath.
    if (wordCount(sentence) <= MAX_DESCRIPTION_POINT_WORDS) {
      add(sentence, MAX_DESCRIPTION_POINT_WORDS);
      continue;
    }
    const clause = sentence.split(/\s*[,;:–—]\s*/)[0] ?? '';
    if (wordCount(clause) >= 3) add(clause);
  }
  return features.slice(0, 8);
}

export function cleanFeatures(features: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of features) {
    const f = stripEnd(String(raw).replace(/\s+/g, ' '));
    if (f && wordCount(f) <= MAX_FEATURE_WORDS && !out.some((x) => x.toLowerCase() === f.toLowerCase())) out.push(f);
  }
  return out.slice(0, 8);
}

function num(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v.replace(',', '.')) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function quoteFrom(item: unknown): { text: string; author: string | null } | null {
  if (typeof item === 'string') return item.trim() ? { text: item.trim(), author: null } : null;
  if (!item || typeof item !== 'object') return null;
  const o = item as Record<string, unknown>;
  const text = [o.text, o.body, o.content, o.review, o.reviewBody].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
  if (!text) return null;
  const author = [o.author, o.name, o.user].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
  return { text: text.trim(), author: author?.trim() ?? null };
}

/** Reads the shapes reviews arrive in (scraped, or whatever `link_with_params` was given). */
export function readReviews(reviews: unknown): ReviewFacts {
  const out: ReviewFacts = { rating: null, count: null, quotes: [] };
  let items: unknown[] = [];
  if (Array.isArray(reviews)) items = reviews;
  else if (typeof reviews === 'string') items = [reviews];
  else if (reviews && typeof reviews === 'object') {
    const o = reviews as Record<string, unknown>;
    out.rating = num(o.rating ?? o.ratingValue ?? o.average);
    out.count = num(o.count ?? o.reviewCount ?? o.total);
    if (Array.isArray(o.items)) items = o.items;
    else if (Array.isArray(o.reviews)) items = o.reviews;
  }
  if (out.rating !== null && (out.rating <= 0 || out.rating > 5)) out.rating = null;
  if (out.count !== null && (out.count < 1 || !Number.isInteger(out.count))) out.count = null;
  for (const item of items) {
    const q = quoteFrom(item);
    if (!q) continue;
    // A quote is spoken: keep its first sentence or two, within a short breath.
    const sentences = splitSentences(q.text.replace(/\s+/g, ' '));
    let text = '';
    for (const s of sentences) {
      if (wordCount(`${text} ${s}`) > MAX_QUOTE_WORDS) break;
      text = text ? `${text} ${s}` : s;
    }
    if (text) out.quotes.push({ text, author: q.author });
  }
  // Shorter quotes first: they fit short videos and read better aloud.
  out.quotes.sort((a, b) => wordCount(a.text) - wordCount(b.text));
  return out;
}

export type PlatformGroup = 'short_video' | 'youtube' | 'feed' | 'web';

export function platformGroup(platform: string | null | undefined): PlatformGroup {
  const p = (platform ?? '').toLowerCase();
  if (/tik ?tok|instagram|reels|snap/.test(p)) return 'short_video';
  if (/youtube|shorts/.test(p)) return 'youtube';
  if (/facebook|meta|linkedin|pinterest|twitter|\bx\b/.test(p)) return 'feed';
  return 'web';
}

/**
 * The page's selling points, its listed features first (they are what the shop chose to
 * highlight), then the points its description makes.
 */
export function factsFeatures(facts: ProductFacts, name: string): string[] {
  const fromDescription = extractFeatures(facts.description ?? '', name);
  if (!facts.features?.length) return fromDescription;
  const listed = cleanFeatures(facts.features);
  const more = fromDescription.filter((d) => !listed.some((f) => f.toLowerCase() === d.toLowerCase()));
  return [...listed, ...more].slice(0, MAX_POINTS);
}

/** Spec names said as a verb before their value ("holds 32 oz", "weighs 230 g"). */
const SPEC_VERBS: [RegExp, string][] = [
  [/^(?:capacity|volume)$/i, 'holds'],
  [/^(?:weight|net weight|package weight|carrier weight)$/i, 'weighs'],
  [/^(?:dimensions)$/i, 'measures'],
  [/^(?:compatible|compatibility|fits)$/i, 'fits'],
  [/^(?:platforms?|available on)$/i, 'on'],
  [/^(?:origin|made in)$/i, 'from'],
  [/^(?:age|ages)$/i, 'for ages'],
];
/** Spec names said after the value ("90 gummies per pack", "1 gummy per serving"). */
const SPEC_AFTER: [RegExp, string][] = [
  [/^(?:count|quantity|pack size|pack|pieces|contents|units)$/i, 'per pack'],
  [/^(?:serving|serving size|dose|dosage)$/i, 'per serving'],
];
/** Spec names whose value says it all ("18/8 stainless steel"). */
const SPEC_VALUE_ALONE = /^(?:size|material|fabric|upper|lining|magnet|firmness|finish|skin type|key ingredients|ingredients)$/i;

/**
 * A spec row said as a selling point: English puts the value first ("300 ml capacity", "holds 32
 * oz", "18/8 stainless steel"); other languages keep "Kapazität: 300 ml".
 */
export function specPoint(spec: { name: string; value: string }, language: string): string {
  const name = spec.name.trim();
  const value = spec.value.trim();
  if (language !== 'en') return `${name}: ${value}`;
  const bareName = name.replace(/\s*\([^)]*\)/g, '').trim();
  const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
  const verb = SPEC_VERBS.find(([re]) => re.test(bareName))?.[1];
  if (verb) return `${verb} ${lowerFirst(value)}`;
  const after = SPEC_AFTER.find(([re]) => re.test(bareName))?.[1];
  if (after) return `${lowerFirst(value)} ${after}`;
  if (SPEC_VALUE_ALONE.test(bareName)) return lowerFirst(value);
  // "All skin types" already names its spec; "Included" says a certificate is.
  if (value.toLowerCase().includes(bareName.toLowerCase())) return lowerFirst(value);
  if (/^(?:yes|included)$/i.test(value)) return `${lowerFirst(bareName)} included`;
  return `${lowerFirst(value)} ${lowerFirst(bareName)}`;
}

/** The product's main benefit and where it comes from: a feature (its index), the description or the title. */
export interface MainBenefit {
  text: string;
  featureIndex: number | null;
}

const MAX_BENEFIT_WORDS = 14;

/**
 * What an ad leads with: the title's claim ("… – Cold 24 h, Hot 12 h") said in the words of the
 * feature that makes it ("Keeps drinks cold for 24 hours and hot for 12"), else the first listed
 * feature (what the shop chose to say first), else the description's first sentence when it is
 * short, else the title's claim.
 */
export function mainBenefit(title: string, description: string, features: readonly string[]): MainBenefit | null {
  const clean = title.replace(/\s+/g, ' ').trim();
  const claim = clean.split(TITLE_SEPARATORS).slice(1).join(', ').trim();
  const tokens = (s: string) => new Set((s.toLowerCase().match(/[\p{L}\d]+/gu) ?? []).filter((w) => w.length > 2 || /\d/.test(w)));
  if (claim) {
    const want = tokens(claim);
    const index = features.findIndex((f) => {
      const have = tokens(f);
      const shared = [...want].filter((w) => have.has(w) || have.has(`${w}s`)).length;
      return shared >= 2 || (shared >= 1 && want.size <= 2);
    });
    if (index >= 0) return { text: features[index]!, featureIndex: index };
  }
  if (features[0]) return { text: features[0], featureIndex: 0 };
  const first = splitSentences(description.replace(/\s+/g, ' ').trim())[0];
  if (first && wordCount(first) <= MAX_BENEFIT_WORDS && wordCount(first) >= 4) return { text: stripEnd(first), featureIndex: null };
  return claim && wordCount(claim) >= 2 ? { text: claim, featureIndex: null } : null;
}
