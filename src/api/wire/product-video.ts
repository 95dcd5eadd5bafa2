import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { productVideoKind } from '../../domain/product-video/product-video-kind.js';
import { envelopeWith } from './task.js';
import { excerpt, field, firstOf, type TaskSummaryFields } from './task-summary.js';

/**
 * A product video task as clients see it: one record from image to video; `status` is the latest
 * step's. `generated_photo_url` is set once the image is done, `video_url` (= `generated_video_url`)
 * once a video is.
 */
export function productVideoToWire(t: Task, blobs: BlobStore) {
  const input = productVideoKind.shownInputOf(t);
  const result = productVideoKind.shownResultOf(t);
  const url = (key: string | null | undefined) => (typeof key === 'string' ? blobs.signedUrl(key) : null);
  const video = url(result.videoKey);
  const request = result.videoRequest;
  return envelopeWith(t, {
    product_url: input.productUrl ?? null,
    type: input.type ?? 'product_anyshot',
    aspect_ratio: input.aspectEcho ?? input.aspectRatio ?? null,
    image_prompt: input.imagePrompt ?? null,
    override_avatar: input.overrideAvatar ?? null,
    product_showcase_url: input.showcaseUrl ?? null,
    regen_type: input.regenType ?? null,
    regen_source_id: input.regenSourceId ?? null,
    generated_photo_url: url(result.imageKey),
    motion_style: request?.motionStyle ?? null,
    video_prompt: request?.videoPrompt ?? null,
    video_url: video,
    generated_video_url: video,
    video_thumbnail: url(result.thumbnailKey),
    scene: result.sceneKind ?? null,
    scene_description: result.sceneDescription ?? null,
    motions: result.motions ?? null,
    script: request?.script ?? null,
  });
}

export const productVideoSummary: TaskSummaryFields = {
  group: 'product_to_videos',
  name: firstOf(field('product_url'), excerpt(field('image_prompt'))),
  thumbnail: firstOf(field('video_thumbnail'), field('generated_photo_url')),
  // Until a video is made, the staged photo is what the task produced.
  output: firstOf(field('video_url'), field('generated_photo_url')),
};
