import type { Copywriter } from '../../domain/text/ai-script-service.js';
import { SCRIPT_LANGUAGES, scriptLanguageOf } from './languages.js';
import { productFactsFromLink } from './product-facts.js';
import { factsFeatures, productName } from './read-facts.js';
import { findScriptStyle, SCRIPT_STYLE_NAMES } from './script-styles.js';
import { defaultScriptStyles, writeAdScript } from './write-ad-script.js';

/** The built-in copywriter behind AI Scripts (the `Copywriter` port): per-style structures filled from the product facts. Its `write` is synchronous. */
export const builtInCopywriter = {
  languages: SCRIPT_LANGUAGES,
  styleName: (name) => findScriptStyle(name)?.name ?? null,
  styleNames: () => SCRIPT_STYLE_NAMES,
  defaultStyles: (seed) => defaultScriptStyles(seed),
  language: (code) => scriptLanguageOf(code),
  features: (facts) => factsFeatures(productFactsFromLink(facts), productName(facts.title)),
  write(req) {
    const s = writeAdScript({
      facts: productFactsFromLink(req.facts, { audience: req.audience, platform: req.platform }),
      style: req.style,
      videoLengthSeconds: req.videoLengthSeconds,
      language: req.language,
      seed: req.seed,
    });
    return { title: s.title, style: s.style, styleName: s.styleName, text: s.text, wordCount: s.wordCount, estimatedSeconds: s.estimatedSeconds };
  },
} satisfies Copywriter;
