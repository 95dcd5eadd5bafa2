import type { LinkFacts } from '../../domain/links/link-facts.js';
import { scriptLanguageOf } from '../text/languages.js';
import { SPEECH_FILL } from '../text/word-budget.js';
import { defaultScriptStyles } from '../text/write-ad-script.js';
import { FIRST_DRAFT_WORDS_PER_SECOND } from '../video/ad-script.js';
import { builtInScriptWriter } from '../video/built-in-script-writer.js';

/**
 * A template's voiceover about the product its fields show, written by the copywriter (the one
 * that writes every ad) with about as many words as the template's own sample voiceover, in the
 * voice's language; null when the copywriter does not write that language (the sample is kept).
 */
export function writeTemplateVoiceover(req: { facts: LinkFacts; words: number; language: string; seed: number }): string | null {
  const language = scriptLanguageOf(req.language);
  if (!language) return null;
  const text = builtInScriptWriter({
    facts: req.facts,
    style: defaultScriptStyles(req.seed)[0] ?? 'DiscoveryWriter',
    // The writer sizes words to a video's length at a speaking rate, keeping a share for pauses.
    videoLengthSeconds: req.words / FIRST_DRAFT_WORDS_PER_SECOND / SPEECH_FILL,
    language,
    wordsPerSecond: FIRST_DRAFT_WORDS_PER_SECOND,
    seed: req.seed,
    targetAudience: null,
    targetPlatform: null,
  }).text;
  return text.trim() ? text : null;
}
