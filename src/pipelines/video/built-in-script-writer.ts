import { productFactsFromLink } from '../text/product-facts.js';
import { writeAdScript, type ScriptSentence } from '../text/write-ad-script.js';
import type { ScriptWriter } from './ad-script.js';

/** The built-in copywriter behind the video pipeline's `ScriptWriter` port. */
export const builtInScriptWriter: ScriptWriter = (req) => {
  const script = writeAdScript({
    facts: productFactsFromLink(req.facts, { audience: req.targetAudience, platform: req.targetPlatform }),
    style: req.style,
    videoLengthSeconds: req.videoLengthSeconds,
    language: req.language,
    wordsPerSecond: req.wordsPerSecond,
    seed: req.seed,
  });
  return { text: spokenScript(script.sentences), highlights: script.features };
};

/**
 * One spoken paragraph, then the call to action as a paragraph of its own: speech sets the last
 * paragraph off by one beat, and a blank line between every section would halt at each one.
 */
export function spokenScript(sentences: readonly Pick<ScriptSentence, 'text' | 'section'>[]): string {
  let ctaFrom = sentences.length;
  while (ctaFrom > 0 && sentences[ctaFrom - 1]!.section === 'cta') ctaFrom--;
  const join = (list: readonly { text: string }[]) => list.map((s) => s.text).join(' ');
  const pitch = join(sentences.slice(0, ctaFrom));
  const cta = join(sentences.slice(ctaFrom));
  return pitch && cta ? `${pitch}\n\n${cta}` : pitch || cta;
}
