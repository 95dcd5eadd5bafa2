import type { ScriptPattern } from '../../domain/ad-clone/ad-analysis.js';
import type { LinkFacts } from '../../domain/links/link-facts.js';
import { productFactsFromLink } from '../text/product-facts.js';
import { writeAdScript, type ScriptSentence } from '../text/write-ad-script.js';

export interface CloneScriptRequest {
  facts: LinkFacts;
  pattern: ScriptPattern;
  /** How long the voice may speak. */
  speakingSeconds: number;
  language: string;
  /** The chosen voice's rate, words per second. */
  wordsPerSecond: number;
  seed: number;
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
  const style = styleForHook(req.pattern.hook?.text ?? null);
  const written = writeAdScript({
    facts: productFactsFromLink(req.facts),
    style,
    // More than needed, so there is a choice of short sentences.
    videoLengthSeconds: Math.max(15, req.speakingSeconds * 2),
    language: req.language,
    wordsPerSecond: req.wordsPerSecond,
    seed: req.seed,
  });
  const all = written.sentences;
  const want = Math.max(1, req.pattern.sentenceCount);
  const isCta = (s: ScriptSentence) => s.beat === 'cta' || s.beat === 'cta_repeat';
  const cta = req.pattern.callToAction ? (all.find(isCta) ?? null) : null;
  const body = all.filter((s) => s !== cta && !(cta && isCta(s)));
  const budgetWords = Math.max(3, Math.floor(req.speakingSeconds * req.wordsPerSecond));
  // The hook first; then the shortest middle sentences (kept in the writer's order) to reach the
  // reference's count; the call to action last. The count is the pattern; the time is a limit
  // only past half as much again, where middle sentences are dropped (never the hook or the CTA).
  const hook = body[0];
  const middleWanted = Math.max(0, want - 1 - (cta ? 1 : 0));
  const middle = body
    .slice(1)
    .map((sentence, order) => ({ sentence, order }))
    .sort((a, b) => a.sentence.wordCount - b.sentence.wordCount)
    .slice(0, middleWanted)
    .sort((a, b) => a.order - b.order)
    .map((m) => m.sentence);
  const words = (list: ScriptSentence[]) => list.reduce((sum, x) => sum + x.wordCount, 0);
  while (middle.length && words([...(hook ? [hook] : []), ...middle, ...(cta ? [cta] : [])]) > budgetWords * 1.5) middle.pop();
  const picked = [...(hook ? [hook] : []), ...middle, ...(cta ? [cta] : [])];
  const sentences = picked.map((s) => s.text);
  return {
    text: sentences.join(' '),
    sentences,
    hook: sentences[0] ?? null,
    callToAction: cta ? cta.text : null,
    style,
  };
}
