import { z } from 'zod';
import { TaskFailure } from '../../core/errors.js';
import { textGenerationKind } from '../../domain/text/text-generation-kind.js';
import { generationFailure, generationResult, requestOf } from '../../domain/text/text-generation-service.js';
import type { LlmResult } from '../../engines/llm/port.js';
import type { LlmRegistry } from '../../engines/llm/registry.js';
import { defineJob } from '../job-definition.js';

export interface TextGenerationJobDeps {
  models: LlmRegistry;
  priceMillicredits: number;
}

/** One text generation: the task's model on its conversation. Provider outages are retried with backoff. */
export function textGenerationJob(deps: TextGenerationJobDeps) {
  return defineJob({
    name: textGenerationKind.jobs.generate,
    lane: 'light',
    payload: z.object({}).passthrough(),
    async handle({ task, signal, reportProgress }) {
      const req = requestOf(task, signal);
      const adapter = deps.models.find(req.model);
      if (!adapter) throw new TaskFailure(`The model ${req.model} is no longer offered by this service.`);
      reportProgress(5);
      let result: LlmResult;
      try {
        result = await adapter.generate(req);
      } catch (err) {
        throw generationFailure(err, req.model);
      }
      return {
        result: generationResult(result),
        costMillicredits: textGenerationKind.price('generate', textGenerationKind.inputOf(task), { millicredits: deps.priceMillicredits }),
      };
    },
  });
}
