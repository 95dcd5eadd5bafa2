import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centroid, decideSamePerson, detectSingleFace, LANDMARK, type DetectedFace, type Point } from '../../../src/engines/face/index.js';
import { createFfmpegEngine, extractFramePng, probeMedia, runFfmpeg, runFfmpegCapture } from '../../../src/engines/ffmpeg/index.js';
import { analyzeFrames, pearson, readMonoPcm } from '../../../src/pipelines/avatar/visemes/index.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

/**
 * Real footage of a person talking to the camera (jwpIntro.mp4 from the PyPI wheel psychopy
 * 2026.2.5, fetched by `scripts/setup.sh --test` into .tools/footage/; GPL-3.0+, test input only),
 * made a custom avatar through POST /api/personas/ and rendered saying new words as an AI Avatar v1
 * preview. The person talks in the footage: their own mouth must be shut where the new speech is
 * quiet, open with it where it is loud, and nothing outside the mouth may move more than the
 * footage itself does.
 */
const FOOTAGE = join(process.cwd(), '.tools/footage/jwpIntro.mp4');
/** The 1:1 render (1080x1080) is looked at scaled down to this. */
const SIZE = { width: 360, height: 360 };
const ffmpeg = createFfmpegEngine();

let fx: FixtureDir;
let db: TestDatabase;
let t: TestApp;
let pages: PageServer;
let video: string;
let frames: Uint8Array[];
let level: number[];
let first: DetectedFace;

/** Every frame of a video as packed RGB at its own size (a few seconds only). */
async function decodeAll(path: string, filter = `scale=${SIZE.width}:${SIZE.height}`): Promise<Uint8Array[]> {
  const data = await runFfmpegCapture(['-i', path, '-vf', `${filter},format=rgb24`, '-f', 'rawvideo', 'pipe:1']);
  const bytes = SIZE.width * SIZE.height * 3;
  return Array.from({ length: Math.floor(data.length / bytes) }, (_, i) => data.subarray(i * bytes, (i + 1) * bytes));
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const luma = (f: Uint8Array, i: number) => 0.299 * f[i]! + 0.587 * f[i + 1]! + 0.114 * f[i + 2]!;

/** Pixels of the box darker than `below`: the open mouth's inside (lips, beard and skin are lighter). */
function darkPixels(frame: Uint8Array, box: Box, below: number): number {
  let n = 0;
  for (let y = Math.round(box.y0); y < Math.round(box.y1); y++)
    for (let x = Math.round(box.x0); x < Math.round(box.x1); x++) if (luma(frame, (y * SIZE.width + x) * 3) < below) n++;
  return n;
}

/** Mean absolute step between two frames over the pixels outside `skip`, 0..255. */
function stepOutside(a: Uint8Array, b: Uint8Array, skip: Box): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < SIZE.height; y++)
    for (let x = 0; x < SIZE.width; x++) {
      if (x >= skip.x0 && x < skip.x1 && y >= skip.y0 && y < skip.y1) continue;
      const i = (y * SIZE.width + x) * 3;
      sum += Math.abs(luma(a, i) - luma(b, i));
      n++;
    }
  return sum / n;
}

/** Between the lip corners (a little in from them), from the top of the upper lip to below the lower one (the jaw drops): no beard. */
function mouthBox(landmarks: readonly Point[]): Box {
  const lips = LANDMARK.outerLips.map((i) => landmarks[i]!);
  const xs = lips.map((p) => p[0]);
  const ys = lips.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  return { x0: Math.min(...xs) + 0.1 * w, x1: Math.max(...xs) - 0.1 * w, y0: Math.min(...ys), y1: Math.max(...ys) + 0.25 * w };
}

/** From the nose down past the chin, jaw to jaw and beyond: everything the mouth warp may touch. */
function lowerFaceBox(landmarks: readonly Point[]): Box {
  const xs = LANDMARK.jaw.map((i) => landmarks[i]![0]);
  const w = Math.max(...xs) - Math.min(...xs);
  const nose = landmarks[30]!;
  const chin = landmarks[LANDMARK.chin]!;
  return { x0: Math.min(...xs) - 0.3 * w, x1: Math.max(...xs) + 0.3 * w, y0: nose[1] - 0.1 * w, y1: chin[1] + 0.6 * (chin[1] - nose[1]) };
}

