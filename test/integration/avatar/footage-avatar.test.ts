import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceApiEngine, detectSingleFace, LANDMARK, centroid, type FaceEngine, type Point } from '../../../src/engines/face/index.js';
import { createFfmpegEngine, frameImageArgs, probeMedia, runFfmpeg, runFfmpegCapture } from '../../../src/engines/ffmpeg/index.js';
import { renderPhotoAvatarPreviewVideo } from '../../../src/pipelines/avatar/custom/index.js';
import { animateFootage, type FootageAvatarResult } from '../../../src/pipelines/avatar/footage/index.js';
import { photoFramesFromMouthTrack } from '../../../src/pipelines/avatar/photo/index.js';
import { analyzeFrames, mouthTrackFromAudioFile, pearson, readMonoPcm } from '../../../src/pipelines/avatar/visemes/index.js';
import { makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';

const SIZE = { width: 320, height: 400 };
const FOOTAGE_SECONDS = 2.5;
const ffmpeg = createFfmpegEngine();

let fx: FixtureDir;
let faces: FaceEngine;
let footagePath: string;
let speechPath: string;
let speechSeconds: number;
let result: FootageAvatarResult;
let output: Uint8Array[];
let footage: Uint8Array[];

/** Every frame of a video as packed RGB at SIZE (small clips only). */
async function decodeAll(path: string, fpsFilter = ''): Promise<Uint8Array[]> {
  const data = await runFfmpegCapture(['-i', path, '-vf', `${fpsFilter}scale=${SIZE.width}:${SIZE.height}`, '-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1']);
  const bytes = SIZE.width * SIZE.height * 3;
  return Array.from({ length: Math.floor(data.length / bytes) }, (_, i) => data.subarray(i * bytes, (i + 1) * bytes));
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function meanLuma(frame: Uint8Array, box: Box): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.round(box.y0)); y < Math.min(SIZE.height, Math.round(box.y1)); y++) {
    for (let x = Math.max(0, Math.round(box.x0)); x < Math.min(SIZE.width, Math.round(box.x1)); x++) {
      const i = (y * SIZE.width + x) * 3;
      sum += 0.299 * frame[i]! + 0.587 * frame[i + 1]! + 0.114 * frame[i + 2]!;
      n++;
    }
  }
  return sum / Math.max(1, n);
}

/** Mean absolute difference of two frames over the pixels outside `skip`. */
function diffOutside(a: Uint8Array, b: Uint8Array, skip: Box): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < SIZE.height; y++) {
    for (let x = 0; x < SIZE.width; x++) {
      if (x >= skip.x0 && x < skip.x1 && y >= skip.y0 && y < skip.y1) continue;
      const i = (y * SIZE.width + x) * 3;
      sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
      n += 3;
    }
  }
  return sum / n;
}

/** The lips' box, extended down for the jaw drop. */
function mouthBox(landmarks: readonly Point[]): Box {
  const lips = LANDMARK.outerLips.map((i) => landmarks[i]!);
  const xs = lips.map((p) => p[0]);
  const ys = lips.map((p) => p[1]);
  const h = Math.max(...ys) - Math.min(...ys);
  return { x0: Math.min(...xs), y0: Math.min(...ys) - 0.2 * h, x1: Math.max(...xs), y1: Math.max(...ys) + 0.6 * h };
}

/** Everything the mouth warp may touch: from the nose down past the chin, jaw to jaw. */
function lowerFaceBox(landmarks: readonly Point[]): Box {
  const xs = LANDMARK.jaw.map((i) => landmarks[i]![0]);
  const nose = landmarks[30]!;
  const chin = landmarks[LANDMARK.chin]!;
  const w = Math.max(...xs) - Math.min(...xs);
  return { x0: Math.min(...xs) - 0.35 * w, y0: nose[1], x1: Math.max(...xs) + 0.35 * w, y1: chin[1] + 0.4 * (chin[1] - nose[1]) };
}

beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-footage-avatar-');
  faces = createFaceApiEngine();
  const portrait = await makePortrait(fx.path('presenter.png'), 'presenter');
  footagePath = fx.path('footage.mp4');
  // A slow pan and zoom over the portrait: the head really moves across the frame.
  await runFfmpeg([
    '-loop',
    '1',
    '-framerate',
    '30',
    '-i',
    portrait,
    '-t',
    String(FOOTAGE_SECONDS),
    // (zoompan steps in whole input pixels: the portrait is enlarged first so the steps are small.)
    '-vf',
    `scale=960:1200,zoompan=z='1.25+0.15*on/75':x='iw*0.02+on*1.6':y='ih*0.03+on*0.8':d=1:s=${SIZE.width}x${SIZE.height}:fps=30,setsar=1`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '16',
    '-pix_fmt',
    'yuv420p',
    footagePath,
  ]);
  speechPath = await makeSpeech(fx.path('speech.wav'), 'Good morning. Our new bottle keeps your coffee hot all day.');
  speechSeconds = (await probeMedia(speechPath)).durationSeconds;
  const track = await mouthTrackFromAudioFile(ffmpeg, speechPath);
  result = await animateFootage(ffmpeg, {
    videoPath: footagePath,
    faces,
    frames: photoFramesFromMouthTrack(track),
    audioPath: speechPath,
    outputPath: fx.path('avatar.mp4'),
    frame: SIZE,
    scratchDir: fx.dir,
    encoder: { preset: 'ultrafast', crf: 16 },
  });
  output = await decodeAll(result.videoPath);
  footage = await decodeAll(footagePath, 'fps=30,');
}, 240_000);
afterAll(async () => fx.cleanup());

