import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { lipsyncKind, lipsyncV2Kind } from '../../domain/avatars/lipsync-kind.js';
import { lipsyncV2ToWire } from './lipsync-v2.js';
import { taskEnvelope } from './task.js';
import { videoFilesToWire } from './video-files.js';
import { videoSummary, type TaskSummaryFields } from './task-summary.js';

/** A lipsync task (v1 or v2) as clients see it; the produced field stays null until done. */
export function lipsyncToWire(t: Task, blobs: BlobStore) {
  if (t.kind === lipsyncV2Kind.kind) return lipsyncV2ToWire(t, blobs);
  const url = (key: unknown) => (typeof key === 'string' ? blobs.signedUrl(key) : null);
  const input = lipsyncKind.shownInputOf(t);
  const result = lipsyncKind.shownResultOf(t);
  const voice = result.plan?.files?.voice;
  const voiceKey = voice ? lipsyncKind.fileKey(t, 'plan', ...voice.split('/')) : null;
  const echo = input.echo ?? {};
  return {
    ...echo,
    ...taskEnvelope(t),
    aspect_ratio: echo.aspect_ratio ?? input.aspectRatio,
    creator: input.avatarId ?? null,
    ...videoFilesToWire(result, blobs),
    audio_url: url(voiceKey),
    media_job: outputMediaJob(t, result.outputKey),
    editor_url: null,
  };
}

export const lipsyncSummary: TaskSummaryFields = videoSummary('lipsyncs');
export const lipsyncV2Summary: TaskSummaryFields = videoSummary('lipsyncs_v2');