beforeAll(async () => {
  await access(FOOTAGE).catch(() => {
    throw new Error(`${FOOTAGE} is missing: run scripts/setup.sh --test (it fetches the test footage)`);
  });
  fx = await makeFixtureDir('clipwright-footage-real-');
  pages = await startPageServer({ '/talking.mp4': { headers: { 'content-type': 'video/mp4' }, body: await readFile(FOOTAGE) } });
  db = await freshSqlite();
  t = await startTestApp(db, {}, { credits: 20 });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: t.headers, payload });
  const created = await post('/api/personas/', { name: 'Jon', video_url: pages.url('/talking.mp4'), gender: 'm' });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  for (const deadline = Date.now() + 120_000; ; ) {
    const p = (await t.app.inject({ method: 'GET', url: `/api/personas/${id}/`, headers: t.headers })).json();
    if (p.status === 'active') break;
    if (p.status === 'failed' || Date.now() > deadline) throw new Error(`avatar not active: ${p.status} ${p.failed_reason}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // A render, not a preview: the preview's mark crosses the middle of the frame, where the mouth is.
  const r = await post('/api/lipsyncs/', {
    aspect_ratio: '1:1',
    text: 'Good morning! Our new bottle keeps coffee hot all day. Try it.',
    creator: id,
    no_caption: true,
    no_music: true,
  });
  expect(r.statusCode).toBe(201);
  const done = await waitForTask(t, `/api/lipsyncs/${r.json().id}/`, 400_000);
  expect(done.failed_reason).toBeNull();
  video = await downloadTo(t, 'output' in done ? done.output : null, fx.path('footage-lipsync.mp4'));
  frames = await decodeAll(video);
  const audio = await readMonoPcm(ffmpeg, video);
  level = analyzeFrames(audio.samples, audio.sampleRateHz, 30, frames.length).map((f) => 10 ** (f.levelDb / 20));
  const still = fx.path('frame0.png');
  await runFfmpeg(['-i', video, '-vf', `scale=${SIZE.width}:${SIZE.height}`, '-frames:v', '1', still]);
  first = await detectSingleFace(t.c.faces, still, { withDescriptors: true });
}, 600_000);
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await pages?.close();
  if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
});

describe('a custom avatar from real footage of a person talking, saying new words', () => {
  it('is the filmed person, full frame, as long as the new speech', async () => {
    const probe = await probeMedia(video);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 1080, height: 1080 });
    expect(probe.audio).toBeDefined();
    expect(probe.durationSeconds).toBeGreaterThan(2.5);
    expect(Math.abs(frames.length - probe.durationSeconds * 30)).toBeLessThanOrEqual(2);
    const still = fx.path('footage-still.png');
    await extractFramePng(FOOTAGE, 1.8, still);
    const own = await detectSingleFace(t.c.faces, still, { withDescriptors: true });
    expect(decideSamePerson(first.descriptor!, own.descriptor!).samePerson).toBe(true);
    expect(first.box.width).toBeGreaterThan(90); // the footage fills the frame around the face (≈ 0.3 of its width)
  });

  it('opens the mouth with the new speech (r ≥ 0.7) and keeps the person’s own talking mouth shut in its pauses', () => {
    const box = mouthBox(first.landmarks68);
    // Darker than half the light on the nose: the inside of an open mouth, not the lips or the moustache.
    const nose = centroid(first.landmarks68, [29, 30, 31, 35]);
    const light = luma(frames[0]!, (Math.round(nose[1]) * SIZE.width + Math.round(nose[0])) * 3);
    const dark = frames.map((f) => darkPixels(f, box, light * 0.5));
    const r = pearson(dark, level);
    const quiet = dark.filter((_, i) => level[i]! < 0.01);
    const loud = dark.filter((_, i) => level[i]! > 0.1);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
    console.log(
      `real footage: mouth dark area vs speech level r = ${r.toFixed(2)}; dark px quiet mean ${mean(quiet).toFixed(1)} (n ${quiet.length}), loud mean ${mean(loud).toFixed(1)} (n ${loud.length})`,
    );
    expect(r).toBeGreaterThanOrEqual(0.7);
    expect(quiet.length).toBeGreaterThan(5);
    expect(loud.length).toBeGreaterThan(10);
    expect(mean(quiet)).toBeLessThan(mean(loud) * 0.15);
  });

  it('moves nothing outside the lower face more than the footage itself moves', async () => {
    const skip = lowerFaceBox(first.landmarks68);
    const steps = frames.slice(1).map((f, i) => stepOutside(f, frames[i]!, skip));
    // The footage at the same size and rate, covering the frame as the avatar does (centred on the face).
    const own = await decodeAll(FOOTAGE, `fps=30,scale=-2:${SIZE.height},crop=${SIZE.width}:${SIZE.height}`);
    const ownSteps = own.slice(1).map((f, i) => stepOutside(f, own[i]!, skip));
    const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
    const p99 = (v: number[]) => sorted(v)[Math.floor(v.length * 0.99)]!;
    console.log(
      `real footage: step outside the lower face, output max ${Math.max(...steps).toFixed(2)} p99 ${p99(steps).toFixed(2)}; footage max ${Math.max(...ownSteps).toFixed(2)} p99 ${p99(ownSteps).toFixed(2)}`,
    );
    // A loop cut that jumps, or a warp that leaks past the jaw, shows here as a step beyond the footage's own.
    expect(Math.max(...steps)).toBeLessThanOrEqual(Math.max(...ownSteps) * 1.25 + 0.5);
    // The picture is alive: the footage's motion is there, not a frozen frame.
    expect(steps.reduce((a, b) => a + b, 0) / steps.length).toBeGreaterThan(0.3);
  }, 120_000);

  it('keeps the face steady: landmarks of the eyes and nose tremble no more than on the footage itself', async () => {
    const rigid = [...LANDMARK.rightEye, ...LANDMARK.leftEye, 27, 28, 29, 30];
    /** Mean second difference of the eye and nose points over every second frame (px). */
    const tremble = async (path: string, filter: string, count: number) => {
      const sampled = (await decodeAll(path, filter)).filter((_, i) => i % 2 === 0).slice(0, count);
      const points: Point[][] = [];
      for (const f of sampled) {
        const rgba = new Uint8Array(SIZE.width * SIZE.height * 4);
        for (let p = 0, q = 0; p < f.length; p += 3, q += 4) {
          rgba[q] = f[p]!;
          rgba[q + 1] = f[p + 1]!;
          rgba[q + 2] = f[p + 2]!;
          rgba[q + 3] = 255;
        }
        const [face] = await t.c.faces.detect({ ...SIZE, data: rgba }, { detector: 'tiny', minScore: 0.3 });
        points.push(face!.landmarks68);
      }
      let sum = 0;
      let n = 0;
      for (let k = 1; k + 1 < points.length; k++)
        for (const i of rigid) {
          const [a, b, c] = [points[k - 1]![i]!, points[k]![i]!, points[k + 1]![i]!];
          sum += Math.hypot(a[0] - 2 * b[0] + c[0], a[1] - 2 * b[1] + c[1]);
          n++;
        }
      return sum / n;
    };
    const output = await tremble(video, `scale=${SIZE.width}:${SIZE.height}`, 16);
    const footage = await tremble(FOOTAGE, `fps=30,scale=-2:${SIZE.height},crop=${SIZE.width}:${SIZE.height}`, 16);
    console.log(`real footage: eye/nose landmark tremble, output ${output.toFixed(2)} px, footage ${footage.toFixed(2)} px (${SIZE.width}x${SIZE.height})`);
    expect(output).toBeLessThanOrEqual(footage * 1.3 + 0.3);
    expect(output).toBeLessThan(3);
  }, 180_000);
});
