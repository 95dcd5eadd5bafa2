import { z } from 'zod';
import { requiredText, textUpTo } from './text-field.js';
import { flexBoolean } from './link-to-videos.js';
import { boundedNumber } from './bounded-number.js';
import { webhookUrl } from './common.js';

const message = z
  .object({
    role: z.enum(['user', 'model'], { error: (issue) => (issue.input === undefined ? 'This field is required.' : '"role" must be "user" or "model".') }),
    content: textUpTo(200_000).nullish(),
    function_call: z.object({ name: z.string().min(1), args: z.record(z.string(), z.unknown()).nullish() }).nullish(),
    function_response: z.object({ name: z.string().min(1), response: z.unknown() }).nullish(),
  })
  .meta({
    // A turn says something: text, a function call, or a function's result.
    anyOf: [
      { required: ['content'], properties: { content: { type: 'string', pattern: '\\S' } } },
      { required: ['function_call'], properties: { function_call: { type: 'object' } } },
      { required: ['function_response'], properties: { function_response: { type: 'object' } } },
    ],
  });

const generationConfig = z
  .object({
    temperature: boundedNumber(0, 2).nullish(),
    max_output_tokens: boundedNumber(1, 1_000_000, { integer: true }).nullish(),
    top_p: boundedNumber(0, 1).nullish(),
    top_k: boundedNumber(1, 1000, { integer: true }).nullish(),
    presence_penalty: boundedNumber(-2, 2).nullish(),
    frequency_penalty: boundedNumber(-2, 2).nullish(),
    // Any 32-bit seed, signed (Gemini-style clients) or unsigned.
    seed: boundedNumber(-(2 ** 31), 2 ** 32 - 1, { integer: true }).nullish(),
    stop_sequences: z.array(z.string().min(1)).max(5, 'Ensure this field has no more than 5 elements.').nullish(),
    response_mime_type: z.enum(['text/plain', 'application/json']).nullish(),
    response_json_schema: z.record(z.string(), z.unknown()).nullish(),
  })
  .passthrough();

/** What a model provider takes as a function's name. */
const FUNCTION_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

const functionDeclaration = z.object({
  name: z.string().regex(FUNCTION_NAME, 'A function name is letters, digits, _ . - (up to 64), not starting with a digit.'),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
});

/** The contract's Text body. */
export const textGenerationBody = z
  .object({
    model_name: requiredText(255),
    messages: z.array(message, { error: 'This field is required.' }).min(1, 'This list may not be empty.'),
    system_instruction: z.string().nullish(),
    config: generationConfig.nullish(),
    tools: z.array(z.object({ function_declarations: z.array(functionDeclaration).nullish() })).nullish(),
    tool_config: z
      .object({
        function_calling_config: z
          .object({ mode: z.enum(['AUTO', 'ANY', 'NONE', 'auto', 'any', 'none']).nullish(), allowed_function_names: z.array(z.string()).nullish() })
          .nullish(),
      })
      .nullish(),
    sync: flexBoolean.nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();

export type TextGenerationBody = z.infer<typeof textGenerationBody>;

/** The body as a route documents it: `model_name` one of the models this server runs (configured, so the route builds it). */
export const textGenerationBodyFor = (modelNames: readonly string[]) =>
  textGenerationBody.extend({ model_name: textGenerationBody.shape.model_name.meta({ enum: [...modelNames], 'x-server-specific': true }) });
