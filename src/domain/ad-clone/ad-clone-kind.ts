import { z } from 'zod';
import { perStartedUnit } from '../credits/prices.js';
import { linkFactsSchema } from '../links/link-facts-schema.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { retentionOutputs } from '../tasks/retention.js';
import { adAnalysisSchema } from './ad-analysis.js';

/** 12 credits per started 5 s of the output (the contract's price list). */
export function adClonePrice(durationSeconds: number): number {
  return perStartedUnit(durationSeconds, 5, 12);
}

/**
 * Ad clone: a reference ad analysed (shots, pacing, on-screen text, caption look, script, energy),
 * turned into a template and filled with a link's product. The analysis and the template are
 * saved in the result so a client can see what was cloned.
 */
export const adCloneKind = defineTaskKind({
  kind: 'ads_clone',
  jobs: { make: 'ads_clone.make' },
  input: z.object({
    linkId: z.string(),
    linkUrl: z.string().nullable().default(null),
    facts: linkFactsSchema,
    /** The link's pictures that passed the create check, in the link's order. */
    imageUrls: z.array(z.string()),
    videoUrl: z.string(),
    aspectRatio: z.enum(['9:16', '16:9', '1:1']),
    /** Null keeps the reference's language (as heard). */
    language: z.string().nullable(),
    /** The fields as sent, echoed on GET. */
    echo: z.object({ aspect_ratio: z.string().nullable(), language: z.string().nullable() }).default({ aspect_ratio: null, language: null }),
    referenceSeconds: z.number(),
    seed: z.number(),
  }),
  result: z.looseObject({
    analysis: adAnalysisSchema.optional(),
    /** The clone as a template (the templates format), saved for inspection. */
    template: z.record(z.string(), z.unknown()).optional(),
    script: z.string().optional(),
    outputKey: z.string().nullish(),
    thumbnailKey: z.string().nullish(),
    durationSeconds: z.number().optional(),
    ...retentionOutputs,
  }),
  price: (_step: 'make', _input, measured: { durationSeconds: number }) => adClonePrice(measured.durationSeconds),
  files: { output: 'output.mp4', thumbnail: 'thumbnail.jpg', reference: 'reference' },
});