describe('presenter from footage (real face model, real ffmpeg)', () => {
  it('lasts as long as the speech, longer than the footage (repeated)', async () => {
    expect(speechSeconds).toBeGreaterThan(3);
    expect(speechSeconds).toBeLessThan(4.5);
    const probe = await probeMedia(result.videoPath);
    expect(Math.abs(probe.durationSeconds - speechSeconds)).toBeLessThanOrEqual(0.1);
    expect(probe.video).toMatchObject({ codec: 'h264', width: SIZE.width, height: SIZE.height, fps: 30 });
    expect(probe.audio).toMatchObject({ codec: 'aac' });
    expect(Math.abs(output.length - Math.round(speechSeconds * 30))).toBeLessThanOrEqual(2);
    expect(result.footageFrameCount).toBeGreaterThan(70);
    expect(result.frameCount).toBeGreaterThan(result.footageFrameCount); // the footage had to repeat
    // A zoom has no frame pair alike enough to cut a loop: it plays forward, then backward.
    expect(result.loop.mode).toBe('ping-pong');
    expect(result.footageFrameOf.slice(73, 78)).toEqual([73, 74, 73, 72, 71]);
  });

  it('keeps the footage and its motion away from the mouth', () => {
    const far: number[] = [];
    const step: number[] = [];
    for (let i = 1; i < output.length; i++) {
      const j = result.footageFrameOf[i]!;
      const lower = lowerFaceBox(result.footageLandmarks[j]!);
      far.push(diffOutside(output[i]!, footage[j]!, lower));
      step.push(diffOutside(output[i]!, output[i - 1]!, lowerFaceBox(result.footageLandmarks[result.footageFrameOf[i - 1]!]!)));
    }
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    // Outside the lower face, each output frame is its footage frame (up to the encoder) …
    expect(Math.max(...far)).toBeLessThan(3);
    // … and the picture moves from frame to frame as the footage does (a still photo gives ~0).
    expect(mean(step)).toBeGreaterThan(1.5);
  });

  it('follows the moving face: faces found in output frames sit where the footage has them', async () => {
    const centres: Point[] = [];
    for (const i of [5, 40, 70]) {
      const rgb = output[i]!;
      const rgba = new Uint8Array(SIZE.width * SIZE.height * 4);
      for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) {
        rgba[q] = rgb[p]!;
        rgba[q + 1] = rgb[p + 1]!;
        rgba[q + 2] = rgb[p + 2]!;
        rgba[q + 3] = 255;
      }
      const [found] = await faces.detect({ ...SIZE, data: rgba }, { detector: 'tiny', minScore: 0.3 });
      expect(found).toBeDefined();
      const eyes = [...LANDMARK.rightEye, ...LANDMARK.leftEye];
      const seen = centroid(found!.landmarks68, eyes);
      const tracked = centroid(result.footageLandmarks[result.footageFrameOf[i]!]!, eyes);
      expect(Math.hypot(seen[0] - tracked[0], seen[1] - tracked[1])).toBeLessThan(6);
      centres.push(seen);
    }
    const travel = Math.max(...centres.map((c) => Math.hypot(c[0] - centres[0]![0], c[1] - centres[0]![1])));
    expect(travel).toBeGreaterThan(10);
  });

  it('opens and closes the mouth with the speech', async () => {
    const audio = await readMonoPcm(ffmpeg, speechPath);
    const level = analyzeFrames(audio.samples, audio.sampleRateHz, 30, output.length).map((f) => 10 ** (f.levelDb / 20));
    // Opening: how much darker the mouth is than in the footage frame behind it.
    const darkening = output.map((frame, i) => {
      const j = result.footageFrameOf[i]!;
      const box = mouthBox(result.footageLandmarks[j]!);
      return meanLuma(footage[j]!, box) - meanLuma(frame, box);
    });
    const r = pearson(darkening, level);
    console.log(`footage avatar: mouth darkening vs speech level r = ${r.toFixed(2)}`);
    expect(r).toBeGreaterThanOrEqual(0.5);
    const quiet = darkening.filter((_, i) => level[i]! < 0.002);
    const loud = darkening.filter((_, i) => level[i]! > 0.05);
    expect(quiet.length).toBeGreaterThan(5);
    expect(loud.length).toBeGreaterThan(10);
    expect(Math.max(...quiet.map(Math.abs))).toBeLessThan(3);
  });
});

describe('a custom avatar made from a video, in its preview video', () => {
  it('speaks over its moving footage at the preview size, as long as the speech', async () => {
    const still = fx.path('still.png');
    await runFfmpeg(frameImageArgs({ input: footagePath, atSeconds: 1, output: still }));
    const face = await detectSingleFace(faces, still);
    const path = await renderPhotoAvatarPreviewVideo(ffmpeg, {
      photoPath: still,
      face,
      footage: { videoPath: footagePath, faces },
      speech: { mp3Path: speechPath, durationSeconds: speechSeconds, words: [] },
      aspect: '1:1',
      outputDir: fx.dir,
      seed: 1,
    });
    const probe = await probeMedia(path);
    expect(probe.video).toMatchObject({ width: 360, height: 360 });
    expect(probe.audio).toMatchObject({ codec: 'aac' });
    expect(Math.abs(probe.durationSeconds - speechSeconds)).toBeLessThanOrEqual(0.1);
    // The footage's pan shows along the top of the picture (hair and background), far from the mouth.
    const top = await runFfmpegCapture(['-i', path, '-vf', 'crop=360:90:0:0', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1']);
    const bytes = 360 * 90;
    const first = top.subarray(0, bytes);
    const later = top.subarray(40 * bytes, 41 * bytes);
    let diff = 0;
    for (let i = 0; i < bytes; i++) diff += Math.abs(first[i]! - later[i]!);
    expect(diff / bytes).toBeGreaterThan(3);
  }, 180_000);
});
