import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { MotionGuidance } from '../../domain/avatars/motion-guidance.js';
import { auroraKind } from '../../domain/avatars/aurora-kind.js';
import { envelopeWith } from './task.js';
import { retentionToWire } from './retention.js';
import { videoSummary, type TaskSummaryFields } from './task-summary.js';

/**
 * What `text_prompt` was understood as: the cues found (and those negated) and the animator's
 * multipliers; null for tasks made before prompts were read.
 */
function guidanceToWire(g: MotionGuidance | undefined) {
  if (!g) return null;
  return { matched: g.matched, negated: g.negated, head_motion: g.headMotion, nod: g.nod, blink_rate: g.blinkRate, mouth_gain: g.mouthGain };
}

/**
 * An Aurora task as clients see it; `output` and `video_output` are the same MP4. With `ttl_days`,
 * `expires_at` says when the files go (set when done); after that the file fields are null and
 * `output_expired` is true.
 */
export function auroraToWire(t: Task, blobs: BlobStore) {
  const input = auroraKind.shownInputOf(t);
  const result = auroraKind.shownResultOf(t);
  const echo = input.echo ?? {};
  const output = typeof result.outputKey === 'string' ? blobs.signedUrl(result.outputKey) : null;
  return envelopeWith(t, {
    name: echo.name ?? null,
    image: input.imageUrl,
    audio: input.audioUrl,
    text_prompt: echo.text_prompt ?? null,
    prompt_guidance_scale: echo.prompt_guidance_scale ?? null,
    prompt_guidance: guidanceToWire(input.guidance),
    model_version: input.model,
    resolution: input.resolution,
    ttl_days: echo.ttl_days ?? null,
    ...retentionToWire(result),
    output_upload_url: input.outputUploadUrl ?? null,
    output_upload: result.outputUpload ?? null,
    output,
    video_output: output,
    video_thumbnail: typeof result.thumbnailKey === 'string' ? blobs.signedUrl(result.thumbnailKey) : null,
    width: result.widthPx ?? null,
    height: result.heightPx ?? null,
    preview: null,
    media_job: outputMediaJob(t, result.outputKey),
  });
}

export const auroraSummary: TaskSummaryFields = videoSummary('aurora');
