import { z } from 'zod';
import { videoStepPrice } from '../credits/prices.js';
import { linkFactsSchema } from '../links/link-facts-schema.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { echoedBody } from '../tasks/echoed-body.js';
/** A stored preview (`stored-preview.ts`); only its `mediaJob` is needed to pick it, the rest is checked where it is used. */
const storedPreview = z.looseObject({ mediaJob: z.string(), style: z.string().optional(), key: z.string().optional(), thumbnailKey: z.string().optional() });

/**
 * URL to Video: a product Link made into an ad video, directly or through previews (one per
 * visual style) and a render of one. A preview step costs the preview price once per style.
 */
const linkVideoInput = z.object({
  mode: z.enum(['direct', 'preview', 'preview_list']).optional(),
  echo: echoedBody,
  linkId: z.string(),
  linkUrl: z.string().nullish(),
  /** The Link's facts as they were at create: the video does not change when the Link does. */
  facts: linkFactsSchema,
  language: z.string(),
  videoLengthSeconds: z.number(),
  aspectRatio: z.enum(['16:9', '9:16', '1:1']),
  scriptStyle: z.string(),
  styles: z.array(z.string()),
  avatarId: z.string().nullish(),
  presenterImageUrl: z.string().nullish(),
  voiceId: z.string(),
  seed: z.number(),
  overrideScript: z.string().nullish(),
  targetAudience: z.string().nullish(),
  targetPlatform: z.string().nullish(),
  music: z.object({ none: z.boolean(), url: z.string().nullable(), volume: z.number().nullable() }),
  voiceoverVolume: z.number().nullish(),
  caption: z.object({ none: z.boolean(), override: z.boolean(), setting: z.record(z.string(), z.unknown()).nullable() }),
  noCta: z.boolean().default(false),
  /** no_stock_broll: no stock library is asked, even with a key configured (absent on older rows: false). */
  noStockBroll: z.boolean().optional(),
  modelVersion: z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).default('standard'),
});
export type LinkVideoInput = z.infer<typeof linkVideoInput>;
export type LinkVideoStep = 'direct' | 'preview' | 'preview_list' | 'render';

/**
 * The price of a step; it reads only the model and the styles, so a follow-up can price a task
 * whose other input fields an older row lacks. A preview step costs the preview price per style.
 */
export function linkVideoPrice(step: LinkVideoStep, input: Pick<LinkVideoInput, 'modelVersion' | 'styles'>, measured: { durationSeconds: number }): number {
  return step === 'direct' || step === 'render'
    ? videoStepPrice(step, measured.durationSeconds, input.modelVersion)
    : videoStepPrice('preview', measured.durationSeconds, input.modelVersion) * input.styles.length;
}

export const linkVideoKind = defineTaskKind({
  kind: 'link_to_video',
  jobs: { make: 'link_to_video.make' },
  input: linkVideoInput,
  result: z.looseObject({
    /** The plan is the job's own (read back through `isAdPlan`); the domain reads only these. */
    plan: z
      .looseObject({
        script: z.string().optional(),
        durationSeconds: z.number().optional(),
        /** Stock b-roll in the plan (`pipelines/video/stock-broll.ts`): what the task shows as `stock_media`. */
        stockBroll: z
          .looseObject({
            credits: z.array(z.looseObject({ source: z.string(), pageUrl: z.string(), author: z.string(), licence: z.string(), query: z.string().optional() })),
            problem: z.string().optional(),
          })
          .optional(),
      })
      .optional(),
    previews: z.array(storedPreview).optional(),
    previewKey: z.string().nullish(),
    outputKey: z.string().nullish(),
    thumbnailKey: z.string().nullish(),
    durationSeconds: z.number().optional(),
    renderedMediaJob: z.string().nullish(),
  }),
  price: linkVideoPrice,
  files: {
    plan: 'plan',
    /** One preview per visual style, by its place in the request's list. */
    preview: (index: number) => `preview-${index}.mp4`,
    previewThumbnail: (index: number) => `preview-${index}.jpg`,
    output: 'output.mp4',
    outputThumbnail: 'output.jpg',
  },
});
