import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceNotUsable } from '../../../src/core/errors.js';
import { createFaceApiEngine, detectSingleFace, LANDMARK, type DetectedFace, type FaceEngine, type Point } from '../../../src/engines/face/index.js';
import {
  createFfmpegEngine,
  extractFrameRgb,
  meanAbsDifference,
  meanColor,
  probeMedia,
  runFfmpeg,
  type PixelRect,
  type RgbFrame,
} from '../../../src/engines/ffmpeg/index.js';
import {
  animatePhoto,
  checkConsent,
  chooseFrontalStill,
  makeTalkingPhoto,
  type PhotoAvatarResult,
  type PhotoMouthFrame,
} from '../../../src/pipelines/avatar/photo/index.js';
import { pearson } from '../../../src/pipelines/avatar/visemes/index.js';
import { groupPhoto, makeGradient, makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, makeSpeech, makeTone, type FixtureDir } from '../../helpers/media-fixtures.js';

let fx: FixtureDir;
let faces: FaceEngine;
let portrait: string;
let face: DetectedFace;
beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-photo-avatar-');
  faces = createFaceApiEngine();
  portrait = await makePortrait(fx.path('presenter.png'), 'presenter');
  face = await detectSingleFace(faces, portrait);
});
afterAll(async () => fx.cleanup());

/** Closed, wide open, closed, part open (with a blink), closed: 66 frames, 2.2 s. */
const OPENNESS = [
  ...Array<number>(15).fill(0),
  ...Array<number>(15).fill(1),
  ...Array<number>(15).fill(0),
  ...Array<number>(15).fill(0.6),
  ...Array<number>(6).fill(0),
];
const BLINK_FRAMES = new Set([50, 51, 52, 53]);
const TRACK: PhotoMouthFrame[] = OPENNESS.map((openness, f) => ({ openness, blink: BLINK_FRAMES.has(f) ? 1 : 0 }));

function luma([r, g, b]: [number, number, number]): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

function boundsOf(points: Point[], pad: { x: number; top: number; bottom: number }): PixelRect {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  const h = Math.max(...ys) - Math.min(...ys);
  return { x: Math.min(...xs) - w * pad.x, y: Math.min(...ys) - h * pad.top, width: w * (1 + 2 * pad.x), height: h * (1 + pad.top + pad.bottom) };
}

