import type { PhraseBank } from './phrase-banks/types.js';

/** Everything a template slot can be filled with; null means the facts do not have it. */
export interface SlotValues {
  product: string;
  brand: string | null;
  category: string;
  audience: string;
  price: string | null;
  rating: string | null;
  count: string | null;
  quote: string | null;
  /** The second review's quote, for a second proof. */
  quote2: string | null;
  author: string | null;
  /** The product's main benefit (`mainBenefit`), as said mid-sentence. */
  benefit: string | null;
  year: string;
  points: string | null;
  action: string;
}

/** What one filled template used, so each sentence can say what it is about. */
export interface FillUse {
  slots: Set<string>;
}

const SLOT = /\{(\w+)\}/g;

/**
 * Templates are the phrase banks' constants, read hundreds of times while a script is sized to its
 * budget, so their slots are parsed once. Bounded in case a caller passes other text.
 */
const SLOTS_SEEN = new Map<string, readonly string[]>();
const SLOTS_SEEN_MAX = 10_000;

export function slotsOf(template: string): readonly string[] {
  let slots = SLOTS_SEEN.get(template);
  if (!slots) {
    slots = Object.freeze([...template.matchAll(SLOT)].map((m) => m[1]!));
    if (SLOTS_SEEN.size >= SLOTS_SEEN_MAX) SLOTS_SEEN.clear();
    SLOTS_SEEN.set(template, slots);
  }
  return slots;
}

export function upperFirst(s: string): string {
  const first = s.codePointAt(0);
  if (first === undefined) return s;
  const ch = String.fromCodePoint(first);
  return ch.toLocaleUpperCase() + s.slice(ch.length);
}

/**
 * A selling point placed mid-sentence starts in lower case ("Plus: quiet") unless its first word is
 * an acronym, a mixed-case name (iPhone, USB-C) or a word of the product's name; German keeps
 * its capitals (nouns).
 */
export function pointMidSentence(point: string, bank: PhraseBank, productName: string): string {
  if (bank.keepPointCase) return point;
  const firstWord = (point.split(/\s+/)[0] ?? '').replace(/[,;:.!?]+$/, '');
  if (!/^\p{Lu}[\p{Ll}'’-]*$/u.test(firstWord)) return point;
  if (productName.split(/\s+/).some((w) => w === firstWord)) return point;
  return firstWord.toLocaleLowerCase() + point.slice(firstWord.length);
}

/** A point mid-sentence as the bank says it after a lead-in (English gives a subjectless feature its "it"). */
function saidPoint(point: string, bank: PhraseBank, productName: string): string {
  const mid = pointMidSentence(point, bank, productName);
  return bank.sayPoint ? bank.sayPoint(mid) : mid;
}

/** A template can be used when every slot it names has a value (and a point is left for {point}). */
export function canFill(template: string, values: SlotValues, pointsLeft: number, nth: number | null): boolean {
  for (const slot of slotsOf(template)) {
    switch (slot) {
      case 'point':
      case 'Point':
        if (pointsLeft <= 0) return false;
        break;
      case 'nth':
      case 'Nth':
        if (nth === null) return false;
        break;
      case 'action':
      case 'Action':
        break;
      case 'Benefit':
        if (!values.benefit) return false;
        break;
      default: {
        const v = values[slot as keyof SlotValues];
        if (v === null || v === undefined || v === '') return false;
      }
    }
  }
  return true;
}

/** Fills a template; `point` is the selling point it consumes (if it names one). */
export function fillTemplate(template: string, values: SlotValues, bank: PhraseBank, extra: { point: string | null; nth: number | null }): string {
  let text = template.replace(SLOT, (_m, slot: string) => {
    switch (slot) {
      case 'point':
        return saidPoint(extra.point ?? '', bank, values.product);
      case 'Point':
        return upperFirst(saidPoint(extra.point ?? '', bank, values.product));
      case 'nth':
        return bank.numberWords[(extra.nth ?? 1) - 1] ?? String(extra.nth);
      case 'Nth':
        return upperFirst(bank.numberWords[(extra.nth ?? 1) - 1] ?? String(extra.nth));
      case 'Benefit':
        return upperFirst(values.benefit ?? '');
      case 'action':
        return values.action;
      case 'Action':
        return upperFirst(values.action);
      default:
        return String(values[slot as keyof SlotValues] ?? '');
    }
  });
  // French puts a space before ? ! : ; — only a space before . or , is a filling artefact.
  text = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,])/g, '$1')
    .trim();
  // Spanish and French open questions and exclamations with their own marks; keep those.
  text = upperFirst(text.replace(/^([¿¡«„“"]?)(\p{Ll})/u, (_m, lead: string, ch: string) => lead + ch.toLocaleUpperCase()));
  if (!/[.!?…"”»“]$/.test(text)) text += '.';
  return bank.polish ? bank.polish(text) : text;
}
