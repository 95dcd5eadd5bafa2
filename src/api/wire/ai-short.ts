import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import { aiShortKind } from '../../domain/shorts/ai-short-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { envelopeWith } from './task.js';
import { videoFilesToWire } from './video-files.js';
import { excerpt, field, firstOf, videoSummary, type TaskSummaryFields } from './task-summary.js';

/** An AI short as clients see it; `output` stays null until a render is done. */
export function aiShortToWire(t: Task, blobs: BlobStore) {
  const input = aiShortKind.shownInputOf(t);
  const result = aiShortKind.shownResultOf(t);
  const echo = input.echo ?? {};
  return Object.assign(
    {},
    echo,
    envelopeWith(t, {
      script: input.script ?? echo.script ?? null,
      aspect_ratio: echo.aspect_ratio ?? input.aspectRatio ?? null,
      style: input.style ?? echo.style ?? null,
      accent: input.voiceId ?? null,
      voice_id: input.voiceId ?? null,
      name: input.name ?? null,
      ...videoFilesToWire(result, blobs),
      media_job: outputMediaJob(t, result.outputKey),
      editor_url: null,
    }),
  );
}

export const aiShortSummary: TaskSummaryFields = videoSummary('ai_shorts', firstOf(field('name'), excerpt(field('script'))));
