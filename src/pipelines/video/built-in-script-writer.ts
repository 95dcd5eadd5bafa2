import { productFactsFromLink } from '../text/product-facts.js';
import { writeAdScript } from '../text/write-ad-script.js';
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
  // One spoken paragraph: the blank lines between sections would read as long silences.
  return { text: script.paragraphs.join(' '), highlights: script.features };
};
