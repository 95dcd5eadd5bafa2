import type { TextGenerationRequest } from '../../domain/text/text-generation-service.js';
import { textGenerationKind } from '../../domain/text/text-generation-kind.js';
import type { Task } from '../../core/task.js';
import type { LlmConfig } from '../../engines/llm/port.js';
import type { TextGenerationBody } from '../schemas/text-generator.js';
import { taskEnvelope } from './task.js';
import { at, excerpt, none, type TaskSummaryFields } from './task-summary.js';

/** The request body in port form (camelCase, the contract's nesting flattened). */
export function textRequestFromBody(b: TextGenerationBody): TextGenerationRequest {
  const c = b.config ?? {};
  const config: LlmConfig = {};
  if (c.temperature != null) config.temperature = c.temperature;
  if (c.max_output_tokens != null) config.maxOutputTokens = c.max_output_tokens;
  if (c.top_p != null) config.topP = c.top_p;
  if (c.top_k != null) config.topK = c.top_k;
  if (c.presence_penalty != null) config.presencePenalty = c.presence_penalty;
  if (c.frequency_penalty != null) config.frequencyPenalty = c.frequency_penalty;
  if (c.seed != null) config.seed = c.seed;
  if (c.stop_sequences?.length) config.stopSequences = c.stop_sequences;
  if (c.response_mime_type) config.responseMimeType = c.response_mime_type;
  if (c.response_json_schema) config.responseJsonSchema = c.response_json_schema;
  const fc = b.tool_config?.function_calling_config;
  return {
    modelName: b.model_name,
    messages: b.messages.map((m) => ({
      role: m.role,
      content: m.content ?? '',
      ...(m.function_call ? { functionCall: { name: m.function_call.name, args: m.function_call.args ?? {} } } : {}),
      ...(m.function_response ? { functionResponse: { name: m.function_response.name, response: m.function_response.response } } : {}),
    })),
    systemInstruction: b.system_instruction ?? '',
    config,
    tools: (b.tools ?? [])
      .flatMap((t) => t.function_declarations ?? [])
      .map((d) => ({ name: d.name, ...(d.description ? { description: d.description } : {}), ...(d.parameters ? { parameters: d.parameters } : {}) })),
    toolConfig: fc
      ? { ...(fc.mode ? { mode: fc.mode.toUpperCase() } : {}), ...(fc.allowed_function_names ? { allowedFunctionNames: fc.allowed_function_names } : {}) }
      : null,
    webhookUrl: b.webhook_url ?? null,
  };
}

function configToWire(c: LlmConfig) {
  const out: Record<string, unknown> = {};
  if (c.temperature !== undefined) out.temperature = c.temperature;
  if (c.maxOutputTokens !== undefined) out.max_output_tokens = c.maxOutputTokens;
  if (c.topP !== undefined) out.top_p = c.topP;
  if (c.topK !== undefined) out.top_k = c.topK;
  if (c.presencePenalty !== undefined) out.presence_penalty = c.presencePenalty;
  if (c.frequencyPenalty !== undefined) out.frequency_penalty = c.frequencyPenalty;
  if (c.seed !== undefined) out.seed = c.seed;
  if (c.stopSequences) out.stop_sequences = c.stopSequences;
  if (c.responseMimeType) out.response_mime_type = c.responseMimeType;
  if (c.responseJsonSchema !== undefined) out.response_json_schema = c.responseJsonSchema;
  return out;
}

/** The Text task: envelope, the request echoed, and the answer once done. */
export function textTaskToWire(t: Task) {
  const i = textGenerationKind.shownInputOf(t);
  const r = textGenerationKind.shownResultOf(t);
  const done = t.status === 'done';
  return {
    ...taskEnvelope(t),
    model_name: i.modelName,
    messages: (i.messages ?? []).map((m) => ({
      role: m.role,
      content: m.content,
      ...(m.functionCall ? { function_call: m.functionCall } : {}),
      ...(m.functionResponse ? { function_response: m.functionResponse } : {}),
    })),
    system_instruction: i.systemInstruction,
    config: configToWire(i.config ?? {}),
    response_text: done ? (r.responseText ?? '') : null,
    response_function_calls: done ? (r.functionCalls ?? []) : [],
    finish_reason: done ? (r.finishReason ?? null) : null,
    usage: done && r.usage ? { input_tokens: r.usage.inputTokens, output_tokens: r.usage.outputTokens } : null,
  };
}

/** In the task list: the first message as its name. */
export const textTaskSummary: TaskSummaryFields = {
  group: 'text_generator',
  name: excerpt(at('messages', 0, 'content')),
  thumbnail: none,
  output: none,
};
