import { productFactsFromLink } from '../text/product-facts.js';
import { writeAdScript, type AdScriptRequest as WriteRequest, type ScriptSentence } from '../text/write-ad-script.js';
import type { AdScript, AdScriptRequest } from './ad-script.js';

/** The built-in copywriter behind the video pipeline's `ScriptWriter` port (synchronous: tests and benches call it directly). */
export const builtInScriptWriter = (req: AdScriptRequest): AdScript => {
  const script = writeAdScript(writeRequestOf(req));
  return { text: spokenScript(script.sentences), highlights: script.features };
};

/** The copywriter's request for a video's script. */
export function writeRequestOf(req: AdScriptRequest): WriteRequest {
  return {
    facts: productFactsFromLink(req.facts, { audience: req.targetAudience, platform: req.targetPlatform }),
    style: req.style,
    videoLengthSeconds: req.videoLengthSeconds,
    language: req.language,
    wordsPerSecond: req.wordsPerSecond,
    seed: req.seed,
  };
}

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
