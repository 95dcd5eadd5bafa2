import { LlmError, type BuiltinTextModel, type LlmRequest } from '../../../engines/llm/port.js';
import { createRng, hashString } from '../../../core/random.js';
import { LOCALE_OF } from '../languages.js';
import { phraseBankFor } from '../phrase-banks/index.js';
import { DEFAULT_SCRIPT_STYLE, SCRIPT_STYLES } from '../script-styles.js';
import { detectLanguage } from '../stop-words.js';
import { headlineCandidates, writeAdScript } from '../write-ad-script.js';
import { summarise } from './extractive-summary.js';
import { hashtag, keywords } from './keywords.js';
import { readPrompt, type PromptReading } from './read-prompt.js';

/**
 * The text models the service runs itself. They are not language models: the first three are
 * the template and phrase-bank copywriter of `write-ad-script.ts` fed from what `readPrompt` finds
 * in the conversation, the fourth picks sentences out of the given text. Each is deterministic:
 * `config.seed`, or the conversation itself when no seed is given.
 */
export const BUILTIN_MODEL_NAMES = ['clipwright-ad-copy', 'clipwright-script', 'clipwright-headlines', 'clipwright-summary'] as const;

function seedOf(req: LlmRequest): number {
  if (req.config?.seed !== undefined && Number.isFinite(req.config.seed)) return Math.trunc(req.config.seed) >>> 0;
  return hashString(JSON.stringify([req.systemInstruction ?? '', req.messages.map((m) => [m.role, m.content])]));
}

const wantsJson = (req: LlmRequest) => req.config?.responseMimeType === 'application/json';

function needProduct(p: PromptReading, model: string): void {
  if (!p.facts.title.trim() && !(p.facts.description ?? '').trim()) {
    throw new LlmError(
      `${model} needs a product in the last user message: its name and what it is, in plain words or as "Title: …" and "Description: …" lines.`,
      'rejected',
    );
  }
}

const writerStyles = SCRIPT_STYLES.filter((s) => s.family === 'writer').map((s) => s.name);

const adCopy: BuiltinTextModel = {
  name: 'clipwright-ad-copy',
  description:
    'Short ad copy (headline, a few sentences, call to action) from product facts in the last user message; en, es, fr, de. ' +
    'Built-in template copywriter, not a language model.',
  generate(req) {
    const p = readPrompt(req.messages, req.systemInstruction);
    needProduct(p, this.name);
    const seed = seedOf(req);
    const style = p.style ?? createRng(seed).pick(writerStyles);
    // About 12 seconds of speech: a caption-sized text.
    const script = writeAdScript({ facts: p.facts, style, videoLengthSeconds: p.videoLengthSeconds ?? 12, language: p.language, seed });
    const body = script.sentences
      .filter((s) => s.section !== 'cta')
      .map((s) => s.text)
      .join(' ');
    const cta = script.sentences
      .filter((s) => s.section === 'cta')
      .map((s) => s.text)
      .join(' ');
    if (wantsJson(req)) return { text: JSON.stringify({ headline: script.title, body, call_to_action: cta, language: script.language, style: script.style }) };
    return { text: `${script.title}\n\n${body}\n\n${cta}` };
  },
};

const script: BuiltinTextModel = {
  name: 'clipwright-script',
  description:
    'A video ad script in one of the script styles (name it, e.g. "StoryTimeWriter"; default DiscoveryWriter), sized to a length ' +
    '("30 seconds"; default 30) at the default voice rate of its language (en, es, fr, de). Built-in template copywriter.',
  generate(req) {
    const p = readPrompt(req.messages, req.systemInstruction);
    needProduct(p, this.name);
    const videoLengthSeconds = Math.min(180, Math.max(5, p.videoLengthSeconds ?? 30));
    const s = writeAdScript({ facts: p.facts, style: p.style ?? DEFAULT_SCRIPT_STYLE, videoLengthSeconds, language: p.language, seed: seedOf(req) });
    if (wantsJson(req)) {
      return {
        text: JSON.stringify({
          title: s.title,
          script_style: s.style,
          language: s.language,
          video_length: videoLengthSeconds,
          word_count: s.wordCount,
          text: s.text,
          sentences: s.sentences.map((x) => ({ text: x.text, section: x.section, about: x.about.fact })),
        }),
      };
    }
    return { text: s.text };
  },
};

