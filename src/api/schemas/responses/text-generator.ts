import { z } from 'zod';
import { taskEnvelopeShape } from './task.js';
import { sseEventSchema } from './task-events.js';
import { created, ok, paid, type OperationTable } from './operations.js';

const functionCall = z.strictObject({ name: z.string(), args: z.record(z.string(), z.unknown()) });

/** `api/wire/text-generation.ts`. */
export const textTaskResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    model_name: z.string(),
    messages: z.array(
      z.strictObject({
        role: z.enum(['user', 'model']),
        content: z.string(),
        function_call: functionCall.optional(),
        function_response: z.strictObject({ name: z.string(), response: z.unknown() }).optional(),
      }),
    ),
    system_instruction: z.string(),
    config: z.strictObject({
      temperature: z.number().optional(),
      max_output_tokens: z.number().optional(),
      top_p: z.number().optional(),
      top_k: z.number().optional(),
      presence_penalty: z.number().optional(),
      frequency_penalty: z.number().optional(),
      seed: z.number().optional(),
      stop_sequences: z.array(z.string()).optional(),
      response_mime_type: z.string().optional(),
      response_json_schema: z.unknown().optional(),
    }),
    response_text: z.string().nullable().describe('The answer once done'),
    response_function_calls: z.array(functionCall),
    finish_reason: z.enum(['stop', 'length', 'function_call', 'content_filter', 'other']).nullable(),
    usage: z.strictObject({ input_tokens: z.number(), output_tokens: z.number() }).nullable(),
  })
  .describe('A text generation task');

/** The stream route answers Server-Sent Events, not JSON: documented as such (see api/openapi.ts). */
export const textStreamResponse = {
  description:
    'Server-Sent Events: `delta` ({id, text}) as the model writes, then `done` (the finished task) or `error` ({detail, code}); `shutdown` ({detail, code}) when the server is going away',
  content: { 'text/event-stream': { schema: sseEventSchema(['delta', 'done', 'error', 'shutdown']) } },
};

const textGenerator = (prefix: string): OperationTable => ({
  [`POST ${prefix}/`]: created(textTaskResponse, paid),
  [`POST ${prefix}/stream/`]: ok(textStreamResponse, paid),
  [`GET ${prefix}/`]: ok(z.array(textTaskResponse)),
  [`GET ${prefix}/:id/`]: ok(textTaskResponse),
});

/** The same operations under `/api` and `/sse`. */
export const textGeneratorOperations: OperationTable = {
  ...textGenerator('/api/text_generator'),
  ...textGenerator('/sse/text_generator'),
};
