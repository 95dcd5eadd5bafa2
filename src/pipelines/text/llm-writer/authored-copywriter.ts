import type { Copywriter } from '../../../domain/text/ai-script-service.js';
import { builtInCopywriter } from '../built-in-copywriter.js';
import { productFactsFromLink } from '../product-facts.js';
import type { ScriptAuthor } from './script-author.js';

/** The `Copywriter` port (AI Scripts, product videos) with the scripts written by `author`; styles and languages are the built-in copywriter's. */
export function copywriterBy(author: ScriptAuthor): Copywriter {
  return {
    ...builtInCopywriter,
    async write(req) {
      const {
        script: s,
        writer,
        fallbackReason,
      } = await author.write({
        facts: productFactsFromLink(req.facts, { audience: req.audience, platform: req.platform }),
        style: req.style,
        videoLengthSeconds: req.videoLengthSeconds,
        language: req.language,
        seed: req.seed,
      });
      return {
        title: s.title,
        style: s.style,
        styleName: s.styleName,
        text: s.text,
        wordCount: s.wordCount,
        estimatedSeconds: s.estimatedSeconds,
        writer,
        fallbackReason,
      };
    },
  };
}
