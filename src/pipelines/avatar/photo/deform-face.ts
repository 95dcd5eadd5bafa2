import { distance, LANDMARK, type Point } from '../../../engines/face/index.js';
import type { HeadPatch } from './head-patch.js';
import { BLINK_CLOSURE, MOUTH_LEVELS, WIDTH_FACTOR, type FaceState } from './mouth-track.js';

/** How far the chin drops at full openness, as a share of the brow–chin distance. */
export const JAW_DROP_SHARE = 0.09;

/**
 * Where the mesh points go for one face state. Only landmarks move; the ring and the border stay,
 * so the warp fades out around the face:
 * - the jaw drops along the face's own "down" (chin fully, the jaw less towards the ears);
 * - the lower lip rides with the jaw, the upper lip lifts a little, the corners go half way;
 * - the mouth narrows or widens about its centre;
 * - each upper lid comes down to meet the lower one, which rises a little.
 */
export function deformFace(head: HeadPatch, state: FaceState): Point[] {
  const points = head.rest.map(([x, y]): Point => [x, y]);
  const { down, across } = head.axes;
  const openness = state.mouth / (MOUTH_LEVELS - 1);
  const drop = JAW_DROP_SHARE * head.faceHeight * openness;
  const move = (i: number, alongDown: number, alongAcross = 0): void => {
    const p = points[i]!;
    p[0] += down[0] * alongDown + across[0] * alongAcross;
    p[1] += down[1] * alongDown + across[1] * alongAcross;
  };

  if (drop > 0) {
    for (const j of LANDMARK.jaw) move(j, drop * Math.cos(((j - 8) / 8) * (Math.PI / 2)) ** 1.5);
    for (const i of [55, 56, 57, 58, 59]) move(i, drop * 0.9);
    for (const i of [65, 66, 67]) move(i, drop * 0.95);
    for (const i of [48, 54, 60, 64]) move(i, drop * 0.45);
    for (const i of [50, 51, 52, 61, 62, 63]) move(i, -drop * 0.12);
    for (const i of [49, 53]) move(i, -drop * 0.08);
  }

  const widthFactor = WIDTH_FACTOR[state.width];
  if (widthFactor !== 1) {
    const rest = head.rest;
    const mouthWidth = distance(rest[48]!, rest[54]!);
    const mid: Point = [(rest[48]![0] + rest[54]![0]) / 2, (rest[48]![1] + rest[54]![1]) / 2];
    for (const i of [...LANDMARK.outerLips, ...LANDMARK.innerLips]) {
      // Signed distance from the mouth's centre line, −1 at one corner, +1 at the other.
      const side = ((rest[i]![0] - mid[0]) * across[0] + (rest[i]![1] - mid[1]) * across[1]) / (mouthWidth / 2);
      move(i, 0, side * (widthFactor - 1) * (mouthWidth / 2));
    }
  }

  const closure = BLINK_CLOSURE[state.blink];
  if (closure > 0) {
    for (const [upper, lower] of [
      [37, 41],
      [38, 40],
      [43, 47],
      [44, 46],
    ] as const) {
      const u = head.rest[upper]!;
      const l = head.rest[lower]!;
      points[upper] = [u[0] + (l[0] - u[0]) * 0.8 * closure, u[1] + (l[1] - u[1]) * 0.8 * closure];
      points[lower] = [l[0] + (u[0] - l[0]) * 0.2 * closure, l[1] + (u[1] - l[1]) * 0.2 * closure];
    }
  }
  return points;
}
