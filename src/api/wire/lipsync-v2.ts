import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { taskEnvelope } from './task.js';

/** A multi-scene (v2) lipsync task as clients see it: the request echoed, the produced fields null until done. */
export function lipsyncV2ToWire(t: Task, blobs: BlobStore) {
  const url = (key: unknown) => (typeof key === 'string' ? blobs.signedUrl(key) : null);
  const echo = t.input.echo as Record<string, unknown>;
  return {
    ...echo,
    ...taskEnvelope(t),
    aspect_ratio: echo.aspect_ratio ?? t.input.aspectRatio,
    video_inputs: echo.video_inputs ?? [],
    name: echo.name ?? null,
    model_version: echo.model_version ?? 'standard',
    output: url(t.result.outputKey),
    preview: url(t.result.previewKey),
    video_thumbnail: url(t.result.thumbnailKey),
    media_job: null,
    editor_url: null,
  };
}
