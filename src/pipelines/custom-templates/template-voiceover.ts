import type { TemplateVoiceoverWriter } from '../../domain/custom-templates/custom-template-job-service.js';
import { scriptLanguageOf } from '../text/languages.js';
import { SPEECH_FILL } from '../text/word-budget.js';
import { defaultScriptStyles } from '../text/write-ad-script.js';
import { FIRST_DRAFT_WORDS_PER_SECOND, type ScriptWriter } from '../video/ad-script.js';
import { builtInScriptWriter } from '../video/built-in-script-writer.js';
import { templateProductFacts } from './template-facts.js';

/**
 * A template's voiceover about the product its fields show, written by the copywriter (the one
 * that writes every ad) with about as many words as the template's own sample voiceover, in the
 * voice's language; null (the sample is kept) when the template names no product, or the client
 * filled none of its product fields, or the copywriter does not write that language. `writeScript`
 * is the service's writer (the configured model, else the built-in copywriter).
 */
export const templateVoiceoverBy =
  (writeScript: ScriptWriter): TemplateVoiceoverWriter =>
  async (req) => {
    const language = scriptLanguageOf(req.language);
    const facts = language ? templateProductFacts(req.template, req.values) : null;
    if (!language || !facts) return null;
    const { text } = await writeScript({
      facts,
      style: defaultScriptStyles(req.seed)[0] ?? 'DiscoveryWriter',
      // The writer sizes words to a video's length at a speaking rate, keeping a share for pauses.
      videoLengthSeconds: req.words / FIRST_DRAFT_WORDS_PER_SECOND / SPEECH_FILL,
      language,
      wordsPerSecond: FIRST_DRAFT_WORDS_PER_SECOND,
      seed: req.seed,
      targetAudience: null,
      targetPlatform: null,
    });
    return text.trim() ? text : null;
  };

/** The same, always by the built-in copywriter. */
export const writeTemplateVoiceover: TemplateVoiceoverWriter = templateVoiceoverBy(builtInScriptWriter);
