import { z } from 'zod';
import { isoTime, taskStatus } from './task.js';
import { created, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/ai-script.ts`: answered done, with its scripts. */
export const aiScriptResponse = z
  .strictObject({
    id: z.string(),
    status: taskStatus,
    progress: z.number(),
    url: z.string().nullable(),
    link_id: z.string().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    language: z.string(),
    target_audience: z.string().nullable(),
    platform: z.string().nullable(),
    video_length: z.number(),
    script_styles: z.array(z.string()),
    seed: z.number(),
    product: z.strictObject({
      title: z.string(),
      description: z.string(),
      features: z.array(z.string()),
      price: z.strictObject({ amount: z.number(), currency: z.string().nullable() }).nullable(),
      reviews: z.unknown(),
      image_urls: z.array(z.string()),
      video_urls: z.array(z.string()),
      brand: z.string().nullable(),
      ai_industry: z.string().nullable(),
      ai_target_audiences: z.array(z.string()),
    }),
    generated_scripts: z.array(
      z.strictObject({
        title: z.string(),
        script_style: z.string(),
        script_name: z.string(),
        paragraphs: z.union([z.string(), z.array(z.string())]),
        word_count: z.number(),
        estimated_duration: z.number().describe('Seconds'),
        writer: z
          .string()
          .describe("Who wrote it (extension): `built-in` (the template copywriter) or `local:<model>` (the operator's GGUF model, LLM_MODEL_PATH)"),
      }),
    ),
    credits_used: z.number(),
    failed_reason: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .describe('A set of AI ad scripts');

export const aiScriptOperations: OperationTable = {
  'POST /api/ai_scripts/': created(aiScriptResponse, paid),
  ...readOperations('/api/ai_scripts/', aiScriptResponse),
};
