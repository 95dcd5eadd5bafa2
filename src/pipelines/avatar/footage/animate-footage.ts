import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { FaceNotUsable } from '../../../core/errors.js';
import { centroid, type DetectedFace, type FaceEngine, type Point } from '../../../engines/face/index.js';
import {
  abortError,
  ffconcatList,
  footageDecodeArgs,
  frameImageArgs,
  rawSegmentEncodeArgs,
  segmentJoinArgs,
  type FfmpegEngine,
} from '../../../engines/ffmpeg/index.js';
import { frameSizeForImage, placePhoto } from '../photo/frame-layout.js';
import { AVATAR_FPS, quantiseFrame } from '../photo/mouth-track.js';
import type { AnimatedClip, AnimatedClipRequest } from '../photo/animated-clip.js';
import { sampledFrames, smoothLandmarks, type LandmarkSample } from './landmark-track.js';
import { DEFAULT_LOOP_SEARCH, footageFrameAt, planFootageLoop, type FootageLoop } from './loop-plan.js';
import { lumaSignature, RawFrameFile } from './raw-frames.js';
import { footageMouthColours, widestOpenFrames } from './footage-mouth-colours.js';
import { repaintMouth } from './repaint-mouth.js';

export interface FootageAvatarRequest extends AnimatedClipRequest {
  /** The presenter's video: one person facing the camera, not speaking. */
  videoPath: string;
  faces: FaceEngine;
  /** `auto` loops at the cleanest cut when there is one, else ping-pongs; default `auto`. */
  repeat?: 'auto' | 'ping-pong';
  /** Landmarks are found on every n-th footage frame and smoothed over time between; default 3. */
  sampleEveryFrames?: number;
}

export interface FootageAvatarResult extends AnimatedClip {
  loop: FootageLoop;
  /** Usable footage frames (decoded at the output size). */
  footageFrameCount: number;
  /** The footage frame behind each output frame. */
  footageFrameOf: number[];
  /** The tracked landmarks of each footage frame, in output pixels (for tests and layouts). */
  footageLandmarks: Point[][];
}

/** Footage beyond this is not used: a loop of a few seconds is enough, and it is decoded to disk raw. */
export const MAX_FOOTAGE_SECONDS = 10;
/** The raw decoded footage stays under this (a 1080×1920 frame is 8 MB: 1080p footage keeps 2.5 s). */
const FOOTAGE_BUDGET_BYTES = 640 * 1024 * 1024;
/** Drawn frames are encoded in pieces of about this many raw bytes. */
const SEGMENT_BUDGET_BYTES = 96 * 1024 * 1024;
const PROGRESS = { decode: 0.08, track: 0.3, draw: 0.97 } as const;

/**
 * A presenter from real footage: the video is the body and head for the whole speech (looped at
 * its cleanest cut, or ping-ponged), and only the mouth and jaw are re-drawn on each frame, by
 * the photo animator's mesh warp planned on that frame's landmarks (found on sampled frames with
 * the tiny detector and interpolated between them). Output length = `frames.length` / 30.
 */
