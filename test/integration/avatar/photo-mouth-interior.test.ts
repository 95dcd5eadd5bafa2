import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceApiEngine, detectSingleFace, type DetectedFace, type Point, type RgbaImage } from '../../../src/engines/face/index.js';
import { createFfmpegEngine, probeMedia, runFfmpegCapture } from '../../../src/engines/ffmpeg/index.js';
import { animatePhoto } from '../../../src/pipelines/avatar/photo/animate-photo.js';
import { deformFace } from '../../../src/pipelines/avatar/photo/deform-face.js';
import { planHeadPatch } from '../../../src/pipelines/avatar/photo/head-patch.js';
import { innerLipsOnTeethEdges } from '../../../src/pipelines/avatar/photo/inner-lips.js';
import { mouthFrame } from '../../../src/pipelines/avatar/photo/mouth-geometry.js';
import { mouthPalette } from '../../../src/pipelines/avatar/photo/mouth-palette.js';
import { MOUTH_LEVELS, type FaceState } from '../../../src/pipelines/avatar/photo/mouth-track.js';
import { cutPatch, drawFaceState } from '../../../src/pipelines/avatar/photo/render-states.js';
import { makePortrait, type PortraitName } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

/**
 * The opened mouth of a real photo looks like a mouth: along its vertical axis, a band of teeth
 * as light as the face's skin under the upper lip, then a dark cavity; the teeth are the photo's
 * own where its smile shows them, drawn in the skin's light where it does not; and a closed mouth
 * is the photo, to the pixel in the drawn picture and within encoding noise in the video.
 */
const luma = (d: ArrayLike<number>, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
const WIDE: FaceState = { mouth: MOUTH_LEVELS - 1, width: 'normal', blink: 'open' };
const CLOSED: FaceState = { mouth: 0, width: 'normal', blink: 'open' };

let fx: FixtureDir;
const faces = createFaceApiEngine();
beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-photo-mouth-interior-');
});
afterAll(async () => fx.cleanup());

interface Portrait {
  path: string;
  face: DetectedFace;
  frame: RgbaImage;
}

const portraits = new Map<PortraitName, Promise<Portrait>>();
function portrait(name: PortraitName): Promise<Portrait> {
  if (!portraits.has(name)) portraits.set(name, loadPortrait(name));
  return portraits.get(name)!;
}

async function loadPortrait(name: PortraitName): Promise<Portrait> {
  const path = await makePortrait(fx.path(`${name}.png`), name);
  const face = await detectSingleFace(faces, path);
  const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { path, face, frame: { width: info.width, height: info.height, data } };
}

/** The skin's brightness: beside the nose, halfway to the cheeks. */
function skinLuma(image: RgbaImage, points: readonly Point[]): number {
  let sum = 0;
  let n = 0;
  for (const i of [31, 35]) {
    const x = Math.round((points[i]![0] + points[30]![0]) / 2 + (points[i]![0] - points[30]![0]));
    const y = Math.round(points[i]![1]);
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) sum += luma(image.data, ((y + dy) * image.width + x + dx) * 4);
    n += 25;
  }
  return sum / n;
}

/**
 * Brightness along the mouth's vertical axis, from the upper inner lip to the lower one, one row
 * a pixel, each the mean of the opening's middle fifth; `at` maps a point to a pixel index.
 */
function mouthProfile(points: readonly Point[], at: (x: number, y: number) => number, pixels: ArrayLike<number>): number[] {
  const frame = mouthFrame(points);
  const rows: number[] = [];
  const gap = frame.lowerAt(0.5) - frame.upperAt(0.5);
  for (let t = 0.5; t < gap; t += 1) {
    let sum = 0;
    let n = 0;
    for (let u = 0.4; u <= 0.6; u += 0.025) {
      const share = t / gap;
      const [x, y] = frame.toPicture(u, frame.upperAt(u) + share * (frame.lowerAt(u) - frame.upperAt(u)));
      sum += luma(pixels, at(x, y));
      n++;
    }
    rows.push(sum / n);
  }
  return rows;
}

/**
 * Teeth over a cavity: rows in the top part lighter than the skin (enamel reflects more than skin
 * in the same light: 1.11 and 1.15 times on two portraits whose smile shows teeth), a dark one
 * below the brightest.
 */
function expectTeethOverCavity(rows: number[], skin: number, label: string): void {
  const top = rows.slice(0, Math.ceil(rows.length * 0.45));
  const light = top.filter((v) => v > skin * 0.9).length;
  const brightest = rows.indexOf(Math.max(...top));
  const darkest = rows.indexOf(Math.min(...rows));
  console.log(
    `${label}: ${rows.length} rows, ${light} teeth rows (> 0.9 × skin ${skin.toFixed(0)}), brightest ${Math.max(...top).toFixed(0)} at row ${brightest}, darkest ${Math.min(...rows).toFixed(0)} at row ${darkest}`,
  );
  console.log(`${label} profile: ${rows.map((v) => v.toFixed(0)).join(' ')}`);
  expect(light).toBeGreaterThanOrEqual(3);
  expect(Math.max(...top)).toBeGreaterThan(skin * 1.05);
  expect(Math.min(...rows)).toBeLessThan(skin * 0.3);
  expect(brightest).toBeLessThan(darkest);
}

