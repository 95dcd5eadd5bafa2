import type { Task } from '../../core/task.js';
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
    words: Array.isArray(t.result.words) ? t.result.words : null,
    media_job: null,
  });
}
