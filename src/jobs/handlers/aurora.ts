import { readFile } from 'node:fs/promises';
import { auroraKind } from '../../domain/avatars/aurora-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { WebhookSender } from '../../engines/webhook/port.js';
import { makeAuroraVideo } from '../../pipelines/aurora/aurora-video.js';
import { defineKindJob } from '../job-definition.js';

export interface AuroraJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  faces: FaceEngine;
  ffmpeg: FfmpegEngine;
  /** Hands the finished MP4 to `output_upload_url` (PUT), with the webhook address rules. */
  uploader: WebhookSender;
}

const UPLOAD_TIMEOUT_MS = 120_000;

/** Aurora: the photo's one face animated by the recording (mouth from the audio, blinks, head motion). */
export function auroraJob(deps: AuroraJobDeps) {
  return defineKindJob(auroraKind, 'make', async ({ input, task, signal, reportProgress, run }) => {
    const made = await makeAuroraVideo(input, deps, run());
    const outputKey = auroraKind.fileKey(task, 'output');
    const thumbnailKey = auroraKind.fileKey(task, 'thumbnail');
    await deps.blobs.putFile(outputKey, made.videoPath);
    await deps.blobs.putFile(thumbnailKey, made.thumbnailPath);
    reportProgress(96);
    const outputUpload = input.outputUploadUrl ? await upload(deps.uploader, input.outputUploadUrl, made.videoPath, signal) : null;
    const durationSeconds = Math.round(made.durationSeconds * 100) / 100;
    return {
      result: auroraKind.resultPatch({ outputKey, thumbnailKey, durationSeconds, widthPx: made.frame.width, heightPx: made.frame.height, outputUpload }),
      costMillicredits: auroraKind.price('make', input, { durationSeconds }),
    };
  });
}

/**
 * The upload is a courtesy copy: when the client's server refuses it, the task still succeeds
 * (the video is kept here) and says why the copy is missing.
 */
async function upload(uploader: WebhookSender, url: string, videoPath: string, signal: AbortSignal) {
  const answer = await uploader.post({
    url,
    method: 'PUT',
    headers: { 'content-type': 'video/mp4' },
    body: await readFile(videoPath),
    timeoutMs: UPLOAD_TIMEOUT_MS,
    signal,
  });
  return answer.delivered ? { status: 'uploaded', http_status: answer.status } : { status: 'failed', http_status: answer.status, reason: answer.reason };
}
