import { z } from 'zod';
import { videoStepPrice, type VideoStep } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { echoedBody } from '../tasks/echoed-body.js';
import { plannedVideoFiles, plannedVideoOutputs } from '../videos/planned-video-kind.js';
import { SHORT_STYLES } from './short-styles.js';

/**
 * The price of a step: a direct create 5 cr, a preview 1 cr, a render 4 cr per started 30 s of
 * the short. Nothing of the input changes it, so a follow-up can price any stored row.
 */
export function aiShortPrice(step: VideoStep, _input: unknown, measured: { durationSeconds: number }): number {
  return videoStepPrice(step, measured.durationSeconds, 'standard');
}

/** AI Shorts: a script narrated over one illustrated scene per phrase, in one of ten styles. */
export const aiShortKind = defineTaskKind({
  kind: 'ai_short',
  jobs: { make: 'ai_short.make' },
  input: z.object({
    echo: echoedBody,
    script: z.string(),
    aspectRatio: z.enum(['16:9', '9:16', '1:1']),
    style: z.enum(SHORT_STYLES),
    voiceId: z.string(),
    /** The contract's caption_setting as sent (snake_case); the job reads it as a caption setting. */
    caption: z.record(z.string(), z.unknown()).nullish(),
    music: z.object({ url: z.string().nullable(), volume: z.number().nullable() }),
    voiceoverVolume: z.number().nullish(),
    name: z.string().nullish(),
    seed: z.number(),
    /**
     * The product (extension, issue 28 pt 6): its photos (a link's, or `product_images`) and its
     * name, frozen at create; it stands in at least a third of the scenes. Absent: no product.
     */
    product: z.object({ imageUrls: z.array(z.string()).min(1), name: z.string().nullable(), linkId: z.string().nullable() }).nullish(),
  }),
  /** The plan is the job's own (read back through `isShortPlan`); the domain reads only these. */
  result: z.looseObject({
    plan: z.looseObject({ speechSeconds: z.number().optional(), files: z.looseObject({ voice: z.string().optional() }).optional() }).optional(),
    ...plannedVideoOutputs,
  }),
  price: aiShortPrice,
  files: plannedVideoFiles,
});

/** What AI Shorts' pipeline reads: the frozen input itself, so a field added here reaches it with no copy. */
export type AiShortInput = z.infer<typeof aiShortKind.input>;
