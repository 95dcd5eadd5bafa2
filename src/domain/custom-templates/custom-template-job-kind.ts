import { z } from 'zod';
import { videoStepPrice, type VideoModelVersion, type VideoStep } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { echoedBody } from '../tasks/echoed-body.js';

/**
 * A value as frozen into the task: what the client gave (URLs, texts, ids), checked at create;
 * voiceovers carry the voice chosen then, so a preview and its render say the same words alike.
 */
export const storedValueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['image', 'video', 'audio']), url: z.string() }),
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('avatar'), avatarId: z.string() }),
  z.object({ type: z.literal('voiceover'), text: z.string(), voiceId: z.string() }),
]);
export type StoredTemplateValue = z.infer<typeof storedValueSchema>;

/** The price of a step: direct create 5 cr / 30 s, previews 1 cr / 30 s, render 4 cr / 30 s; aurora models per second. */
export function customTemplateJobPrice(step: VideoStep, input: { modelVersion: VideoModelVersion }, measured: { durationSeconds: number }): number {
  return videoStepPrice(step, measured.durationSeconds, input.modelVersion);
}

/** Custom template job: a template (frozen as it was at create) filled with the client's values. */
export const customTemplateJobKind = defineTaskKind({
  kind: 'custom_template_job',
  jobs: { make: 'custom_template_job.make' },
  input: z.object({
    templateId: z.string(),
    /** The template's JSON as it was at create; the job reads it through `parseTemplate`. */
    template: z.record(z.string(), z.unknown()),
    values: z.record(z.string(), storedValueSchema),
    name: z.string().nullish(),
    modelVersion: z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).default('standard'),
    /** `parameters` / `variables` as the client sent them (echoed on the wire). */
    echo: echoedBody,
  }),
  result: z.looseObject({
    previewKey: z.string().nullish(),
    outputKey: z.string().nullish(),
    thumbnailKey: z.string().nullish(),
    durationSeconds: z.number().optional(),
    /** What each voiceover slot said and how long. */
    voiceovers: z.record(z.string(), z.object({ text: z.string(), durationSeconds: z.number() })).optional(),
  }),
  price: customTemplateJobPrice,
  files: { preview: 'preview.mp4', output: 'output.mp4', previewThumbnail: 'preview.jpg', outputThumbnail: 'output.jpg' },
});
