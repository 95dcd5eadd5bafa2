import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { centroid, type DetectedFace, type FaceEngine, type Point, type RgbaImage } from '../../../engines/face/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/index.js';
import type { AnimatedClip, AnimatedClipRequest } from './animated-clip.js';
import { buildConcatList, buildPhotoAvatarArgs, runLengths } from './ffmpeg-args.js';
import { contractFrameForImage, faceFramingScale, photoToFrame, placePhoto, type PhotoPlacement } from './frame-layout.js';
import { motionBounds, planHeadMotion, type HeadMotionKind } from './head-motion.js';
import { planHeadPatch, type HeadPatch } from './head-patch.js';
import { innerLipsOnTeethEdges } from './inner-lips.js';
import { AVATAR_FPS, quantiseFrame, stateKey, withPlannedBlinks, type FaceState } from './mouth-track.js';
import { guidedHeadMotionKind, NEUTRAL_GUIDANCE, withMouthGain, type AnimatorGuidance } from '../../../domain/avatars/motion-guidance.js';
import { encodePamRgba } from './pam.js';
import { breatheStill, breathingLevels, breathingWave, levelValue, planBreathing, type Breathing } from './breathing.js';
import { renderStateFiles } from './render-states.js';
import { detectUsablePortrait } from './usable-portrait.js';

export interface PhotoAvatarRequest extends AnimatedClipRequest {
  photoPath: string;
  /** The face on `photoPath`, in its (EXIF-oriented) pixels; see `animatePortrait` to detect it. */
  face: DetectedFace;
  /** Idle head motion; default `natural` (tilt and drift). */
  headMotion?: HeadMotionKind;
  /** Aurora's motion guidance (head motion and nod amplitudes, blink rate, mouth gain); default: none. */
  guidance?: AnimatorGuidance;
  /** Places blinks and motion phases; the same seed gives the same video. */
  seed?: number;
  /**
   * `face` (default): a small face is cropped around (`faceFramingScale`); `whole`: the photo only
   * covers the frame (a photo shown as a card keeps all of itself).
   */
  framing?: 'face' | 'whole';
}

export interface PhotoAvatarResult extends AnimatedClip {
  /** How many distinct face pictures were drawn. */
  stateCount: number;
  /** Where the head is in the frame, and its landmarks in frame pixels (for tests and layouts). */
  headRegion: HeadPatch['region'];
  landmarksInFrame: Point[];
}

/** Share of progress for drawing the states; encoding takes the rest. */
const DRAW_SHARE = 0.15;

/**
 * A talking photo: the face's mouth, jaw and lids are moved by a landmark mesh warp (no neural
 * network is involved beyond finding the landmarks), a few face states are drawn once, and ffmpeg
 * shows the right one on each frame over the still picture, with gentle head motion.
 */
