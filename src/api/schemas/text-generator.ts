import { z } from 'zod';
import { flexBoolean } from './link-to-videos.js';
import { webhookUrl } from './common.js';

const message = z.object({
  role: z.enum(['user', 'model'], { error: '"role" must be "user" or "model".' }),
  content: z.string().max(200_000, 'Ensure this field has no more than 200000 characters.').nullish(),
  function_call: z.object({ name: z.string().min(1), args: z.record(z.string(), z.unknown()).nullish() }).nullish(),
  function_response: z.object({ name: z.string().min(1), response: z.unknown() }).nullish(),
});

const generationConfig = z
  .object({
    temperature: z.number().min(0, 'Ensure this value is greater than or equal to 0.').max(2, 'Ensure this value is less than or equal to 2.').nullish(),
    max_output_tokens: z.number().int().min(1, 'Ensure this value is greater than or equal to 1.').max(1_000_000).nullish(),
    top_p: z.number().min(0).max(1, 'Ensure this value is less than or equal to 1.').nullish(),
    top_k: z.number().int().min(1).nullish(),
    presence_penalty: z.number().min(-2).max(2).nullish(),
    frequency_penalty: z.number().min(-2).max(2).nullish(),
    seed: z.number().int().nullish(),
    stop_sequences: z.array(z.string().min(1)).max(5, 'Ensure this field has no more than 5 elements.').nullish(),
    response_mime_type: z.enum(['text/plain', 'application/json']).nullish(),
    response_json_schema: z.record(z.string(), z.unknown()).nullish(),
  })
  .passthrough();

const functionDeclaration = z.object({ name: z.string().min(1), description: z.string().nullish(), parameters: z.record(z.string(), z.unknown()).nullish() });

/** The contract's Text body. */
export const textGenerationBody = z
  .object({
    model_name: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(255, 'Ensure this field has no more than 255 characters.'),
    messages: z.array(message, { error: 'This field is required.' }).min(1, 'This list may not be empty.'),
    system_instruction: z.string().nullish(),
    config: generationConfig.nullish(),
    tools: z.array(z.object({ function_declarations: z.array(functionDeclaration).nullish() })).nullish(),
    tool_config: z
      .object({ function_calling_config: z.object({ mode: z.enum(['AUTO', 'ANY', 'NONE', 'auto', 'any', 'none']).nullish(), allowed_function_names: z.array(z.string()).nullish() }).nullish() })
      .nullish(),
    sync: flexBoolean.nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();

export type TextGenerationBody = z.infer<typeof textGenerationBody>;
