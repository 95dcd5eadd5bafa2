import { BuiltinLlm } from '../engines/llm/builtin.js';
import { OpenAiCompatibleLlm } from '../engines/llm/openai-compatible.js';
import type { LlmAdapter } from '../engines/llm/port.js';
import { LlmRegistry } from '../engines/llm/registry.js';
import { BUILTIN_TEXT_MODELS } from '../pipelines/text/models/built-in-models.js';
import type { Config } from './config.js';

/** The text models: the built-in ones, then a configured provider's (a clashing name stays built-in). */
export function createTextModels(config: Config, extra: LlmAdapter[] = []): LlmRegistry {
  const adapters: LlmAdapter[] = [new BuiltinLlm(BUILTIN_TEXT_MODELS)];
  const remote = config.llm.remote;
  if (remote) adapters.push(new OpenAiCompatibleLlm({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, models: remote.models, timeoutMs: remote.timeoutMs }));
  return new LlmRegistry([...adapters, ...extra]);
}