describe('photo avatar (real face model, real ffmpeg)', () => {
  let result: PhotoAvatarResult;
  const frameAt = new Map<number, RgbFrame>();
  const frame = async (f: number): Promise<RgbFrame> => {
    // An input seek returns the first frame at or after the time; frame f starts at f/30.
    if (!frameAt.has(f)) frameAt.set(f, await extractFrameRgb(result.videoPath, Math.max(0, f / 30 - 0.005), result.frame));
    return frameAt.get(f)!;
  };

  beforeAll(async () => {
    const voice = await makeTone(fx.path('voice.wav'), 2.2, 220, 0.3);
    result = await animatePhoto(createFfmpegEngine(), {
      photoPath: portrait,
      face,
      frames: TRACK,
      audioPath: voice,
      outputPath: fx.path('avatar.mp4'),
      // The portrait's own 4:5 shape (Aurora's default frame is the contract's nearest, 1:1: see talking photo below).
      frame: { width: 480, height: 600 },
      scratchDir: fx.dir,
      encoder: { preset: 'ultrafast', crf: 20 },
    });
  });

  it('is an H.264 + AAC MP4 at the resolution, as long as the track', async () => {
    const probe = await probeMedia(result.videoPath);
    expect(result.frame).toEqual({ width: 480, height: 600 });
    expect(probe.video).toMatchObject({ codec: 'h264', width: 480, height: 600, fps: 30, pixelFormat: 'yuv420p' });
    expect(probe.audio).toMatchObject({ codec: 'aac' });
    expect(probe.durationSeconds).toBeGreaterThan(2.15);
    expect(probe.durationSeconds).toBeLessThan(2.26);
    expect(result.stateCount).toBe(4); // closed, open, 0.6 open, 0.6 open with closed eyes
  });

  it('moves the mouth in step with the openness track', async () => {
    const lips = LANDMARK.outerLips.map((i) => result.landmarksInFrame[i]!);
    // The lips' box, extended down for the jaw drop.
    const mouth = boundsOf(lips, { x: 0.15, top: 0.3, bottom: 1.2 });
    const sampled = Array.from({ length: 22 }, (_, i) => i * 3);
    // Decode the sampled frames a few at a time (each is one short ffmpeg run).
    for (let i = 0; i < sampled.length; i += 4) await Promise.all(sampled.slice(i, i + 4).map(frame));
    const reference = await frame(1);
    const change: number[] = [];
    const darkening: number[] = [];
    for (const f of sampled) {
      change.push(meanAbsDifference(reference, await frame(f), mouth));
      darkening.push(luma(meanColor(reference, mouth)) - luma(meanColor(await frame(f), mouth)));
    }
    const openness = sampled.map((f) => OPENNESS[f]!);
    // The opened mouth shows teeth over its cavity: a half-open mouth's light teeth differ from the
    // closed lips about as much as a wide one's dark inside, so the raw change follows the track a
    // little less closely (0.84 with teeth; over 0.85 with the old dark gap) than the darkening does.
    expect(pearson(change, openness)).toBeGreaterThan(0.8);
    expect(pearson(darkening, openness)).toBeGreaterThan(0.9);
    // The idle head motion shifts the lips a little in every frame, but only an open mouth shows
    // its dark inside: the region gets darker in open frames and not in closed ones.
    const closed = darkening.filter((_, i) => openness[i] === 0);
    const wide = darkening.filter((_, i) => openness[i] === 1);
    const part = darkening.filter((_, i) => openness[i] === 0.6);
    expect(Math.min(...wide)).toBeGreaterThan(4 * Math.max(1, ...closed.map(Math.abs)));
    expect(Math.min(...wide)).toBeGreaterThan(Math.max(...part)); // wider opening, darker
    expect(Math.min(...part)).toBeGreaterThan(2 * Math.max(1, ...closed.map(Math.abs)));
  });

  it('blinks: the eyes change during the blink, not around it', async () => {
    const eyes = boundsOf(
      [...LANDMARK.rightEye, ...LANDMARK.leftEye].map((i) => result.landmarksInFrame[i]!),
      { x: 0.1, top: 0.8, bottom: 0.8 },
    );
    const before = meanAbsDifference(await frame(47), await frame(48), eyes);
    const during = meanAbsDifference(await frame(47), await frame(52), eyes);
    expect(during).toBeGreaterThan(4 * Math.max(1, before));
  });

  it('keeps the bottom edge of the frame still (breathing lifts the shoulders from it), while the head itself moves', async () => {
    const region = result.headRegion;
    const below = region.y + region.height + 4;
    expect(below).toBeLessThan(result.frame.height - 20);
    // Breathing stretches the rows between the neck and the bottom, the least near the bottom.
    const bottom: PixelRect = { x: 0, y: result.frame.height - 24, width: result.frame.width, height: 24 };
    const first = await frame(1);
    // 1.5 grey levels: the encoder's noise on rows that are re-sampled at each step of the breath
    // (a hundredth of a pixel here); a moved picture differs by several levels.
    for (const f of [10, 30, 44, 65]) expect(meanAbsDifference(first, await frame(f), bottom)).toBeLessThan(1.5);
    // Forehead and hair, far from mouth and eyes, move with the idle head motion.
    const forehead = boundsOf(
      [...LANDMARK.rightBrow, ...LANDMARK.leftBrow].map((i) => result.landmarksInFrame[i]!),
      { x: 0, top: 3, bottom: -0.5 },
    );
    const drift = Math.max(...(await Promise.all([30, 44, 65].map(async (f) => meanAbsDifference(first, await frame(f), forehead)))));
    expect(drift).toBeGreaterThan(1.5);
  });
});

