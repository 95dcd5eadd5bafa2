import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import { readSavedWordTimings } from '../../core/timing.js';
import { ttsKind } from '../../domain/speech/tts-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { envelopeWith } from './task.js';
import { excerpt, field, none, type TaskSummaryFields } from './task-summary.js';

export function ttsToWire(t: Task, blobs: BlobStore) {
  const input = ttsKind.shownInputOf(t);
  const result = ttsKind.shownResultOf(t);
  const output = typeof result.outputKey === 'string' && t.status === 'done' ? blobs.signedUrl(result.outputKey) : null;
  return envelopeWith(t, {
    text: input.text,
    script: input.text,
    voice_id: input.voiceId,
    accent: input.voiceId,
    output,
    video_output: output,
    // The contract's names; results saved before the rename already hold them.
    words: readSavedWordTimings(result.words)?.map((w) => ({ word: w.word, start: w.startSeconds, end: w.endSeconds })) ?? null,
    media_job: outputMediaJob(t, t.status === 'done' ? result.outputKey : null),
  });
}

/** In the task list: the text as its name, the MP3 as its output. */
export const ttsSummary: TaskSummaryFields = { group: 'text_to_speech', name: excerpt(field('text')), thumbnail: none, output: field('output') };
