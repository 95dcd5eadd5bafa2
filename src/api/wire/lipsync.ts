import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { LIPSYNC_V2_KIND } from '../../domain/avatars/lipsync-service.js';
import { lipsyncV2ToWire } from './lipsync-v2.js';
import { taskEnvelope } from './task.js';
import { taskFileKey } from '../../domain/tasks/task-files.js';

/** A lipsync task (v1 or v2) as clients see it; the produced field stays null until done. */
export function lipsyncToWire(t: Task, blobs: BlobStore) {
  if (t.kind === LIPSYNC_V2_KIND) return lipsyncV2ToWire(t, blobs);
  const url = (key: unknown) => (typeof key === 'string' ? blobs.signedUrl(key) : null);
  const plan = t.result.plan as { files?: { voice?: string } } | undefined;
  const voiceKey = plan?.files?.voice ? taskFileKey(t, 'plan', ...plan.files.voice.split('/')) : null;
  return {
    ...(t.input.echo as Record<string, unknown>),
    ...taskEnvelope(t),
    aspect_ratio: (t.input.echo as Record<string, unknown>).aspect_ratio ?? t.input.aspectRatio,
    creator: t.input.avatarId ?? null,
    output: url(t.result.outputKey),
    video_output: url(t.result.outputKey),
    preview: url(t.result.previewKey),
    video_thumbnail: url(t.result.thumbnailKey),
    audio_url: url(voiceKey),
    media_job: null,
    editor_url: null,
  };
}
