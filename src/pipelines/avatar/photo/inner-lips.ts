import type { Point, RgbaImage } from '../../../engines/face/index.js';
import { lipColour, looksLikeTeeth, mouthPalette, pixel, type Rgb } from './mouth-palette.js';

/** Each inner-lip landmark, the outer one it may move towards (never more than this share of the way). */
const UPPER: ReadonlyArray<readonly [number, number]> = [
  [61, 50],
  [62, 51],
  [63, 52],
];
const LOWER: ReadonlyArray<readonly [number, number]> = [
  [65, 56],
  [66, 57],
  [67, 58],
];
const MAX_SHARE = 0.75;

/**
 * On a smile that shows teeth, the landmark net often puts the inner lip lines on the teeth, not
 * at the lips' edges; the mesh then carries teeth with the lips when the jaw drops (a row of
 * teeth stretched under the opened mouth). Each inner-lip point is moved out towards its outer
 * lip point while the pixel beyond it still looks like enamel. A mouth showing no teeth is left
 * as it is.
 */
export function innerLipsOnTeethEdges(image: RgbaImage, landmarks: readonly Point[]): Point[] {
  const out = landmarks.map(([x, y]): Point => [x, y]);
  if (mouthPalette(image, landmarks).teethSource !== 'photo') return out;
  const lips = lipColour(image, landmarks);
  for (const [inner, outer] of [...UPPER, ...LOWER]) {
    const from = landmarks[inner]!;
    const to = landmarks[outer]!;
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    if (length < 2) continue;
    const step: Point = [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
    // The point may sit on the dark line where upper and lower teeth meet: enamel within 3 px.
    const first = [0, 1, 2, 3].find((t) => looksLikeTeeth(pixel(image, from[0] + step[0] * t, from[1] + step[1] * t), lips));
    if (first === undefined) continue;
    const start = pixel(image, from[0] + step[0] * first, from[1] + step[1] * first);
    // Teeth in the lips' shadow are darker than those in the light: enamel is what is nearer
    // this tooth's colour than the lips'.
    const enamel = (c: Rgb) => closeness(c, start) < closeness(c, lips);
    let moved = 0;
    for (let t = first + 1; t <= length * MAX_SHARE; t++) {
      // Two pixels across the path, so one bright speck on a lip does not count.
      const a = pixel(image, from[0] + step[0] * t - step[1], from[1] + step[1] * t + step[0]);
      const b = pixel(image, from[0] + step[0] * t + step[1], from[1] + step[1] * t - step[0]);
      if (!enamel(a) || !enamel(b)) break;
      moved = t;
    }
    if (moved > 0) out[inner] = [from[0] + step[0] * moved, from[1] + step[1] * moved];
  }
  return out;
}

/** Colour distance with brightness and colourfulness weighed alike (RGB differences). */
function closeness(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
