import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { aiEditingKind } from '../../domain/editing/ai-editing-kind.js';
import { envelopeWith } from './task.js';
import { videoFilesToWire } from './video-files.js';
import { videoSummary, type TaskSummaryFields } from './task-summary.js';

/** An AI editing task as clients see it: the contract's fields, and what the edit understood and did. */
export function aiEditingToWire(t: Task, blobs: BlobStore) {
  const input = aiEditingKind.shownInputOf(t);
  const result = aiEditingKind.shownResultOf(t);
  const echo = input.echo ?? {};
  const plan = result.plan;
  return {
    ...echo,
    ...envelopeWith(t, {
      video_url: input.videoUrl ?? null,
      instructions: input.instructions ?? null,
      aspect_ratio: typeof echo.aspect_ratio === 'string' ? echo.aspect_ratio : (input.aspectRatio ?? null),
      editing_style: input.editingStyle ?? null,
      name: typeof echo.name === 'string' ? echo.name : null,
      ...videoFilesToWire(result, blobs),
      understood_instructions: input.understood ?? [],
      ignored_instructions: input.notUnderstood ?? [],
      edit_notes: plan?.notes ?? [],
      source_duration: input.sourceSeconds ?? null,
      captioned: plan?.captioned ?? null,
      transcript: plan ? (plan.transcript ?? '') : null,
      media_job: outputMediaJob(t, result.outputKey),
      editor_url: null,
    }),
  };
}

export const aiEditingSummary: TaskSummaryFields = videoSummary('ai_editing');
