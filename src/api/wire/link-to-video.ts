import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { linkVideoKind } from '../../domain/videos/link-video-kind.js';
import { taskEnvelope } from './task.js';
import { field, firstOf, videoSummary, type TaskSummaryFields } from './task-summary.js';

export function linkVideoToWire(t: Task, blobs: BlobStore) {
  const input = linkVideoKind.shownInputOf(t);
  const result = linkVideoKind.shownResultOf(t);
  const url = (key: string | null | undefined) => (typeof key === 'string' ? blobs.signedUrl(key) : null);
  const previews = (result.previews ?? []).map((p) => ({ media_job: p.mediaJob, visual_style: p.style, url: url(p.key) }));
  const output = t.status === 'processing' && !result.outputKey ? null : url(result.outputKey);
  return {
    ...(input.echo ?? {}),
    ...taskEnvelope(t),
    url: input.linkUrl ?? null,
    link: input.linkId,
    output,
    video_output: output,
    preview: url(result.previewKey),
    previews,
    video_thumbnail: url(result.thumbnailKey),
    // A render of a chosen preview is named by that preview's id; a direct render by its own.
    media_job: result.renderedMediaJob ?? outputMediaJob(t, result.outputKey),
    script: result.plan?.script ?? null,
    stock_media: stockMediaOf(result.plan?.stockBroll),
    voice_id: input.voiceId,
    avatar_id: input.avatarId ?? null,
    editor_url: null,
  };
}

type SavedStockBroll = NonNullable<NonNullable<ReturnType<typeof linkVideoKind.shownResultOf>['plan']>['stockBroll']>;

/** The stock clips in the video with their source and licence (extension); null when no library was asked. */
function stockMediaOf(broll: SavedStockBroll | undefined) {
  if (!broll) return null;
  return {
    clips: broll.credits.map((c) => ({ source: c.source, page_url: c.pageUrl, author: c.author, licence: c.licence, query: c.query ?? null })),
    problem: broll.problem ?? null,
  };
}

export const linkVideoSummary: TaskSummaryFields = videoSummary('link_to_videos', firstOf(field('name'), field('url')));