export async function animateFootage(ffmpeg: FfmpegEngine, req: FootageAvatarRequest): Promise<FootageAvatarResult> {
  if (req.frames.length === 0) throw new Error('a footage avatar needs at least one frame');
  const { signal } = req;
  const progress = (f: number) => req.onProgress?.(Math.min(1, Math.max(0, f)));
  const work = await mkdtemp(join(req.scratchDir, 'footage-avatar-'));
  try {
    const { durationSeconds } = await ffmpeg.probe(req.videoPath, { signal });
    const middle = join(work, 'middle.png');
    await ffmpeg.capture(frameImageArgs({ input: req.videoPath, atSeconds: durationSeconds / 2, output: middle }), { signal });
    const meta = await sharp(middle).metadata();
    const footage = { width: meta.width ?? 0, height: meta.height ?? 0 };
    const first = widest(await req.faces.detect(middle, { detector: 'tiny', signal }));
    if (!first) throw new FaceNotUsable('no-face', 0, 'no face found in the video');

    const frame = req.frame ?? frameSizeForImage(req.resolution ?? '720p', footage);
    const place = placePhoto(
      footage,
      frame,
      centroid(
        first.landmarks68,
        first.landmarks68.map((_, i) => i),
      ),
    );
    const frameBytes = frame.width * frame.height * 4;
    const usable = Math.max(
      1,
      Math.min(Math.floor(durationSeconds * AVATAR_FPS), MAX_FOOTAGE_SECONDS * AVATAR_FPS, Math.floor(FOOTAGE_BUDGET_BYTES / frameBytes)),
    );
    const rawPath = join(work, 'footage.rgba');
    await ffmpeg.run(
      footageDecodeArgs({
        input: req.videoPath,
        fps: AVATAR_FPS,
        frameCount: usable,
        scaled: place.resized,
        crop: { x: place.cropX, y: place.cropY, ...frame },
        output: rawPath,
      }),
      { signal, expectedDurationSeconds: usable / AVATAR_FPS, onProgress: (f) => progress(f * PROGRESS.decode) },
    );

    // The face is tracked on the footage at its own size (at most TRACK_MAX_SIDE_PX): the detector and
    // landmark net scale their input down anyway, and a small frame is quicker to hand them.
    const trackScale = Math.min(1, TRACK_MAX_SIDE_PX / Math.max(footage.width, footage.height));
    const trackSize = { width: evenRound(footage.width * trackScale), height: evenRound(footage.height * trackScale) };
    const trackPath = join(work, 'track.rgba');
    await ffmpeg.run(
      footageDecodeArgs({
        input: req.videoPath,
        fps: AVATAR_FPS,
        frameCount: usable,
        scaled: trackSize,
        crop: { x: 0, y: 0, ...trackSize },
        output: trackPath,
      }),
      { signal },
    );
    const toOutput = ([x, y]: Point): Point => [
      (x * place.resized.width) / trackSize.width - place.cropX,
      (y * place.resized.height) / trackSize.height - place.cropY,
    ];

    const raw = await RawFrameFile.open(rawPath, frame);
    const small = await RawFrameFile.open(trackPath, trackSize);
    try {
      if (raw.frameCount === 0) throw new FaceNotUsable('no-face', 0, 'the video has no frames to use');
      const every = req.sampleEveryFrames ?? 3;
      const toSample = new Set(sampledFrames(Math.min(raw.frameCount, small.frameCount), every));
      const signatures: Uint8Array[] = [];
      const samples: LandmarkSample[] = [];
      for (let f = 0; f < raw.frameCount; f++) {
        if (signal?.aborted) throw abortError(signal);
        signatures.push(lumaSignature(await raw.read(f)));
        if (toSample.has(f)) {
          const found = widest(await req.faces.detect(await small.read(f), { detector: 'tiny', minScore: TRACKING_MIN_SCORE, signal }));
          samples.push({ frame: f, landmarks: found ? found.landmarks68.map(toOutput) : null });
        }
        progress(PROGRESS.decode + ((PROGRESS.track - PROGRESS.decode) * (f + 1)) / raw.frameCount);
      }
      if (samples.every((s) => s.landmarks === null)) throw new FaceNotUsable('no-face', 0, 'no face found in the video');
      const landmarks = smoothLandmarks(samples, raw.frameCount, every * SMOOTHING_SAMPLES);
      const faceWidth = Math.max(1, first.box.width * place.scale);
      const loop =
        req.repeat === 'ping-pong'
          ? { mode: 'ping-pong' as const, start: 0, end: raw.frameCount, cost: Number.POSITIVE_INFINITY }
          : planFootageLoop(signatures, landmarks, faceWidth, DEFAULT_LOOP_SEARCH);

      const openFrames = await Promise.all(widestOpenFrames(landmarks, 12).map(async (f) => ({ image: await raw.read(f), points: landmarks[f]! })));
      const mouthColours = footageMouthColours(openFrames);
      // About one and a half footage pixels at the output's scale: filmed and compressed, a mouth's edges are never sharper.
      const look = { colours: mouthColours, softnessPx: Math.max(0.7, place.scale * 1.5) };
      const frameCount = req.frames.length;
      const footageFrameOf = Array.from({ length: frameCount }, (_, i) => footageFrameAt(i, loop));
      const perSegment = Math.max(15, Math.floor(SEGMENT_BUDGET_BYTES / frameBytes));
      const encoder = req.encoder ?? { preset: 'veryfast', crf: 23 };
      const pieces: string[] = [];
      // One piece is encoded while the next is drawn: the drawing is one JavaScript thread, x264
      // takes the other cores, so the two overlap instead of taking turns.
      let encoding: Promise<void> | null = null;
      try {
        for (let start = 0; start < frameCount; start += perSegment) {
          const end = Math.min(frameCount, start + perSegment);
          const segmentRaw = join(work, `piece-${pieces.length}.rgba`);
          const out = await open(segmentRaw, 'w');
          try {
            for (let i = start; i < end; i++) {
              if (signal?.aborted) throw abortError(signal);
              const j = footageFrameOf[i]!;
              const state = quantiseFrame({ ...req.frames[i]!, blink: 0 }); // the footage blinks by itself
              const drawn = repaintMouth(await raw.read(j), landmarks[j]!, state, look);
              await out.write(drawn.data);
            }
          } finally {
            await out.close();
          }
          await encoding;
          const piece = join(work, `piece-${pieces.length}.mp4`);
          pieces.push(piece);
          const args = rawSegmentEncodeArgs({
            input: segmentRaw,
            size: frame,
            fps: AVATAR_FPS,
            frameCount: end - start,
            preset: encoder.preset,
            crf: encoder.crf,
            output: piece,
          });
          encoding = ffmpeg.run(args, { signal }).then(async () => {
            await rm(segmentRaw, { force: true });
            progress(PROGRESS.track + ((PROGRESS.draw - PROGRESS.track) * end) / frameCount);
          });
        }
        await encoding;
      } catch (err) {
        // An encode still running when the drawing failed: its own failure is not the one to report.
        await encoding?.catch(() => undefined);
        throw err;
      }
      const listPath = join(work, 'pieces.ffconcat');
      await writeFile(listPath, ffconcatList(pieces.map((path) => ({ path }))));
      await ffmpeg.run(segmentJoinArgs({ listPath, audioPath: req.audioPath, durationSeconds: frameCount / AVATAR_FPS, output: req.outputPath }), { signal });
      progress(1);
      return {
        videoPath: req.outputPath,
        durationSeconds: frameCount / AVATAR_FPS,
        frameCount,
        frame,
        loop,
        footageFrameCount: raw.frameCount,
        footageFrameOf,
        footageLandmarks: landmarks,
      };
    } finally {
      await raw.close();
      await small.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Tracking frames are at most this long on their long side. */
const TRACK_MAX_SIDE_PX = 640;
/** The landmark smoothing's width, in sampled frames (about 0.1 s at every third frame). */
const SMOOTHING_SAMPLES = 1;

function evenRound(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/** The person is known to be there: a less sure detection still places the mouth better than a guess. */
const TRACKING_MIN_SCORE = 0.3;

/** The largest face: the presenter, not someone in the background. */
function widest(faces: readonly DetectedFace[]): DetectedFace | null {
  return faces.reduce<DetectedFace | null>((best, f) => (!best || f.box.width > best.box.width ? f : best), null);
}
