import { z } from 'zod';
import { prices } from '../../domain/credits/prices.js';
import { TTS_JOB } from '../../domain/speech/tts-service.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { defineJob } from '../job-definition.js';

export function textToSpeechJob(deps: { speech: SpeechSynthesizer; blobs: BlobStore }) {
  return defineJob({
    name: TTS_JOB,
    payload: z.object({}).passthrough(),
    async handle({ task, signal, workDir, reportProgress }) {
      const text = String(task.input.text);
      const voiceId = String(task.input.voiceId);
      const audio = await deps.speech.synthesize({ accountId: task.accountId, text, voiceId, workDir, signal, onProgress: (f) => reportProgress(f * 95) });
      const key = `${task.accountId}/${task.id}/speech.mp3`;
      await deps.blobs.putFile(key, audio.mp3Path);
      return {
        result: { outputKey: key, durationSeconds: audio.durationSeconds, words: audio.words },
        costMillicredits: prices.textToSpeech(audio.durationSeconds),
      };
    },
  });
}