export async function animatePhoto(ffmpeg: FfmpegEngine, req: PhotoAvatarRequest): Promise<PhotoAvatarResult> {
  if (req.frames.length === 0) throw new Error('a photo avatar needs at least one frame');
  const seed = req.seed ?? 1;
  const work = await mkdtemp(join(req.scratchDir, 'photo-avatar-'));
  try {
    const { image: still, placement } = await loadFrame(req);
    const landmarks = req.face.landmarks68.map((p) => photoToFrame(p, placement));
    // The mesh's lips at the lips' edges, not on the teeth a smile shows.
    const mesh = innerLipsOnTeethEdges(still, landmarks);
    const geometry = planHeadPatch(mesh, still, { maxAngleRadians: 0, maxShiftPx: 0 });
    const guidance = req.guidance ?? NEUTRAL_GUIDANCE;
    const kind = guidedHeadMotionKind(req.headMotion ?? 'natural', guidance);
    const planned = kind === 'still' ? null : planHeadMotion(geometry, seed, kind, guidance);
    // A head that moves also breathes: the shoulders rise and settle, and the head rides on them.
    const breathing = planned
      ? planBreathing({ faceHeight: geometry.faceHeight, pivotY: geometry.region.y + geometry.pivotInRegion[1] }, seed, guidance.headMotion)
      : null;
    const motion = planned && breathing ? { ...planned, shiftY: [...planned.shiftY, breathingWave(breathing)] } : planned;
    const head = motion ? planHeadPatch(mesh, still, motionBounds(motion)) : geometry;

    const states: FaceState[] = withPlannedBlinks(withMouthGain(req.frames, guidance.mouthGain), seed, guidance.blinkRate).map(quantiseFrame);
    const distinct = [...new Map(states.map((s) => [stateKey(s), s])).values()];
    const files = await renderStateFiles(still, head, distinct, work, {
      signal: req.signal,
      onState: (done, total) => req.onProgress?.((DRAW_SHARE * done) / total),
    });

    const runs = runLengths(states.map(stateKey));
    const listPath = join(work, 'states.ffconcat');
    await writeFile(listPath, buildConcatList(runs.map((r) => ({ file: files.get(r.key)!, frames: r.frames }))));
    const backgroundPath = breathing ? await writeBreathingStills(still, breathing, req.frames.length, work) : join(work, 'still.pam');
    if (!breathing) await writeFile(backgroundPath, encodePamRgba(still.width, still.height, still.data));

    const frameCount = req.frames.length;
    const encoder = req.encoder ?? { preset: 'veryfast', crf: 23 };
    const args = buildPhotoAvatarArgs({
      backgroundPath,
      backgroundIsConcat: breathing !== null,
      concatListPath: listPath,
      audioPath: req.audioPath,
      frame: still,
      region: head.region,
      marginPx: head.marginPx,
      pivotInRegion: head.pivotInRegion,
      motion,
      frameCount,
      preset: encoder.preset,
      crf: encoder.crf,
      outputPath: req.outputPath,
    });
    await ffmpeg.run(args, {
      signal: req.signal,
      expectedDurationSeconds: frameCount / AVATAR_FPS,
      onProgress: (f) => req.onProgress?.(DRAW_SHARE + (1 - DRAW_SHARE) * f),
    });
    return {
      videoPath: req.outputPath,
      durationSeconds: frameCount / AVATAR_FPS,
      frameCount,
      frame: { width: still.width, height: still.height },
      stateCount: files.size,
      headRegion: head.region,
      landmarksInFrame: landmarks,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The still at each step of the breath, and the ffconcat list that shows them in turn; returns the list. */
async function writeBreathingStills(still: RgbaImage, breathing: Breathing, frameCount: number, work: string): Promise<string> {
  const runs = runLengths(breathingLevels(breathing, frameCount).map(String));
  const files = new Map<string, string>();
  for (const key of new Set(runs.map((r) => r.key))) {
    const lifted = breatheStill(still, breathing, levelValue(breathing, Number(key)));
    const file = join(work, `breath-${key}.pam`);
    await writeFile(file, encodePamRgba(lifted.width, lifted.height, lifted.data));
    files.set(key, file);
  }
  const list = join(work, 'breathing.ffconcat');
  await writeFile(list, buildConcatList(runs.map((r) => ({ file: files.get(r.key)!, frames: r.frames }))));
  return list;
}

/** Finds the one face on the photo, checks it can talk (or throws `FaceNotUsable`), and animates it. */
export async function animatePortrait(
  engines: { faces: FaceEngine; ffmpeg: FfmpegEngine },
  req: Omit<PhotoAvatarRequest, 'face'>,
): Promise<PhotoAvatarResult & { face: DetectedFace }> {
  const face = await detectUsablePortrait(engines.faces, req.photoPath, { signal: req.signal });
  return { ...(await animatePhoto(engines.ffmpeg, { ...req, face })), face };
}

/** The photo, oriented, scaled and cropped to the frame, as RGBA. */
async function loadFrame(req: PhotoAvatarRequest): Promise<{ image: RgbaImage; placement: PhotoPlacement }> {
  const meta = await sharp(req.photoPath).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const photo = { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
  if (photo.width === 0 || photo.height === 0) throw new Error(`cannot read the size of ${req.photoPath}`);
  const frame = req.frame ?? contractFrameForImage(req.resolution ?? '720p', photo);
  const zoom = req.framing === 'whole' ? undefined : faceFramingScale(photo, frame, req.face.box.width);
  const placement = placePhoto(
    photo,
    frame,
    centroid(
      req.face.landmarks68,
      req.face.landmarks68.map((_, i) => i),
    ),
    zoom,
  );
  // Only the photo's part around the frame is enlarged: a large photo with a small face would
  // otherwise be scaled whole (a 4000×6000 picture enlarged 2.5 times is 600 MB of pixels).
  const { scale, cropX, cropY } = placement;
  const x0 = Math.max(0, Math.floor(cropX / scale) - 1);
  const y0 = Math.max(0, Math.floor(cropY / scale) - 1);
  const x1 = Math.min(photo.width, Math.ceil((cropX + frame.width) / scale) + 1);
  const y1 = Math.min(photo.height, Math.ceil((cropY + frame.height) / scale) + 1);
  const window = await sharp(req.photoPath)
    .rotate()
    .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
    .toBuffer();
  const scaled = { width: Math.max(frame.width, Math.round((x1 - x0) * scale)), height: Math.max(frame.height, Math.round((y1 - y0) * scale)) };
  const { data, info } = await sharp(window)
    .resize(scaled.width, scaled.height, { fit: 'fill', kernel: 'lanczos3' })
    .extract({
      left: clampInt(Math.round(cropX - x0 * scale), 0, scaled.width - frame.width),
      top: clampInt(Math.round(cropY - y0 * scale), 0, scaled.height - frame.height),
      width: frame.width,
      height: frame.height,
    })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { image: { width: info.width, height: info.height, data }, placement };
}

function clampInt(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
