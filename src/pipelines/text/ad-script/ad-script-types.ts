import type { BeatKind } from '../phrase-banks/types.js';
import type { ProductFacts } from '../product-facts.js';
import type { ScriptLanguage } from '../languages.js';
import type { ScriptSection } from '../script-styles.js';

export interface AdScriptRequest {
  facts: ProductFacts;
  /** A script style name (`SCRIPT_STYLE_NAMES`); default DiscoveryWriter. */
  style?: string;
  videoLengthSeconds: number;
  /** A supported language code (en, es, fr, de; `es-MX` works); default en. */
  language?: string;
  /** The voice's speaking rate; default the language's default voice rate. */
  wordsPerSecond?: number;
  /** Same seed, same facts, same options → the same script. Default 0. */
  seed?: number;
  /** For the year hook; default 2025 (the style's name). Never read from the clock. */
  year?: number;
}

/** What a sentence talks about, so a scene can show the matching picture. */
export interface SentenceSubject {
  fact: 'product' | 'feature' | 'price' | 'rating' | 'review' | 'audience' | 'brand' | 'generic';
  /** Index into the script's `features` when `fact` is feature. */
  featureIndex?: number;
}

export interface ScriptSentence {
  text: string;
  beat: BeatKind;
  section: ScriptSection;
  about: SentenceSubject;
  /** The link image (or video) the sentence is best shown over; null when the facts have none. */
  media: { kind: 'image' | 'video'; index: number; url: string } | null;
  wordCount: number;
  estimatedSeconds: number;
}

export interface AdScript {
  style: string;
  styleName: string;
  language: ScriptLanguage;
  /** A headline for the script. */
  title: string;
  /** The whole script: sections separated by a blank line. */
  text: string;
  paragraphs: string[];
  sentences: ScriptSentence[];
  /** The selling points read from the facts, in order. */
  features: string[];
  wordCount: number;
  wordBudget: number;
  wordsPerSecond: number;
  /** Speech time at `wordsPerSecond`, pauses excluded. */
  estimatedSeconds: number;
  videoLengthSeconds: number;
  seed: number;
}

export class ScriptRequestError extends Error {
  constructor(
    readonly field: 'style' | 'language' | 'videoLengthSeconds' | 'facts',
    message: string,
  ) {
    super(message);
    this.name = 'ScriptRequestError';
  }
}
