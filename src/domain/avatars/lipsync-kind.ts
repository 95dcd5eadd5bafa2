import { z } from 'zod';
import { videoStepPrice, type VideoStep } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { echoedBody } from '../tasks/echoed-body.js';
import { plannedVideoFiles, plannedVideoOutputs } from '../videos/planned-video-kind.js';
import { BACKGROUND_EFFECTS, SCENE_TRANSITIONS, V2_VISUAL_STYLES, type AvatarVideoSpec } from './avatar-video-spec.js';

const modelVersion = z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).default('standard');
const aspectRatio = z.enum(['16:9', '9:16', '1:1']);

/**
 * The produced files of a planned video (AI Avatar v1, v2). The plan itself is the job's own
 * product: the domain only names what the wire shows (the voice of v1; nothing of v2's); the job
 * reads the whole plan back through the pipeline's reader.
 */
const talkingVideoResult = z.looseObject({
  plan: z.looseObject({ files: z.looseObject({ voice: z.string().optional() }).optional() }).optional(),
  ...plannedVideoOutputs,
});
const scenesVideoResult = z.looseObject({
  plan: z.looseObject({}).optional(),
  ...plannedVideoOutputs,
});

/**
 * The price of a step of v1 and v2 alike. It reads only the model, so a follow-up can price a
 * task whose other input fields an older row lacks.
 */
export function plannedVideoPrice(
  step: VideoStep,
  input: { modelVersion: 'standard' | 'aurora_v1' | 'aurora_v1_fast' },
  measured: { durationSeconds: number },
): number {
  return videoStepPrice(step, measured.durationSeconds, input.modelVersion);
}

/** AI Avatar v1: one avatar speaking text or the client's audio. */
export const lipsyncKind = defineTaskKind({
  kind: 'lipsync',
  jobs: { make: 'lipsync.make' },
  input: z.object({
    echo: echoedBody,
    aspectRatio: aspectRatio,
    avatarId: z.string(),
    voiceId: z.string().nullish(),
    text: z.string().nullish(),
    audioUrl: z.string().nullish(),
    backgroundImageUrl: z.string().nullish(),
    greenScreen: z.boolean().default(false),
    transparent: z.boolean().default(false),
    noCaption: z.boolean().default(false),
    noMusic: z.boolean().default(false),
    /** The contract's caption_setting as sent (snake_case); the job reads it as a caption setting. */
    caption: z.record(z.string(), z.unknown()).nullish(),
    seed: z.number(),
    modelVersion,
  }),
  result: talkingVideoResult,
  price: plannedVideoPrice,
  files: plannedVideoFiles,
});
/** What AI Avatar v1's pipeline reads: the frozen input itself, so a field added here reaches it with no copy. */
export type LipsyncInput = z.infer<typeof lipsyncKind.input>;

const offset = z.object({ x: z.number(), y: z.number() });
const captionJson = z.record(z.string(), z.unknown());
const avatarVideoSpec: z.ZodType<AvatarVideoSpec> = z.object({
  aspectRatio,
  scenes: z.array(
    z.object({
      avatar: z.object({ id: z.string(), name: z.string(), offset, scale: z.number(), style: z.enum(['normal', 'circle']), hidden: z.boolean() }),
      voice: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('text'), text: z.string(), voiceId: z.string(), volume: z.number(), model: z.enum(['v2', 'v3']).nullable() }),
        z.object({ kind: z.literal('silence'), seconds: z.number(), volume: z.number() }),
      ]),
      background: z
        .object({ kind: z.enum(['image', 'video']), url: z.string(), fit: z.enum(['crop', 'contain']), effect: z.enum(BACKGROUND_EFFECTS).nullable() })
        .nullable(),
      caption: z.object({ setting: captionJson.nullable(), override: z.boolean(), hidden: z.boolean() }),
      transitionIn: z.enum(SCENE_TRANSITIONS).nullable(),
      transitionOut: z.enum(SCENE_TRANSITIONS).nullable(),
      visualStyle: z.enum(V2_VISUAL_STYLES),
      cta: z
        .object({
          logo: z.object({ url: z.string(), offset: offset.nullable(), scale: z.number() }).nullable(),
          caption: z.object({ text: z.string(), setting: captionJson.nullable() }).nullable(),
        })
        .nullable(),
    }),
  ),
  music: z.object({ url: z.string(), volume: z.number() }).nullable(),
  endCard: z
    .object({
      background: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('url'), url: z.string() }),
        z.object({ kind: z.literal('color'), color: z.string() }),
      ]),
      seconds: z.number(),
    })
    .nullable(),
  name: z.string().nullable(),
  seed: z.number(),
});

/** AI Avatar v2: a plan of voiced scenes, one avatar clip per scene. Shares v1's follow-ups and prices. */
export const lipsyncV2Kind = defineTaskKind({
  kind: 'lipsync_v2',
  jobs: { make: 'lipsync_v2.make' },
  input: z.object({
    echo: echoedBody,
    aspectRatio: aspectRatio,
    spec: avatarVideoSpec,
    modelVersion,
  }),
  result: scenesVideoResult,
  price: plannedVideoPrice,
  files: plannedVideoFiles,
});
