import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { taskEnvelope } from './task.js';
import { lipsyncV2Kind } from '../../domain/avatars/lipsync-kind.js';

/** A multi-scene (v2) lipsync task as clients see it: the request echoed, the produced fields null until done. */
export function lipsyncV2ToWire(t: Task, blobs: BlobStore) {
  const url = (key: unknown) => (typeof key === 'string' ? blobs.signedUrl(key) : null);
  const input = lipsyncV2Kind.shownInputOf(t);
  const result = lipsyncV2Kind.shownResultOf(t);
  const echo = input.echo ?? {};
  return {
    ...echo,
    ...taskEnvelope(t),
    aspect_ratio: echo.aspect_ratio ?? input.aspectRatio,
    video_inputs: echo.video_inputs ?? [],
    name: echo.name ?? null,
    model_version: echo.model_version ?? 'standard',
    output: url(result.outputKey),
    preview: url(result.previewKey),
    video_thumbnail: url(result.thumbnailKey),
    media_job: outputMediaJob(t, result.outputKey),
    editor_url: null,
  };
}
