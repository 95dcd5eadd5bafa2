import { z } from 'zod';
import { defineTaskKind } from '../tasks/task-kind.js';

/** Cloned voices are tasks of this kind: created processing, done once matched (spec §2.10). */
export const clonedVoiceKind = defineTaskKind({
  kind: 'cloned_voice',
  jobs: { match: 'cloned_voice.match' },
  input: z.object({
    name: z.string(),
    language: z.string().default('en'),
    sampleKey: z.string(),
    audioUrl: z.string().optional(),
    sampleSeconds: z.number().optional(),
    speechSeconds: z.number().optional(),
  }),
  result: z.looseObject({
    /** What the matching engine made (JSON; checked where it is spoken). */
    spec: z.record(z.string(), z.unknown()).optional(),
    profile: z.record(z.string(), z.unknown()).optional(),
    gender: z.enum(['male', 'female']).nullish(),
    base: z.looseObject({ voiceId: z.string().optional(), locale: z.string().optional(), accentName: z.string().optional() }).optional(),
    previewKey: z.string().nullish(),
  }),
  /**
   * No published price: a fixed amount set by VOICE_CLONE_CREDITS. The service holds it; the job
   * charges the amount the hold froze (a change of configuration in between does not apply).
   */
  price: (_step: 'match', _input, fixed: { millicredits: number }) => Math.max(0, fixed.millicredits),
  files: { preview: 'preview.mp3' },
});