describe('the opened mouth of a real photo (drawn face states, no encoding)', () => {
  for (const [name, source] of [
    ['frontal', 'drawn'],
    ['darkHair', 'photo'],
  ] as const) {
    it(`${name} (teeth ${source}): teeth over a dark cavity when wide open; the closed mouth is the photo`, async () => {
      const { face, frame } = await portrait(name);
      const head = planHeadPatch(innerLipsOnTeethEdges(frame, face.landmarks68), frame, { maxAngleRadians: 0, maxShiftPx: 0 });
      const rest = cutPatch(frame, head);
      const palette = mouthPalette(rest, head.rest);
      expect(palette.teethSource).toBe(source);
      const skin = skinLuma(rest, head.rest);

      const wide = drawFaceState(rest, head, WIDE);
      const at = (x: number, y: number) => (Math.floor(y) * wide.width + Math.floor(x)) * 4;
      expectTeethOverCavity(mouthProfile(deformFace(head, WIDE), at, wide.data), skin, name);
      // Teeth in the face's light: never white, and not colder than the light (blue over red).
      expect(Math.max(...palette.teeth)).toBeLessThan(240);
      expect(palette.teeth[0]).toBeGreaterThanOrEqual(palette.teeth[2]);

      if (source === 'photo') {
        // The photo's own teeth, where they are in the photo: the band under the upper lip matches it.
        const restFrame = mouthFrame(head.rest);
        let diff = 0;
        let n = 0;
        for (let u = 0.4; u <= 0.6; u += 0.02) {
          for (let d = 2; d < 6; d++) {
            const [x, y] = restFrame.toPicture(u, restFrame.upperAt(u) + d);
            const i = at(x, y);
            diff += Math.abs(luma(wide.data, i) - luma(rest.data, i));
            n++;
          }
        }
        expect(diff / n).toBeLessThan(6);
      }

      const closed = drawFaceState(rest, head, CLOSED);
      let changed = 0;
      for (let i = 0; i < closed.data.length; i += 4)
        if (closed.data[i] !== rest.data[i] || closed.data[i + 1] !== rest.data[i + 1] || closed.data[i + 2] !== rest.data[i + 2]) changed++;
      expect(changed).toBe(0);
    });
  }
});

describe('the opened mouth in a rendered clip', () => {
  it('open frames show teeth over a cavity; closed frames are the photo within encoding noise', async () => {
    const { path, face } = await portrait('frontal');
    const ffmpeg = createFfmpegEngine();
    const FRAME = { width: 360, height: 640 };
    const shut = { openness: 0, blink: 0 };
    const open = { openness: 1, blink: 0 };
    const frames = [...Array(9).fill(shut), ...Array(9).fill(open), ...Array(9).fill(shut)];
    const common = { photoPath: path, face, frame: FRAME, headMotion: 'still' as const, scratchDir: fx.dir, encoder: { preset: 'ultrafast', crf: 16 } };
    const talking = await animatePhoto(ffmpeg, { ...common, frames, outputPath: fx.path('talking.mp4') });
    const still = await animatePhoto(ffmpeg, { ...common, frames: frames.map(() => shut), outputPath: fx.path('still.mp4') });
    const probe = await probeMedia(talking.videoPath);
    expect(probe.video?.width).toBe(FRAME.width);
    expect(probe.video?.height).toBe(FRAME.height);

    const decode = async (video: string) => runFfmpegCapture(['-v', 'error', '-i', video, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-']);
    const [a, b] = await Promise.all([decode(talking.videoPath), decode(still.videoPath)]);
    const size = FRAME.width * FRAME.height * 4;
    expect(a.length / size).toBe(frames.length);
    const points = talking.landmarksInFrame;
    const xs = points.slice(48, 68).map((p) => p[0]);
    const ys = points.slice(48, 68).map((p) => p[1]);
    const box = {
      x0: Math.floor(Math.min(...xs)) - 4,
      x1: Math.ceil(Math.max(...xs)) + 4,
      y0: Math.floor(Math.min(...ys)) - 4,
      y1: Math.ceil(Math.max(...ys)) + 16,
    };
    const mouthDiff = (f: number) => {
      let s = 0;
      let n = 0;
      for (let y = box.y0; y < box.y1; y++) {
        for (let x = box.x0; x < box.x1; x++) {
          const i = f * size + (y * FRAME.width + x) * 4;
          s += Math.abs(luma(a, i) - luma(b, i));
          n++;
        }
      }
      return s / n;
    };
    const closedDiff = Math.max(mouthDiff(2), mouthDiff(24));
    const openDiff = mouthDiff(13);
    console.log(`clip: mouth box mean |Δ| vs the still: closed ${closedDiff.toFixed(2)}, open ${openDiff.toFixed(2)}`);
    expect(closedDiff).toBeLessThan(1.5);
    expect(openDiff).toBeGreaterThan(10);

    // The opened frame, measured on the landmarks moved as the renderer moved them.
    const head = planHeadPatch(innerLipsOnTeethEdges({ width: FRAME.width, height: FRAME.height, data: b.subarray(0, size) }, points), FRAME, {
      maxAngleRadians: 0,
      maxShiftPx: 0,
    });
    const moved = deformFace(head, WIDE).map(([x, y]): Point => [x + head.patch.x, y + head.patch.y]);
    const frame13 = a.subarray(13 * size, 14 * size);
    const at = (x: number, y: number) => (Math.floor(y) * FRAME.width + Math.floor(x)) * 4;
    const still0: RgbaImage = { width: FRAME.width, height: FRAME.height, data: b.subarray(0, size) };
    expectTeethOverCavity(mouthProfile(moved, at, frame13), skinLuma(still0, points), 'clip frame 13');
  }, 60_000);
});
