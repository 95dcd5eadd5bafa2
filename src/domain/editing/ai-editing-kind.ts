import { z } from 'zod';
import { videoStepPrice, type VideoStep } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { echoedBody } from '../tasks/echoed-body.js';
import { plannedVideoFiles, plannedVideoOutputs } from '../videos/planned-video-kind.js';
import { EDITING_STYLES } from './editing-styles.js';
import type { EditOperations } from './edit-instructions.js';

const aspectRatio = z.enum(['16:9', '9:16', '1:1']);

const operations: z.ZodType<EditOperations> = z.object({
  removeSilences: z.boolean().optional(),
  captions: z.boolean().optional(),
  music: z.boolean().optional(),
  zoom: z.boolean().optional(),
  pace: z.enum(['slow', 'normal', 'fast']).optional(),
  targetSeconds: z.number().optional(),
  trimStartSeconds: z.number().optional(),
  trimEndSeconds: z.number().optional(),
  aspectRatio: aspectRatio.optional(),
});

/**
 * The contract prices every step of an edit on the SOURCE's length (create 5, preview 1, render 4
 * credits per started 30 s), so the hold at create and the charge at done agree whatever the cut
 * removed. It reads only the measured source length.
 */
export function aiEditingPrice(step: VideoStep, _input: unknown, measured: { sourceSeconds: number }): number {
  return videoStepPrice(step, measured.sourceSeconds, 'standard');
}

/** AI Editing: the client's video cut, reframed, captioned and scored; preview and render follow-ups. */
export const aiEditingKind = defineTaskKind({
  kind: 'ai_editing',
  jobs: { make: 'ai_editing.make' },
  input: z.object({
    echo: echoedBody,
    videoUrl: z.string(),
    /** Seconds of the source as probed at create: what every step is priced on. */
    sourceSeconds: z.number(),
    /** Null: keep the source's shape. */
    aspectRatio: aspectRatio.nullable(),
    editingStyle: z.enum(EDITING_STYLES).nullable(),
    instructions: z.string().nullable(),
    operations,
    understood: z.array(z.string()).default([]),
    notUnderstood: z.array(z.string()).default([]),
    /** The contract's caption_setting as sent (snake_case); null when none was given. */
    caption: z.record(z.string(), z.unknown()).nullable(),
    musicUrl: z.string().nullable(),
    musicVolume: z.number().nullable(),
    voiceVolume: z.number().nullable(),
    seed: z.number(),
  }),
  /** The plan is the job's own product (read back through the pipeline's guard); the wire reads these. */
  result: z.looseObject({
    plan: z
      .looseObject({
        notes: z.array(z.string()).optional(),
        sourceSeconds: z.number().optional(),
        editedSeconds: z.number().optional(),
        captioned: z.boolean().optional(),
        transcript: z.string().optional(),
      })
      .optional(),
    ...plannedVideoOutputs,
  }),
  price: aiEditingPrice,
  files: plannedVideoFiles,
});
