import { z } from 'zod';
import { perStartedUnit } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { retentionOutputs } from '../tasks/retention.js';
import { echoedBody } from '../tasks/echoed-body.js';
import { AURORA_MODELS, AURORA_RESOLUTIONS, auroraSettings } from './aurora-models.js';

const motionGuidance = z.object({
  headMotion: z.number(),
  nod: z.number(),
  blinkRate: z.number(),
  mouthGain: z.number(),
  matched: z.array(z.string()),
  negated: z.array(z.string()),
});

/** Aurora: a portrait photo speaking a recording, priced per started second of it (by model and resolution). */
export const auroraKind = defineTaskKind({
  kind: 'aurora',
  jobs: { make: 'aurora.make' },
  input: z.object({
    /** name, text_prompt, prompt_guidance_scale and ttl_days as sent: they are shown as sent. */
    echo: echoedBody,
    imageUrl: z.string(),
    audioUrl: z.string(),
    model: z.enum(AURORA_MODELS),
    resolution: z.enum(AURORA_RESOLUTIONS),
    outputUploadUrl: z.string().nullish(),
    /** Tasks made before prompts were read have none: the animator's defaults. */
    guidance: motionGuidance.optional(),
    seed: z.number().optional(),
  }),
  result: z.looseObject({
    outputKey: z.string().nullish(),
    thumbnailKey: z.string().nullish(),
    durationSeconds: z.number().optional(),
    widthPx: z.number().optional(),
    heightPx: z.number().optional(),
    outputUpload: z.record(z.string(), z.unknown()).nullish(),
    ...retentionOutputs,
  }),
  price: (_step: 'make', input, measured: { durationSeconds: number }) =>
    perStartedUnit(measured.durationSeconds, 1, auroraSettings(input.model, input.model === 'aurora_v2' ? input.resolution : null).creditsPerSecond),
  files: { output: 'output.mp4', thumbnail: 'thumbnail.jpg' },
});
