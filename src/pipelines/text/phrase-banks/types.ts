import type { PlatformGroup } from '../read-facts.js';

/**
 * Kinds of sentence a script is built from. A style is a sequence of these; a phrase bank holds,
 * per language, several hand-written templates for each.
 */
export const BEAT_KINDS = [
  // Openers, one per hook family and per writer.
  'hook_discovery',
  'hook_question',
  'hook_negative',
  'hook_number_one',
  'hook_ever_wonder',
  'hook_secret',
  'hook_what_happens',
  'hook_anyone_else',
  'hook_amazed',
  'hook_year',
  'hook_hate_me',
  'hook_price_drop_regret',
  'benefits_open',
  'cta_open',
  'diy_open',
  'reassure_open',
  'emotion_open',
  'genz_open',
  'howto_open',
  'show_open',
  'motivation_open',
  'highlight_open',
  'lifestyle_scene',
  'response_comment',
  'offer_open',
  'story_setup',
  'reasons_open',
  'trend_open',
  'brand_origin',
  'problem_story',
  // Body.
  'intro',
  'point',
  'benefit',
  'recap',
  'audience',
  'problem',
  'agitate',
  'solution',
  'alternatives_failed',
  'brand_mission',
  'brand_today',
  'diy_fail',
  'diy_result',
  'step1',
  'step2',
  'step3',
  'step4',
  'reassure',
  'reassure_close',
  'emotion_feeling',
  'emotion_close',
  'genz_line',
  'genz_close',
  'howto_close',
  'show_item',
  'show_close',
  'motivation_line',
  'motivation_close',
  'highlight',
  'lifestyle_moment',
  'lifestyle_close',
  'response_answer',
  'story_conflict',
  'story_turn',
  'story_resolution',
  'reason',
  'trend_why',
  'trend_join',
  'regret_lesson',
  'secret_reveal',
  'what_happens_answer',
  'amazed_detail',
  // Proof and offer.
  'proof',
  'price',
  'offer',
  'urgency',
  // Close.
  'cta',
  'cta_repeat',
] as const;
export type BeatKind = (typeof BEAT_KINDS)[number];

/**
 * Templates are plain sentences with slots:
 *   {product} {brand} {category} {audience} {price} {rating} {count} {quote} {author} {year}
 *   {point} / {Point}  the next selling point (a feature or a spec from the facts; none is invented),
 *                      {Point} at the start of a sentence
 *   {points}           up to three features joined as a list (needs two)
 *   {nth} {Nth}        the occurrence as a number word ("two"), capitalised form
 *   {action} {Action}  the platform's call to action ("tap the link in bio")
 * A template is used only when every slot it names can be filled from the facts.
 */
export interface PhraseBank {
  beats: Record<BeatKind, readonly string[]>;
  /** "one", "two" … for {nth}. */
  numberWords: readonly string[];
  /** Industry (contract list) → a plural noun phrase for {category}. */
  categories: Readonly<Record<string, string>>;
  /** Audiences `domain/links` guesses (English) → this language, for {audience}. */
  audiences: Readonly<Record<string, string>>;
  defaultAudience: string;
  actions: Readonly<Record<PlatformGroup, readonly string[]>>;
  /** Headlines for a script or an ad; same slots. */
  headlines: readonly string[];
  /** Wraps a quoted review in this language's quotation marks. */
  quote(text: string): string;
  /** "a, b and c". */
  list(items: readonly string[]): string;
  /** Whether a selling point from the facts keeps its first letter's case mid-sentence (German nouns). */
  keepPointCase: boolean;
  /** Joins the script's sections. */
  sectionSeparator: string;
  /** Last touches on a filled sentence (French elision before a vowel: « que Aurora » → « qu'Aurora »). */
  polish?(sentence: string): string;
  /**
   * A selling point as said after a lead-in, lower-cased: a feature written without its subject
   * ("keeps drinks cold") gets one ("it keeps drinks cold"), so "Also: it keeps…" is a sentence.
   */
  sayPoint?(point: string): string;
}

export function joinList(items: readonly string[], and: string, serialComma = false): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} ${and} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}${serialComma ? ',' : ''} ${and} ${items[items.length - 1]}`;
}
