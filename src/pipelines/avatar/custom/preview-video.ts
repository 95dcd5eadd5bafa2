import type { PhoneTiming, WordTiming } from '../../../core/timing.js';
import type { DetectedFace, FaceEngine } from '../../../engines/face/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/index.js';

import type { Size } from '../photo/frame-layout.js';
import { makePhotoAvatarClip } from './photo-clip.js';
import type { PreviewAspect } from './build-custom-avatar.js';

/** The 360p class, like the built-in avatars' preview videos: made on first request, so quick. */
export const PHOTO_PREVIEW_VIDEO_SIZES: Record<PreviewAspect, Size> = {
  '16:9': { width: 640, height: 360 },
  '1:1': { width: 360, height: 360 },
  '9:16': { width: 360, height: 640 },
};

/** The greeting as the speech pipeline made it. */
export interface SpokenGreeting {
  mp3Path: string;
  durationSeconds: number;
  words: readonly WordTiming[];
  phones?: readonly PhoneTiming[];
}

/**
 * A custom avatar's preview video: its photo speaking the greeting, animated exactly as in videos
 * (`makePhotoAvatarClip`, the photo covering the frame around the face), with the voice, as one
 * MP4 (H.264 + AAC) in one ffmpeg run.
 */
export async function renderPhotoAvatarPreviewVideo(
  ffmpeg: FfmpegEngine,
  req: {
    photoPath: string;
    face: DetectedFace;
    footage?: { videoPath: string; faces: FaceEngine };
    speech: SpokenGreeting;
    aspect: PreviewAspect;
    outputDir: string;
    seed: number;
    signal?: AbortSignal;
  },
): Promise<string> {
  const clip = await makePhotoAvatarClip(ffmpeg, {
    photoPath: req.photoPath,
    face: req.face,
    footage: req.footage,
    audioPath: req.speech.mp3Path,
    words: req.speech.words,
    phones: req.speech.phones,
    durationSeconds: req.speech.durationSeconds,
    frame: PHOTO_PREVIEW_VIDEO_SIZES[req.aspect],
    background: { kind: 'scene' },
    outputDir: req.outputDir,
    seed: req.seed,
    standalone: { encoder: { preset: 'veryfast', crf: 23 } },
    signal: req.signal,
  });
  return clip.path;
}
