import type { LinkFacts } from '../../domain/links/link-facts.js';

export interface AdScriptRequest {
  facts: LinkFacts;
  style: string;
  videoLengthSeconds: number;
  language: string;
  /** The chosen voice's measured speaking rate. */
  wordsPerSecond: number;
  seed: number;
  targetAudience?: string | null;
  targetPlatform?: string | null;
}

export interface AdScript {
  text: string;
  /** Short lines (features, benefits, the offer) that styles show as text cards. */
  highlights: string[];
  /** Who wrote it (`built-in` or `local:<model>`), when the writer says. */
  writer?: string;
}

/** The copywriter as the video pipeline sees it (pipelines/text implements it). */
export type ScriptWriter = (req: AdScriptRequest) => AdScript | Promise<AdScript>;

/** A typical speaking rate, used for the first draft before the voice is measured. */
export const FIRST_DRAFT_WORDS_PER_SECOND = 2.5;
