import { z } from 'zod';
import { credits } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';

const writtenScript = z.object({
  title: z.string(),
  style: z.string(),
  styleName: z.string(),
  text: z.string(),
  wordCount: z.number(),
  estimatedSeconds: z.number(),
  /** Who wrote it (`built-in` or `local:<model>`), and why the configured model did not, when it did not. */
  writer: z.string().optional(),
  fallbackReason: z.string().nullish(),
});

/** One written script, as stored on the task. */
export type WrittenScript = z.infer<typeof writtenScript>;

/**
 * AI Scripts: born done (written while the client waits), charged at once, no job and no files.
 * The price rule is still here, so a kind is read in one place.
 */
export const aiScriptKind = defineTaskKind({
  kind: 'ai_script',
  jobs: {},
  input: z.object({
    url: z.string().nullish(),
    linkId: z.string().nullish(),
    title: z.string().nullish(),
    description: z.string().nullish(),
    language: z.string(),
    targetAudience: z.string().nullish(),
    platform: z.string().nullish(),
    videoLength: z.number(),
    scriptStyles: z.array(z.string()),
    seed: z.number(),
  }),
  result: z.looseObject({
    product: z
      .looseObject({
        title: z.string().optional(),
        description: z.string().optional(),
        features: z.array(z.string()).optional(),
        price: z.object({ amount: z.number(), currency: z.string().nullable() }).nullish(),
        reviews: z.unknown(),
        imageUrls: z.array(z.string()).optional(),
        videoUrls: z.array(z.string()).optional(),
        brand: z.string().nullish(),
        industry: z.string().nullish(),
        targetAudiences: z.array(z.string()).optional(),
      })
      .optional(),
    scripts: z.array(writtenScript).optional(),
  }),
  price: (_step: 'write', _input, _measured: null) => credits(1),
  files: {},
});
