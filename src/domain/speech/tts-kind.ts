import { z } from 'zod';
import { perStartedUnit } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';

/** Text to speech: one MP3 of the text in the voice, charged per started 30 s of it. */
export const ttsKind = defineTaskKind({
  kind: 'text_to_speech',
  jobs: { synthesize: 'text_to_speech.synthesize' },
  input: z.object({ text: z.string(), voiceId: z.string() }),
  result: z.looseObject({
    outputKey: z.string().nullish(),
    durationSeconds: z.number().optional(),
    words: z.array(z.unknown()).optional(),
  }),
  price: (_step: 'synthesize', _input, measured: { durationSeconds: number }) => perStartedUnit(measured.durationSeconds, 30, 1),
  files: { speech: 'speech.mp3' },
});
