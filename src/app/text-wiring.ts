import type { Copywriter } from '../domain/text/ai-script-service.js';
import { BuiltinLlm } from '../engines/llm/builtin.js';
import { OpenAiCompatibleLlm } from '../engines/llm/openai-compatible.js';
import type { LlmAdapter } from '../engines/llm/port.js';
import { LlmRegistry } from '../engines/llm/registry.js';
import { SCRIPT_LANGUAGES, scriptLanguageOf } from '../pipelines/text/languages.js';
import { BUILTIN_TEXT_MODELS } from '../pipelines/text/models/built-in-models.js';
import { productFactsFromLink } from '../pipelines/text/product-facts.js';
import { factsFeatures, productName } from '../pipelines/text/read-facts.js';
import { findScriptStyle, SCRIPT_STYLE_NAMES } from '../pipelines/text/script-styles.js';
import { defaultScriptStyles, writeAdScript } from '../pipelines/text/write-ad-script.js';
import type { Config } from './config.js';

/** The text models: the built-in ones, then a configured provider's (a clashing name stays built-in). */
export function createTextModels(config: Config, extra: LlmAdapter[] = []): LlmRegistry {
  const adapters: LlmAdapter[] = [new BuiltinLlm(BUILTIN_TEXT_MODELS)];
  const remote = config.llm.remote;
  if (remote) adapters.push(new OpenAiCompatibleLlm({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, models: remote.models, timeoutMs: remote.timeoutMs }));
  return new LlmRegistry([...adapters, ...extra]);
}

/** The built-in copywriter behind AI Scripts. */
export const builtInCopywriter: Copywriter = {
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
};