const headlines: BuiltinTextModel = {
  name: 'clipwright-headlines',
  description:
    'Headlines ("5 headlines"; default 5, at most 10) and hashtags for a product: headline and hook templates of its language ' +
    'filled with the facts, hashtags from the name, brand, category and the most frequent content words.',
  generate(req) {
    const p = readPrompt(req.messages, req.systemInstruction);
    needProduct(p, this.name);
    const seed = seedOf(req);
    const count = Math.min(10, Math.max(1, p.count ?? 5));
    const lines = headlineCandidates(p.facts, p.language, seed).slice(0, count);
    const bank = phraseBankFor(p.language);
    const tags: string[] = [];
    const add = (phrase: string | null | undefined) => {
      const tag = phrase ? hashtag(phrase) : null;
      if (tag && !tags.some((t) => t.toLocaleLowerCase(LOCALE_OF[p.language]) === tag.toLocaleLowerCase(LOCALE_OF[p.language]))) tags.push(tag);
    };
    add(p.facts.title);
    add(p.facts.brand);
    // A few content words of the description; adverbs ("gently") make poor tags.
    const words = keywords(`${p.facts.description ?? ''} ${(p.facts.features ?? []).join(' ')}`, p.language, 8).filter(
      (w) => !(p.language === 'en' && /ly$/.test(w)),
    );
    for (const word of words.slice(0, 3)) add(word);
    add(bank.categories[p.facts.industry ?? 'Others']);
    const hashtags = tags.slice(0, 8);
    if (wantsJson(req)) return { text: JSON.stringify({ headlines: lines, hashtags }) };
    return { text: `${lines.map((h, i) => `${i + 1}. ${h}`).join('\n')}\n\n${hashtags.join(' ')}` };
  },
};

/** "Summarize this:" and similar lead-ins are not part of the text to summarise. */
function textToSummarise(text: string): string {
  if (/^[^\n]{0,80}(summar|resum|zusammen|tl;?dr)[^\n]*:\s*$/i.test(text)) return '';
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && /summar|resum|zusammen|tl;?dr/i.test(lines[0]!) && lines[0]!.split(/\s+/).length <= 12) return lines.slice(1).join('\n').trim();
  const colon = text.match(/^([^:\n]{0,80}(?:summar|resum|zusammen|tl;?dr)[^:\n]*):\s*([\s\S]+)$/i);
  return (colon ? colon[2]! : text).trim();
}

const summary: BuiltinTextModel = {
  name: 'clipwright-summary',
  description:
    'Extractive summary of the last user message: sentences scored by the frequency of their content words (stop words of ' +
    'en, es, fr, de removed), the first sentence favoured, near-duplicates skipped, kept in their order. "3 sentences" sets ' +
    'the count; max_output_tokens bounds the length. Nothing is rewritten.',
  generate(req) {
    const p = readPrompt(req.messages, req.systemInstruction);
    const text = textToSummarise(p.text);
    if (!text) throw new LlmError(`${this.name} needs text to summarise in the last user message.`, 'rejected');
    const language = detectLanguage(text, p.language);
    const maxWords = req.config?.maxOutputTokens ? Math.max(1, Math.floor(req.config.maxOutputTokens * 0.75)) : undefined;
    const picked = summarise(text, language, { sentences: p.count, maxWords });
    const joined = picked.map((s) => s.text).join(' ');
    if (wantsJson(req)) return { text: JSON.stringify({ summary: joined, sentences: picked }) };
    return { text: joined };
  },
};

export const BUILTIN_TEXT_MODELS: readonly BuiltinTextModel[] = [adCopy, script, headlines, summary];
