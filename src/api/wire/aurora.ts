import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { MotionGuidance } from '../../domain/avatars/motion-guidance.js';
import { envelopeWith } from './task.js';

/**
 * What `text_prompt` was understood as: the cues found (and those negated) and the animator's
 * multipliers; null for tasks made before prompts were read.
 */
function guidanceToWire(value: unknown) {
  if (!value || typeof value !== 'object') return null;
  const g = value as MotionGuidance;
  return { matched: g.matched, negated: g.negated, head_motion: g.headMotion, nod: g.nod, blink_rate: g.blinkRate, mouth_gain: g.mouthGain };
}

/**
 * An Aurora task as clients see it; `output` and `video_output` are the same MP4. With `ttl_days`,
 * `expires_at` says when the files go (set when done); after that the file fields are null and
 * `output_expired` is true.
 */
export function auroraToWire(t: Task, blobs: BlobStore) {
  const echo = t.input.echo as Record<string, unknown>;
  const output = typeof t.result.outputKey === 'string' ? blobs.signedUrl(t.result.outputKey) : null;
  return envelopeWith(t, {
    name: echo.name ?? null,
    image: t.input.imageUrl,
    audio: t.input.audioUrl,
    text_prompt: echo.text_prompt ?? null,
    prompt_guidance_scale: echo.prompt_guidance_scale ?? null,
    prompt_guidance: guidanceToWire(t.input.guidance),
    model_version: t.input.model,
    resolution: t.input.resolution,
    ttl_days: echo.ttl_days ?? null,
    expires_at: typeof t.result.expiresAt === 'string' ? t.result.expiresAt : null,
    output_expired: t.result.outputExpired === true,
    output_upload_url: t.input.outputUploadUrl ?? null,
    output_upload: t.result.outputUpload ?? null,
    output,
    video_output: output,
    video_thumbnail: typeof t.result.thumbnailKey === 'string' ? blobs.signedUrl(t.result.thumbnailKey) : null,
    width: t.result.widthPx ?? null,
    height: t.result.heightPx ?? null,
    preview: null,
    media_job: null,
  });
}
