import { ttsKind } from '../../domain/speech/tts-kind.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { defineKindJob } from '../job-definition.js';

export function textToSpeechJob(deps: { speech: SpeechSynthesizer; blobs: BlobStore }) {
  return defineKindJob(
    ttsKind,
    'synthesize',
    async ({ input, task, run }) => {
      const audio = await deps.speech.synthesize({
        accountId: task.accountId,
        text: input.text,
        voiceId: input.voiceId,
        ...run(0, 95),
      });
      const key = ttsKind.fileKey(task, 'speech');
      await deps.blobs.putFile(key, audio.mp3Path);
      return {
        result: ttsKind.resultPatch({ outputKey: key, durationSeconds: audio.durationSeconds, words: audio.words }),
        costMillicredits: ttsKind.price('synthesize', input, { durationSeconds: audio.durationSeconds }),
      };
    },
    { lane: 'light' },
  );
}
