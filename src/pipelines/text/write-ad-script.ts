import { createRng, hashString } from '../../core/random.js';
import { ScriptRequestError, type AdScript, type AdScriptRequest, type ScriptSentence } from './ad-script/ad-script-types.js';
import { styleForFacts } from './ad-script/fact-slots.js';
import { titleFor } from './ad-script/headlines.js';
import { wordsOf } from './ad-script/realize-beats.js';
import { buildScriptContext } from './ad-script/script-context.js';
import { assignMedia, subjectOf } from './ad-script/sentence-subjects-and-media.js';
import { sizeToBudget } from './ad-script/size-to-budget.js';
import { scriptLanguageOf } from './languages.js';
import { DEFAULT_SCRIPT_STYLE, findScriptStyle, SCRIPT_STYLE_NAMES, type ScriptSection } from './script-styles.js';
import { AD_WORDS_BY_LENGTH, adWordRange, DEFAULT_WORDS_PER_SECOND, scriptWordBudget } from './word-budget.js';

/** A script of at most this many words is a short ad's (the 15 s range's top). */
const SHORT_AD_WORDS = AD_WORDS_BY_LENGTH[0]!.max;
/** An ad whose floor is at least the 45 s one's is a long ad: it may close with the offer on its own (styleForFacts). */
const LONG_AD_WORDS = AD_WORDS_BY_LENGTH.find((r) => r.seconds === 45)!.min;

// The copywriter's public face: its parts live in ./ad-script/, callers import from here.
export { ScriptRequestError, type AdScript, type AdScriptRequest, type ScriptSentence, type SentenceSubject } from './ad-script/ad-script-types.js';
export { defaultScriptStyles } from './ad-script/default-script-styles.js';
export { formatPrice } from './ad-script/format-numbers.js';
export { headlineCandidates } from './ad-script/headlines.js';

/**
 * Writes an ad script from product facts in a style, sized to the video at the voice's speaking
 * rate. Pure and deterministic: the same request (seed included) gives the same script.
 */
export function writeAdScript(req: AdScriptRequest): AdScript {
  const language = scriptLanguageOf(req.language ?? 'en');
  if (!language) throw new ScriptRequestError('language', `Unsupported language "${req.language}".`);
  const style = findScriptStyle(req.style ?? DEFAULT_SCRIPT_STYLE);
  if (!style) throw new ScriptRequestError('style', `Unknown script style "${req.style}". Allowed: ${SCRIPT_STYLE_NAMES.join(', ')}.`);
  if (!(req.videoLengthSeconds > 0)) throw new ScriptRequestError('videoLengthSeconds', 'videoLengthSeconds must be positive.');
  if (!req.facts.title?.trim() && !req.facts.description?.trim()) throw new ScriptRequestError('facts', 'The facts need a title or a description.');
  const wordsPerSecond = req.wordsPerSecond && req.wordsPerSecond > 0 ? req.wordsPerSecond : DEFAULT_WORDS_PER_SECOND[language];
  const seed = (req.seed ?? 0) >>> 0;
  const budget = scriptWordBudget(req.videoLengthSeconds, wordsPerSecond);
  const read = buildScriptContext(req.facts, language, req.year ?? 2025, createRng(seed ^ hashString(language)));
  // A 15 s ad has no time for the full name ("TrailFlask Summit 32 oz Insulated Water Bottle" is
  // ten spoken words): it says the short name throughout, and the end card shows the full one.
  const ctx = budget <= SHORT_AD_WORDS ? { ...read, values: { ...read.values, product: read.shortName } } : read;
  // The ad's floor gives way only to a voice too slow for it (see scriptWordBudget).
  const range = adWordRange(req.videoLengthSeconds);
  const longAd = range.min >= LONG_AD_WORDS;
  const beats = sizeToBudget(styleForFacts(style, ctx, { longAd }), ctx, seed, budget, { min: Math.min(range.min, budget), max: range.max }, { longAd });
  const subjects = beats.map((b) => subjectOf(b, ctx));
  const media = assignMedia(beats, subjects, req.facts);
  const sentences: ScriptSentence[] = beats.map((b, i) => ({
    text: b.text,
    beat: b.kind,
    section: b.section,
    about: subjects[i]!,
    media: media[i]!,
    wordCount: b.words,
    estimatedSeconds: Math.round((b.words / wordsPerSecond) * 100) / 100,
  }));
  const paragraphs = paragraphsOf(sentences);
  const wordCount = wordsOf(beats);
  return {
    style: style.name,
    styleName: style.displayName,
    language,
    title: titleFor(ctx, seed, style.name),
    text: paragraphs.join(ctx.bank.sectionSeparator),
    paragraphs,
    sentences,
    features: ctx.features,
    wordCount,
    wordBudget: budget,
    wordsPerSecond,
    estimatedSeconds: Math.round((wordCount / wordsPerSecond) * 100) / 100,
    videoLengthSeconds: req.videoLengthSeconds,
    seed,
  };
}

/** One paragraph per run of sentences in the same section. */
function paragraphsOf(sentences: ScriptSentence[]): string[] {
  const paragraphs: string[] = [];
  let last: ScriptSection | null = null;
  for (const s of sentences) {
    if (s.section === last) paragraphs[paragraphs.length - 1] += ` ${s.text}`;
    else paragraphs.push(s.text);
    last = s.section;
  }
  return paragraphs;
}
