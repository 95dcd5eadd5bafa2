import { join } from 'node:path';
import type { auroraKind } from '../../domain/avatars/aurora-kind.js';
import { auroraSettings } from '../../domain/avatars/aurora-models.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { videoThumbnailArgs } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { makeTalkingPhoto } from '../avatar/photo/index.js';
import { voiceAtVideoLoudness } from '../speech/normalize-loudness.js';
import type { StepRun } from '../../core/step-run.js';

/** Aurora's task input as its kind reads it: a field added there reaches the pipeline with no copy. */
export type AuroraInput = ReturnType<typeof auroraKind.inputOf>;

export interface AuroraVideoDeps {
  fetcher: UrlFetcher;
  faces: FaceEngine;
  ffmpeg: FfmpegEngine;
}

export interface AuroraVideo {
  videoPath: string;
  thumbnailPath: string;
  durationSeconds: number;
  frame: { width: number; height: number };
}

/**
 * Aurora: the photo and the recording fetched, the voice brought to video loudness, the photo's
 * one face animated by it (mouth from the audio, blinks, head motion), and a thumbnail of the
 * result; every file in `workDir`.
 */
export async function makeAuroraVideo(input: AuroraInput, deps: AuroraVideoDeps, opts: StepRun): Promise<AuroraVideo> {
  const { workDir, signal } = opts;
  const settings = auroraSettings(input.model, input.model === 'aurora_v2' ? input.resolution : null);
  const [photo, audio] = await Promise.all([
    deps.fetcher.download(input.imageUrl, join(workDir, 'photo'), { accept: ['image'], signal }),
    deps.fetcher.download(input.audioUrl, join(workDir, 'audio'), { accept: ['audio'], signal }),
  ]);
  const voicePath = join(workDir, 'voice.wav');
  await voiceAtVideoLoudness(deps.ffmpeg, { input: audio.path, output: voicePath, signal });
  opts.onProgress(0.05);
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
    onProgress: (f) => opts.onProgress(0.05 + f * 0.88),
  });
  const thumbnailPath = join(workDir, 'thumbnail.jpg');
  await deps.ffmpeg.run(videoThumbnailArgs({ input: videoPath, durationSeconds: made.durationSeconds, atMostSeconds: 0.5, output: thumbnailPath }), { signal });
  return { videoPath, thumbnailPath, durationSeconds: made.durationSeconds, frame: made.frame };
}
