import type { PhoneTiming, WordTiming } from '../../../core/timing.js';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DetectedFace, FaceEngine } from '../../../engines/face/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/index.js';

import { animateFootage } from '../footage/animate-footage.js';
import { animatePhoto } from '../photo/animate-photo.js';
import type { Size } from '../photo/frame-layout.js';
import { photoFramesFromMouthTrack } from '../photo/from-mouth-track.js';
import { MOUTH_LEVELS, quantiseFrame, type PhotoMouthFrame } from '../photo/mouth-track.js';
import { mouthTrackFromAudioFile, mouthTrackFromTimingsAndAudio } from '../visemes/index.js';
import { photoClipCompositeArgs, photoClipLayout, type PhotoClipBackground, type PhotoClipLayout } from './clip-layout.js';

export interface PhotoClipRequest {
  photoPath: string;
  /** The one face on the photo, in its (EXIF-oriented) pixels. */
  face: DetectedFace;
  /** The voice; its word timings move the mouth when given, else the audio itself does. */
  audioPath: string;
  words: readonly WordTiming[];
  /** The engine's phones; preferred to the words for the mouth when present. */
  phones?: readonly PhoneTiming[];
  durationSeconds: number;
  frame: Size;
  /**
   * The avatar was made from this video: it is the body and head (looped or ping-ponged to the
   * speech's length) and only the mouth is re-drawn; `photoPath` is a frame of it (for the layout).
   */
  footage?: { videoPath: string; faces: FaceEngine };
  background: PhotoClipBackground;
  outputDir: string;
  seed: number;
  /**
   * The clip is shown as it is (a persona's preview video), not laid into a video: the voice is
   * muxed in as AAC and `encoder` is the final encode. Only with the `scene` background.
   */
  standalone?: { encoder: { preset: string; crf: number } };
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export interface PhotoClip {
  path: string;
  hasAlpha: boolean;
  layout: PhotoClipLayout;
  /** The mouth opening drawn on each frame, 0..1 (for tests and measurements). */
  mouthOpenness: number[];
}

/** Share of progress for the animation when a compositing pass follows. */
const ANIMATE_SHARE = 0.75;

/**
 * A custom (photo) avatar speaking: the mouth track from the speech's phones or word timings
 * scaled by its loudness (or from the audio alone for a client's own recording), the photo animated at the size `photoClipLayout` picks,
 * then — when the photo is a card or the background is transparent — laid on the background.
 * The clip has no sound (unless `standalone`); it lasts the speech to the frame.
 */
export async function makePhotoAvatarClip(ffmpeg: FfmpegEngine, req: PhotoClipRequest): Promise<PhotoClip> {
  const { signal } = req;
  const track =
    req.words.length > 0
      ? await mouthTrackFromTimingsAndAudio(ffmpeg, { words: req.words, phones: req.phones }, req.audioPath, { durationSeconds: req.durationSeconds, signal })
      : await mouthTrackFromAudioFile(ffmpeg, req.audioPath, { signal });
  // Footage brings its own surroundings (a room, a shelf): over a plain colour it fills the frame
  // around the face, as a filmed presenter does, rather than a letterboxed card on the colour.
  const fills = req.footage !== undefined && req.background.kind === 'color';
  const layout = photoClipLayout(await orientedSize(req.photoPath), req.frame, fills ? 'scene' : req.background.kind);
  const transparent = req.background.kind === 'transparent';
  const composite = layout.mode === 'card' || transparent;
  if (req.standalone && req.background.kind !== 'scene') throw new Error('a standalone photo clip is drawn on its own scene only');
  const animated = join(req.outputDir, `photo-avatar-${req.frame.width}x${req.frame.height}${composite ? '-part' : ''}.mp4`);
  const frames = photoFramesFromMouthTrack(track);
  const common = {
    frames,
    outputPath: animated,
    frame: layout.mode === 'card' ? layout.card : layout.frame,
    audioPath: req.standalone ? req.audioPath : undefined,
    // A near-lossless intermediate unless it is shown as it is: otherwise it is encoded again inside the video.
    encoder: req.standalone?.encoder ?? { preset: 'veryfast', crf: 18 },
    scratchDir: req.outputDir,
    signal,
    onProgress: (f: number) => req.onProgress?.(composite ? f * ANIMATE_SHARE : f),
  };
  if (req.footage) await animateFootage(ffmpeg, { ...common, videoPath: req.footage.videoPath, faces: req.footage.faces });
  else {
    // A card shows the whole photo by design; a photo covering the frame is cropped closer when its face is small.
    const framing = layout.mode === 'card' ? 'whole' : 'face';
    await animatePhoto(ffmpeg, { ...common, photoPath: req.photoPath, face: req.face, seed: req.seed, framing });
  }
  if (!composite || req.background.kind === 'scene' || fills) return { path: animated, hasAlpha: false, layout, mouthOpenness: drawnOpenness(frames) };

  const output = join(req.outputDir, `photo-avatar-${req.frame.width}x${req.frame.height}.${transparent ? 'webm' : 'mp4'}`);
  const at = layout.mode === 'card' ? { x: layout.x, y: layout.y } : { x: 0, y: 0 };
  await ffmpeg.run(
    photoClipCompositeArgs({ clipPath: animated, frame: req.frame, ...at, background: req.background, frameCount: frames.length, outputPath: output }),
    {
      signal,
      expectedDurationSeconds: frames.length / 30,
      onProgress: (f) => req.onProgress?.(ANIMATE_SHARE + f * (1 - ANIMATE_SHARE)),
    },
  );
  return { path: output, hasAlpha: transparent, layout, mouthOpenness: drawnOpenness(frames) };
}

/** The opening each frame is drawn with, after the animator's quantisation to its mouth levels. */
function drawnOpenness(frames: readonly PhotoMouthFrame[]): number[] {
  return frames.map((f) => quantiseFrame(f).mouth / (MOUTH_LEVELS - 1));
}

/** The photo's size as people see it (EXIF orientation applied). */
async function orientedSize(path: string): Promise<Size> {
  const meta = await sharp(path).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (!width || !height) throw new Error(`cannot read the size of ${path}`);
  return { width, height };
}
