import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceApiEngine, detectSingleFace, type Point, type RgbaImage } from '../../../src/engines/face/index.js';
import { deformFace } from '../../../src/pipelines/avatar/photo/deform-face.js';
import { planHeadPatch } from '../../../src/pipelines/avatar/photo/head-patch.js';
import { MOUTH_LEVELS } from '../../../src/pipelines/avatar/photo/mouth-track.js';
import { faceLight } from '../../../src/pipelines/avatar/photo/paint-mouth.js';
import { cutPatch, drawFaceState } from '../../../src/pipelines/avatar/photo/render-states.js';
import { makePortrait, type PortraitName } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-photo-mouth-interior-');
});
afterAll(async () => fx.cleanup());

function inside(poly: readonly Point[], x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

const luma = (d: ArrayLike<number>, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

describe('the opened mouth of a real photo (drawn face state, no encoding)', () => {
  for (const name of ['frontal', 'presenter'] as PortraitName[]) {
    it(`${name}: the inside is dark with few near-white pixels, darker than the lips, brightest under the upper lip`, async () => {
      const path = await makePortrait(fx.path(`${name}.png`), name);
      const face = await detectSingleFace(createFaceApiEngine(), path);
      const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const frame: RgbaImage = { width: info.width, height: info.height, data };
      const head = planHeadPatch(face.landmarks68, frame, { maxAngleRadians: 0, maxShiftPx: 0 });
      const rest = cutPatch(frame, head);
      const state = { mouth: MOUTH_LEVELS - 1, width: 'normal', blink: 'open' } as const;
      const drawn = drawFaceState(rest, head, state, faceLight(rest, head.rest));
      const points = deformFace(head, state);
      const inner = points.slice(60, 68);
      const outer = points.slice(48, 60);
      const interior: Array<{ y: number; i: number }> = [];
      let lipSum = 0;
      let lipCount = 0;
      for (let y = 0; y < drawn.height; y++) {
        for (let x = 0; x < drawn.width; x++) {
          const i = (y * drawn.width + x) * 4;
          if (inside(inner, x + 0.5, y + 0.5)) interior.push({ y, i });
          else if (inside(outer, x + 0.5, y + 0.5)) {
            lipSum += luma(drawn.data, i);
            lipCount++;
          }
        }
      }
      expect(interior.length).toBeGreaterThan(150);
      const nearWhite = interior.filter(({ i }) => luma(drawn.data, i) > 185).length / interior.length;
      const mean = interior.reduce((s, { i }) => s + luma(drawn.data, i), 0) / interior.length;
      // Rows of the inside away from its soft edge (where the warped lips blend in).
      const core = interior.filter(({ i }) => {
        const x = (i / 4) % drawn.width;
        const y = Math.floor(i / 4 / drawn.width);
        return [
          [2, 0],
          [-2, 0],
          [0, 2],
          [0, -2],
        ].every(([dx, dy]) => inside(inner, x + dx! + 0.5, y + dy! + 0.5));
      });
      const rows = new Map<number, number[]>();
      for (const { y, i } of core) rows.set(y, [...(rows.get(y) ?? []), luma(drawn.data, i)]);
      const rowMean = (y: number) => rows.get(y)!.reduce((s, v) => s + v, 0) / rows.get(y)!.length;
      const ys = [...rows.keys()].filter((y) => rows.get(y)!.length >= 5).sort((a, b) => a - b);
      const brightest = ys.reduce((b, y) => (rowMean(y) > rowMean(b) ? y : b), ys[0]!);
      const opening = ys.at(-1)! - ys[0]!;
      console.log(
        `${name}: ${interior.length} px inside, near-white ${(nearWhite * 100).toFixed(1)} %, mean ${mean.toFixed(0)} vs lips ${(lipSum / lipCount).toFixed(0)}, brightest row at ${(((brightest - ys[0]!) / opening) * 100).toFixed(0)} % of the opening`,
      );
      expect(nearWhite).toBeLessThan(0.15);
      expect(mean).toBeLessThan(lipSum / lipCount - 30);
      expect(brightest - ys[0]!).toBeLessThan(opening * 0.4);
    });
  }
});
