import { z } from 'zod';
import { credits } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { retentionOutputs } from '../tasks/retention.js';
import { storedAssetInputs } from '../asset-generation/asset-inputs.js';

/** The price rule reads only the frozen cost, so a later catalog change never reprices a task. */
export function inspirationJobPrice(input: { creditCost: number }): number {
  return credits(input.creditCost);
}

/** Inspiration job: one inspiration's recipe run on the client's parameters; one PNG or MP4 out. */
export const inspirationJobKind = defineTaskKind({
  kind: 'inspiration_job',
  jobs: { make: 'inspiration_job.make' },
  input: z.object({
    inspirationId: z.string(),
    genType: z.enum(['image', 'video']),
    /** `parameters` as sent (shown as sent). */
    parameters: z.record(z.string(), z.unknown()).default({}),
    /** The parameters validated against the inspiration, defaults filled in: what the job runs on. */
    inputs: storedAssetInputs,
    creditCost: z.number().min(0),
    seed: z.number(),
  }),
  result: z.looseObject({
    outputKey: z.string().optional(),
    thumbnailKey: z.string().optional(),
    widthPx: z.number().optional(),
    heightPx: z.number().optional(),
    durationSeconds: z.number().optional(),
    ...retentionOutputs,
  }),
  price: (_step: 'make', input, _measured: Record<string, never>) => inspirationJobPrice(input),
  files: { png: 'output.png', mp4: 'output.mp4', thumbnail: 'thumbnail.jpg' },
});
