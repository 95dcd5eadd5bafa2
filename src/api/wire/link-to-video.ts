import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { StoredPreview } from '../../domain/videos/stored-preview.js';
import { taskEnvelope } from './task.js';

export function linkVideoToWire(t: Task, blobs: BlobStore) {
  const url = (key: unknown) => (typeof key === 'string' ? blobs.signedUrl(key) : null);
  const previews = ((t.result.previews ?? []) as StoredPreview[]).map((p) => ({ media_job: p.mediaJob, visual_style: p.style, url: blobs.signedUrl(p.key) }));
  const output = t.status === 'processing' && !t.result.outputKey ? null : url(t.result.outputKey);
  return {
    ...(t.input.echo as Record<string, unknown>),
    ...taskEnvelope(t),
    url: t.input.linkUrl ?? null,
    link: t.input.linkId,
    output,
    video_output: output,
    preview: url(t.result.previewKey),
    previews,
    video_thumbnail: url(t.result.thumbnailKey),
    media_job: typeof t.result.renderedMediaJob === 'string' ? t.result.renderedMediaJob : null,
    script: typeof (t.result.plan as { script?: string } | undefined)?.script === 'string' ? (t.result.plan as { script: string }).script : null,
    voice_id: t.input.voiceId,
    avatar_id: t.input.avatarId ?? null,
    editor_url: null,
  };
}
