import { z } from 'zod';
import { credits, perStartedUnit } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { echoedBody } from '../tasks/echoed-body.js';

/** The aspects a product image is staged at, and the frame of each (the contract's video sizes, plus 4:5). */
export const PRODUCT_ASPECTS = ['16:9', '9:16', '1:1', '4:5'] as const;
export type ProductAspect = (typeof PRODUCT_ASPECTS)[number];

export const PRODUCT_FRAME_SIZES: Record<ProductAspect, { width: number; height: number }> = {
  '16:9': { width: 1920, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '4:5': { width: 1080, height: 1350 },
};

export const MOTION_STYLES = ['display', 'talking'] as const;
export type MotionStyle = (typeof MOTION_STYLES)[number];

/**
 * The steps a product video task is charged for. `regen_image` is not a step of its own: it makes a
 * new task whose one step is `gen_image`.
 */
export type ProductVideoStep = 'gen_image' | 'gen_video' | 'regen_video';

/** The contract's prices: 2 per image, 10 per started 30 s of video, 1 per video regeneration. */
export function productVideoPrice(step: ProductVideoStep, _input: unknown, measured: { durationSeconds: number }): number {
  if (step === 'gen_image') return credits(2);
  if (step === 'regen_video') return credits(1);
  return perStartedUnit(measured.durationSeconds, 30, 10);
}

/**
 * What a video step is asked to make, frozen when the follow-up is accepted (the script and the
 * presenter are chosen then, so the hold is priced on the real speech); `regen_video` reuses it
 * with a new seed.
 */
export const videoRequestSchema = z.object({
  motionStyle: z.enum(MOTION_STYLES),
  videoPrompt: z.string().nullable(),
  seed: z.number(),
  /** display: the video's length. talking: the estimate of the speech the hold was priced on. */
  durationSeconds: z.number(),
  /** talking only: what the presenter says, with which avatar and voice. */
  script: z.string().nullish(),
  avatarId: z.string().nullish(),
  voiceId: z.string().nullish(),
});
export type ProductVideoRequest = z.infer<typeof videoRequestSchema>;

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** Where each staged layer of the image stands (the PNGs sit under the task's `layers` folder). */
export const stagedLayoutSchema = z.object({
  width: z.number(),
  height: z.number(),
  hasShadow: z.boolean(),
  product: box,
  showcase: box.nullish(),
  presenter: box.nullish(),
});
export type StagedLayout = z.infer<typeof stagedLayoutSchema>;

/**
 * Product Video: one record goes image → video. The image step stages the cut-out product and
 * saves the layers; the video steps animate them (display) or put a talking presenter beside the
 * product (talking).
 */
export const productVideoKind = defineTaskKind({
  kind: 'product_video',
  jobs: { image: 'product_video.gen_image', video: 'product_video.gen_video' },
  input: z.object({
    echo: echoedBody,
    productUrl: z.string(),
    type: z.string().default('product_anyshot'),
    aspectRatio: z.enum(PRODUCT_ASPECTS),
    /** The aspect as the request spelled it (16x9 or 16:9), echoed back. */
    aspectEcho: z.string().nullish(),
    imagePrompt: z.string().nullish(),
    overrideAvatar: z.string().nullish(),
    showcaseUrl: z.string().nullish(),
    seed: z.number(),
    regenType: z.string().nullish(),
    regenSourceId: z.string().nullish(),
  }),
  result: z.looseObject({
    imageKey: z.string().nullish(),
    layout: stagedLayoutSchema.optional(),
    sceneKind: z.string().optional(),
    sceneDescription: z.string().optional(),
    videoRequest: videoRequestSchema.optional(),
    videoKey: z.string().nullish(),
    thumbnailKey: z.string().nullish(),
    motions: z.array(z.string()).optional(),
    durationSeconds: z.number().optional(),
  }),
  price: productVideoPrice,
  files: { image: 'image.png', layers: 'layers', videos: 'videos' },
});
