import { textGeneratorRoutes } from '../../api/routes/text-generator.js';
import { textGeneratorOperations } from '../../api/schemas/responses/text-generator.js';
import { textTaskToWire, textTaskSummary } from '../../api/wire/text-generation.js';
import { prices } from '../../domain/credits/prices.js';
import { textGenerationKind } from '../../domain/text/text-generation-kind.js';
import { TextGenerationService } from '../../domain/text/text-generation-service.js';
import { BuiltinLlm } from '../../engines/llm/builtin.js';
import { OpenAiCompatibleLlm } from '../../engines/llm/openai-compatible.js';
import type { LlmAdapter } from '../../engines/llm/port.js';
import { LlmRegistry } from '../../engines/llm/registry.js';
import { textGenerationJob } from '../../jobs/handlers/text-generation.js';
import { BUILTIN_TEXT_MODELS } from '../../pipelines/text/models/built-in-models.js';
import type { Config } from '../config.js';
import { defineGroup } from './group.js';

/** Text Generator: chat completions by model name, as a task, a synchronous answer or a stream. */
export const textGenerator = defineGroup({
  name: 'Text Generator',
  kinds: [{ kind: textGenerationKind, toWire: textTaskToWire, summary: textTaskSummary }],
  operations: textGeneratorOperations,
  build: (p) => {
    const textModels = textModelsOf(p.config, p.writers.localLlm);
    const priceMillicredits = prices.textGeneration(p.config.llm.textGenerationCredits);
    const textGeneration = new TextGenerationService(p.tasks, p.inlineTasks, p.store, textModels, priceMillicredits, p.config.llm.syncTimeoutMs);
    return {
      services: { textModels, textGeneration },
      routes: (app, { streams }) => textGeneratorRoutes(app, { textGeneration, streams }),
      jobs: [textGenerationJob({ models: textModels, priceMillicredits })],
    };
  },
});

/** The text models: the built-in ones, the local GGUF model, then a configured provider's (a clashing name stays with the first). */
function textModelsOf(config: Config, localLlm: LlmAdapter | null): LlmRegistry {
  const adapters: LlmAdapter[] = [new BuiltinLlm(BUILTIN_TEXT_MODELS)];
  if (localLlm) adapters.push(localLlm);
  const remote = config.llm.remote;
  if (remote) adapters.push(new OpenAiCompatibleLlm({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, models: remote.models, timeoutMs: remote.timeoutMs }));
  return new LlmRegistry(adapters);
}
