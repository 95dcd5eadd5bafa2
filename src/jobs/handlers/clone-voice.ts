import { z } from 'zod';
import { CLONE_VOICE_JOB } from '../../domain/speech/cloned-voice-service.js';
import type { VoiceCloner } from '../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { defineJob } from '../job-definition.js';

/** Matches a cloned voice to its stored sample and keeps a spoken preview of it. */
export function cloneVoiceJob(deps: { cloner: VoiceCloner; blobs: BlobStore }) {
  return defineJob({
    name: CLONE_VOICE_JOB,
    payload: z.object({}).passthrough(),
    async handle({ task, signal, workDir, reportProgress }) {
      const made = await deps.cloner.clone(String(task.input.sampleKey), {
        language: String(task.input.language ?? 'en'),
        workDir,
        signal,
        onProgress: (f) => reportProgress(f * 98),
      });
      const previewKey = `${task.accountId}/${task.id}/preview.mp3`;
      await deps.blobs.putFile(previewKey, made.previewMp3Path);
      return {
        result: { spec: made.spec, profile: made.profile, gender: made.gender, base: made.base, previewKey },
        // Cloning has a fixed price (configured); the hold is exactly that price.
        costMillicredits: task.heldMillicredits,
      };
    },
  });
}