describe('frontal still from a video', () => {
  it('picks a frame with the upright face over a tilted one and frames with no face', async () => {
    const size = { width: 480, height: 600 };
    const upright = await sharp(portrait)
      .resize(size.width, size.height)
      .png()
      .toFile(fx.path('upright.png'))
      .then(() => fx.path('upright.png'));
    const tilted = fx.path('tilted.png');
    await sharp(portrait).rotate(32, { background: '#202020' }).resize(size.width, size.height, { fit: 'cover' }).toFile(tilted);
    const empty = await makeGradient(fx.path('empty.png'), size);
    const video = fx.path('segments.mp4');
    // 1 s without a face, 1 s tilted, 1 s upright.
    await runFfmpeg([
      '-loop',
      '1',
      '-t',
      '1',
      '-i',
      empty,
      '-loop',
      '1',
      '-t',
      '1',
      '-i',
      tilted,
      '-loop',
      '1',
      '-t',
      '1',
      '-i',
      upright,
      '-filter_complex',
      '[0:v][1:v][2:v]concat=n=3:v=1:a=0,fps=30,format=yuv420p[v]',
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      video,
    ]);
    const still = await chooseFrontalStill({ faces, ffmpeg: createFfmpegEngine() }, video, { workDir: fx.dir, sampleCount: 6 });
    expect(still.timeSeconds).toBeGreaterThan(2);
    expect(still.sampled.map((s) => s.faceCount)).toEqual([0, 0, 1, 1, 1, 1]);
    const tiltedScores = still.sampled.slice(2, 4).map((s) => s.score);
    expect(still.score).toBeGreaterThan(Math.max(...tiltedScores));
    const meta = await sharp(still.imagePath).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(size);
  });

  it('says why when no frame shows exactly one person', async () => {
    const group = fx.path('group.mp4');
    await runFfmpeg([
      '-loop',
      '1',
      '-t',
      '1',
      '-i',
      groupPhoto(1),
      '-vf',
      'scale=960:-2,fps=30,format=yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      group,
    ]);
    const error = await chooseFrontalStill({ faces, ffmpeg: createFfmpegEngine() }, group, { workDir: fx.dir, sampleCount: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FaceNotUsable);
    expect(error).toMatchObject({ kind: 'several-faces', reason: 'found 3 faces in the video; use a video with exactly one person' });
  });
});

describe('talking photo and consent', () => {
  it('speaks an audio file: the video lasts as long as the audio', async () => {
    const voice = await makeSpeech(fx.path('hello.wav'), 'Hello there, nice to meet you.');
    const audioSeconds = (await probeMedia(voice)).durationSeconds;
    const result = await makeTalkingPhoto(
      { faces, ffmpeg: createFfmpegEngine() },
      {
        photoPath: portrait,
        audioPath: voice,
        outputPath: fx.path('talking.mp4'),
        resolution: '480p',
        headMotion: 'drift',
        scratchDir: fx.dir,
        encoder: { preset: 'ultrafast', crf: 26 },
      },
    );
    const probe = await probeMedia(result.videoPath);
    // The 4:5 portrait at the contract's nearest shape (1:1), short side 480.
    expect(probe.video).toMatchObject({ codec: 'h264', width: 480, height: 480, fps: 30 });
    expect(probe.audio).toMatchObject({ codec: 'aac' });
    expect(Math.abs(probe.durationSeconds - audioSeconds)).toBeLessThan(0.07);
    expect(result.stateCount).toBeGreaterThan(3); // the mouth took several openings
  });

  it('verifies consent from a video of the same person, refuses another person', async () => {
    const mirrored = await makePortrait(fx.path('consent.jpg'), 'presenter', { flip: true, width: 400 });
    const consentVideo = fx.path('consent.mp4');
    await runFfmpeg([
      '-loop',
      '1',
      '-t',
      '1',
      '-i',
      mirrored,
      '-vf',
      'scale=400:-2,fps=30,format=yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      consentVideo,
    ]);
    const engines = { faces, ffmpeg: createFfmpegEngine() };
    const same = await checkConsent(engines, { kind: 'image', path: portrait }, { kind: 'video', path: consentVideo }, { workDir: fx.dir });
    expect(same.consentVerified).toBe(true);
    expect(same.distance).toBeLessThan(same.threshold);
    const stranger = await makePortrait(fx.path('stranger.png'), 'frontal');
    const other = await checkConsent(engines, { kind: 'image', path: portrait }, { kind: 'image', path: stranger }, { workDir: fx.dir });
    expect(other.consentVerified).toBe(false);
    expect(other.distance).toBeGreaterThan(other.threshold);
  });
});
