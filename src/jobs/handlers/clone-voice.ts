import { clonedVoiceKind } from '../../domain/speech/cloned-voice-kind.js';
import type { VoiceCloner } from '../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { defineKindJob } from '../job-definition.js';

/** Matches a cloned voice to its stored sample and keeps a spoken preview of it. */
export function cloneVoiceJob(deps: { cloner: VoiceCloner; blobs: BlobStore }) {
  return defineKindJob(
    clonedVoiceKind,
    'match',
    async ({ input, task, run }) => {
      const made = await deps.cloner.clone(input.sampleKey, {
        language: input.language,
        ...run(0, 98),
      });
      const previewKey = clonedVoiceKind.fileKey(task, 'preview');
      await deps.blobs.putFile(previewKey, made.previewMp3Path);
      return {
        result: clonedVoiceKind.resultPatch({ spec: made.spec, profile: made.profile, gender: made.gender, base: made.base, previewKey }),
        // The fixed price the hold froze at create.
        costMillicredits: clonedVoiceKind.price('match', input, { millicredits: task.heldMillicredits }),
      };
    },
    { lane: 'light' },
  );
}
