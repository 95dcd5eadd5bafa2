import { z } from 'zod';
import { fileUrl, mediaJob, taskEnvelopeShape, retentionShape } from './task.js';
import { created, paid, readOperations, type OperationTable } from './operations.js';

const box = z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** `api/wire/ad-clone.ts`: what ad clone saw in the reference. */
const analysisResponse = z.strictObject({
  duration: z.number(),
  width: z.number(),
  height: z.number(),
  shots: z.array(z.strictObject({ index: z.number(), start: z.number(), end: z.number(), duration: z.number() })),
  pacing: z.strictObject({
    shot_count: z.number(),
    average_shot_seconds: z.number(),
    shortest_shot_seconds: z.number(),
    longest_shot_seconds: z.number(),
    cuts_per_minute: z.number(),
  }),
  texts: z.array(
    z.strictObject({
      shot: z.number(),
      at: z.number(),
      text: z.string(),
      box: box.describe('Fractions of the frame; x, y top-left'),
      color: z.string(),
      words: z.number(),
      lines: z.number(),
    }),
  ),
  caption_look: z
    .strictObject({
      position: z.strictObject({ x: z.number(), y: z.number() }).describe('Centre from the frame centre, fractions (−0.5..0.5)'),
      region: z.enum(['top', 'middle', 'bottom']),
      color: z.string(),
      case: z.enum(['upper', 'lower', 'as-is']),
      words_per_line: z.number(),
      text_height: z.number(),
      shot_share: z.number(),
    })
    .nullable(),
  transcript: z
    .strictObject({
      text: z.string(),
      language: z.string(),
      engine: z.string(),
      words: z.array(z.strictObject({ word: z.string(), start: z.number(), end: z.number() })),
    })
    .nullable(),
  script: z.strictObject({
    sentence_count: z.number(),
    hook: z.strictObject({ text: z.string(), words: z.number(), seconds: z.number() }).nullable(),
    call_to_action: z.string().nullable(),
    words_per_second: z.number(),
    sentences: z.array(z.string()),
  }),
  energy: z.strictObject({
    mean_db: z.number(),
    voice_db: z.number().nullable(),
    background_db: z.number().nullable(),
    speech_share: z.number(),
    level: z.enum(['silent', 'calm', 'moderate', 'energetic']),
    curve_db: z.array(z.number()),
  }),
});

export const adCloneTaskResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    link: z.string().nullable(),
    video_url: z.string().nullable(),
    aspect_ratio: z.string().nullable(),
    language: z.string().nullable().describe("Null keeps the reference's language"),
    output: fileUrl,
    video_output: fileUrl.describe('Same as output'),
    thumbnail: fileUrl,
    media_job: mediaJob,
    analysis: analysisResponse.nullable().describe('Set once the reference is analysed'),
    template: z.record(z.string(), z.unknown()).nullable().describe('The clone as a template (docs/templates.md)'),
    script: z.string().nullable(),
    ...retentionShape,
  })
  .describe('An ad clone task');

export const adCloneOperations: OperationTable = {
  'POST /api/ads_clone/': created(adCloneTaskResponse, paid),
  ...readOperations('/api/ads_clone/', adCloneTaskResponse),
};
