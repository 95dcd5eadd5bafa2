import { z } from 'zod';
import type { LlmConfig, LlmFunctionCall, LlmFunctionDeclaration, LlmMessage, LlmToolConfig } from '../../engines/llm/port.js';
import { defineTaskKind } from '../tasks/task-kind.js';

// Each schema is tied to its port type, so the stored shape and the engine's cannot drift apart.
const functionCall: z.ZodType<LlmFunctionCall> = z.object({ name: z.string(), args: z.record(z.string(), z.unknown()) });
const message: z.ZodType<LlmMessage> = z.object({
  role: z.enum(['user', 'model']),
  content: z.string(),
  functionCall: functionCall.optional(),
  functionResponse: z.object({ name: z.string(), response: z.unknown() }).optional(),
});
const config: z.ZodType<LlmConfig> = z.object({
  temperature: z.number().optional(),
  maxOutputTokens: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().optional(),
  presencePenalty: z.number().optional(),
  frequencyPenalty: z.number().optional(),
  seed: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
  responseMimeType: z.enum(['text/plain', 'application/json']).optional(),
  responseJsonSchema: z.unknown().optional(),
});
const declaration: z.ZodType<LlmFunctionDeclaration> = z.object({ name: z.string(), description: z.string().optional(), parameters: z.unknown().optional() });
const toolConfig: z.ZodType<LlmToolConfig> = z.object({ mode: z.string().optional(), allowedFunctionNames: z.array(z.string()).optional() });

/** Text Generator: one answer of a model to a conversation; queued, waited for, or streamed in the API process. */
export const textGenerationKind = defineTaskKind({
  kind: 'text_generation',
  jobs: { generate: 'text_generation.generate' },
  input: z.object({
    modelName: z.string(),
    messages: z.array(message),
    systemInstruction: z.string().default(''),
    config: config.default({}),
    tools: z.array(declaration).default([]),
    toolConfig: toolConfig.nullish(),
  }),
  result: z.looseObject({
    responseText: z.string().optional(),
    functionCalls: z.array(functionCall).optional(),
    finishReason: z.string().optional(),
    usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }).nullish(),
  }),
  /** No published price: a fixed amount per request set by TEXT_GENERATION_CREDITS. */
  price: (_step: 'generate', _input, fixed: { millicredits: number }) => Math.max(0, fixed.millicredits),
  files: {},
});

export type TextGenerationInput = z.infer<typeof textGenerationKind.input>;
