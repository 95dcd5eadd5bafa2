import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { auroraKind } from '../../domain/avatars/aurora-kind.js';
import { auroraSettings } from '../../domain/avatars/aurora-models.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { frameImageArgs, THUMBNAIL_JPEG_QUALITY } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { WebhookSender } from '../../engines/webhook/port.js';
import { makeTalkingPhoto } from '../../pipelines/avatar/photo/index.js';
import { voiceAtVideoLoudness } from '../../pipelines/speech/normalize-loudness.js';
import { defineJob } from '../job-definition.js';

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
  return defineJob({
    name: auroraKind.jobs.make,
    payload: z.object({}).passthrough(),
    async handle({ task, signal, workDir, reportProgress }) {
      const input = auroraKind.inputOf(task);
      const settings = auroraSettings(input.model, input.model === 'aurora_v2' ? input.resolution : null);
      const [photo, audio] = await Promise.all([
        deps.fetcher.download(input.imageUrl, join(workDir, 'photo'), { accept: ['image'], signal }),
        deps.fetcher.download(input.audioUrl, join(workDir, 'audio'), { accept: ['audio'], signal }),
      ]);
      const voicePath = join(workDir, 'voice.wav');
      await voiceAtVideoLoudness(deps.ffmpeg, { input: audio.path, output: voicePath, signal });
      reportProgress(5);
      const videoPath = join(workDir, 'output.mp4');
      const made = await makeTalkingPhoto(deps, {
        photoPath: photo.path,
        audioPath: voicePath,
        outputPath: videoPath,
        resolution: settings.resolution,
        headMotion: settings.headMotion,
        // Tasks made before prompts were read have none: the animator's defaults.
        guidance: input.guidance,
        seed: input.seed,
        scratchDir: workDir,
        signal,
        onProgress: (f) => reportProgress(5 + f * 88),
      });
      const thumbnailPath = join(workDir, 'thumbnail.jpg');
      await deps.ffmpeg.run(
        frameImageArgs({ input: videoPath, atSeconds: Math.min(0.5, made.durationSeconds / 2), jpegQuality: THUMBNAIL_JPEG_QUALITY, output: thumbnailPath }),
        { signal },
      );
      const outputKey = auroraKind.fileKey(task, 'output');
      const thumbnailKey = auroraKind.fileKey(task, 'thumbnail');
      await deps.blobs.putFile(outputKey, videoPath);
      await deps.blobs.putFile(thumbnailKey, thumbnailPath);
      reportProgress(96);
      const outputUpload = input.outputUploadUrl ? await upload(deps.uploader, input.outputUploadUrl, videoPath, signal) : null;
      const durationSeconds = Math.round(made.durationSeconds * 100) / 100;
      return {
        result: auroraKind.resultPatch({ outputKey, thumbnailKey, durationSeconds, widthPx: made.frame.width, heightPx: made.frame.height, outputUpload }),
        costMillicredits: auroraKind.price('make', input, { durationSeconds }),
      };
    },
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
