import type { Task } from '../../core/task.js';
import { readSavedWordTimings } from '../../core/timing.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { envelopeWith } from './task.js';

export function ttsToWire(t: Task, blobs: BlobStore) {
  const output = typeof t.result.outputKey === 'string' && t.status === 'done' ? blobs.signedUrl(t.result.outputKey) : null;
  return envelopeWith(t, {
    text: t.input.text,
    script: t.input.text,
    voice_id: t.input.voiceId,
    accent: t.input.voiceId,
    output,
    video_output: output,
    // The contract's names; results saved before the rename already hold them.
    words: readSavedWordTimings(t.result.words)?.map((w) => ({ word: w.word, start: w.startSeconds, end: w.endSeconds })) ?? null,
    media_job: null,
  });
}
