import type { ScriptPattern } from '../../domain/ad-clone/ad-analysis.js';
import type { LinkFacts } from '../../domain/links/link-facts.js';
import { productFactsFromLink } from '../text/product-facts.js';
import { writeAdScript, type AdScript, type AdScriptRequest, type ScriptSentence } from '../text/write-ad-script.js';

export interface CloneScriptRequest {
  facts: LinkFacts;
  pattern: ScriptPattern;
  /** How long the voice may speak. */
  speakingSeconds: number;
  language: string;
  /** The chosen voice's rate, words per second. */
  wordsPerSecond: number;
  seed: number;
  /**
   * The time is a limit, not a guide: no half again past it, the shortest call to action, and the
   * hook given up for a shorter opener (or none) when the two do not fit. Asked for when the first
   * script, spoken, ran past the clone's end (`voice-clone-script.ts`).
   */
  strict?: boolean;
}

export interface CloneScript {
  text: string;
  sentences: string[];
  hook: string | null;
  callToAction: string | null;
  style: string;
}

/** The script style whose hook works like the reference's: a question asks one, a short punchy line states. */
export function styleForHook(hook: string | null): string {
  if (!hook) return 'DiscoveryWriter';
  if (/\?\s*$/.test(hook)) return 'EverWonderHook';
  if (/\b(stop|never|don't|dont|quit|hate)\b/i.test(hook)) return 'NegativeHook';
  if (/\b(secret|nobody|no one)\b/i.test(hook)) return 'SecretHook';
  return 'DiscoveryWriter';
}

/**
 * A script for the link's product in the reference's pattern: the same number of sentences (a
 * hook first, a call to action last when the reference closes with one), sized to the time the
 * reference speaks. The built-in copywriter writes more than needed; sentences are picked from it.
 */
export function writeCloneScript(req: CloneScriptRequest): CloneScript {
  return pickCloneScript(writeAdScript(cloneWriteRequest(req)), req);
}

/** The same, the script written by `write` (the service's writer: the configured model, else the built-in copywriter). */
export async function writeCloneScriptBy(write: (req: AdScriptRequest) => Promise<AdScript>, req: CloneScriptRequest): Promise<CloneScript> {
  return pickCloneScript(await write(cloneWriteRequest(req)), req);
}

function cloneWriteRequest(req: CloneScriptRequest): AdScriptRequest {
  return {
    facts: productFactsFromLink(req.facts),
    style: styleForHook(req.pattern.hook?.text ?? null),
    // More than needed, so there is a choice of short sentences.
    videoLengthSeconds: Math.max(15, req.speakingSeconds * 2),
    language: req.language,
    wordsPerSecond: req.wordsPerSecond,
    seed: req.seed,
  };
}

function pickCloneScript(written: AdScript, req: CloneScriptRequest): CloneScript {
  const style = written.style;
  const all = written.sentences;
  const want = Math.max(1, req.pattern.sentenceCount);
  const isCta = (s: ScriptSentence) => s.beat === 'cta' || s.beat === 'cta_repeat';
  const ctas = all.filter(isCta);
  const shortestCta = [...ctas].sort((a, b) => a.wordCount - b.wordCount)[0] ?? null;
  const cta = req.pattern.callToAction ? ((req.strict ? shortestCta : ctas[0]) ?? null) : null;
  const body = all.filter((s) => s !== cta && !(cta && isCta(s)));
  const budgetWords = Math.max(3, Math.floor(req.speakingSeconds * req.wordsPerSecond));
  // The hook first; then middle sentences (kept in the writer's order) to reach the reference's
  // count, the page's facts before framing (see `byFactsFirst`); one is taken only if the count can
  // still be reached within half as much again as the reference's time with the shortest of the
  // rest (past that, middle sentences are left out, never the hook or the CTA); the CTA last.
  // Strict: the time itself is the limit, and a hook that leaves the CTA no room gives way to the
  // shortest fact sentence that does (or to nothing: the CTA is what must be heard).
  const limit = req.strict ? budgetWords : budgetWords * 1.5;
  const ctaWords = cta?.wordCount ?? 0;
  let hook: ScriptSentence | undefined = body[0];
  if (req.strict && hook && hook.wordCount + ctaWords > limit) {
    hook = byFactsFirst(body)
      .filter((s) => s.wordCount + ctaWords <= limit)
      .sort((a, b) => a.wordCount - b.wordCount)[0];
  }
  const middleWanted = Math.max(0, want - 1 - (cta ? 1 : 0));
  let total = [hook, cta].reduce((sum, x) => sum + (x?.wordCount ?? 0), 0);
  const chosen: ScriptSentence[] = [];
  const candidates = byFactsFirst(body.filter((s) => s !== hook));
  const take = (sentence: ScriptSentence) => {
    chosen.push(sentence);
    total += sentence.wordCount;
  };
  const shortestOthers = (sentence: ScriptSentence, count: number) =>
    candidates
      .filter((c) => c !== sentence && !chosen.includes(c))
      .map((c) => c.wordCount)
      .sort((a, b) => a - b)
      .slice(0, count)
      .reduce((sum, n) => sum + n, 0);
  for (const sentence of candidates) {
    const after = middleWanted - chosen.length - 1;
    if (after < 0) break;
    if (total + sentence.wordCount + shortestOthers(sentence, after) <= limit) take(sentence);
  }
  // Past the limit even with the shortest: as many as fit.
  for (const sentence of [...candidates].sort((a, b) => a.wordCount - b.wordCount)) {
    if (chosen.length < middleWanted && !chosen.includes(sentence) && total + sentence.wordCount <= limit) take(sentence);
  }
  const middle = body.filter((s) => chosen.includes(s) && s !== hook);
  const picked = [...(hook ? [hook] : []), ...middle, ...(cta ? [cta] : [])];
  const sentences = picked.map((s) => s.text);
  const pitch = [...(hook ? [hook] : []), ...middle].map((s) => s.text).join(' ');
  return {
    // The call to action as its own paragraph: the voice sets it off with one beat.
    text: cta && pitch ? `${pitch}\n\n${cta.text}` : sentences.join(' '),
    sentences,
    hook: sentences[0] ?? null,
    callToAction: cta ? cta.text : null,
    style,
  };
}

/** The page's facts a clone should carry first: the lead feature, the price, the rating, a review. */
const FACT_ORDER: readonly ScriptSentence['about']['fact'][] = ['feature', 'price', 'rating', 'review'];

/**
 * Middle sentences by value: one for each of `FACT_ORDER` (the writer's first of each), then the
 * other sentences with a page fact, then framing lines; shorter first within each of the last two,
 * so the reference's count of sentences fits its time.
 */
function byFactsFirst(candidates: readonly ScriptSentence[]): ScriptSentence[] {
  const lead = FACT_ORDER.map((fact) => candidates.find((s) => s.about.fact === fact)).filter((s): s is ScriptSentence => s !== undefined);
  const shortestFirst = (list: ScriptSentence[]) => list.sort((a, b) => a.wordCount - b.wordCount);
  const rest = candidates.filter((s) => !lead.includes(s));
  const framing = (s: ScriptSentence) => s.about.fact === 'generic' || s.about.fact === 'audience';
  return [...lead, ...shortestFirst(rest.filter((s) => !framing(s))), ...shortestFirst(rest.filter(framing))];
}
