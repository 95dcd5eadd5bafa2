import type { Point, RgbaImage } from '../../../engines/face/index.js';
import { mouthFrame, smoothstep, type MouthFrame } from './mouth-geometry.js';
import { mouthPalette, type MouthPalette, type PhotoTeeth, type Rgb } from './mouth-palette.js';
import { sampleBilinear } from './warp-triangles.js';

/** What an opened mouth shows besides its palette: how much of the lower teeth (0 none … 1 all). */
export interface MouthLook {
  palette: MouthPalette;
  lowerTeeth: number;
}

/**
 * Half-widths of the upper teeth seen from the front, from the middle of the mouth outwards, as
 * shares of the inner mouth's width: central incisors, laterals, canines, premolars.
 */
const UPPER_TOOTH_EDGES = [0, 0.12, 0.215, 0.3, 0.37, 0.43, 0.5];
const LOWER_TOOTH_EDGES = [0, 0.075, 0.15, 0.23, 0.31, 0.39, 0.5];

/**
 * Paints what an opened mouth shows between the warped inner lips, back to front: a dark oral
 * cavity (the lips' own colour in deep shadow, a little lighter just inside the lips), a tongue
 * low in wide openings, the lower teeth on spread and middling openings, and the upper teeth
 * hanging from the upper lip. Teeth are the photo's own where its mouth shows them (the upper
 * teeth stay where they are in the photo: they sit on the skull, only the lip above them moves);
 * otherwise they are drawn in the colour the photo's light gives them (see `mouthPalette`), one
 * tooth beside the other, shaded by the lip above and the corners. The inside blends into the
 * warped lips over about a pixel, so the lips keep their texture to their edge.
 *
 * Given a number (a `faceLight`, as the footage avatar's callers pass) instead of a look, the
 * colours are read from `image` itself around the moved `points`, with drawn teeth only.
 */
export function paintMouthInterior(image: RgbaImage, points: readonly Point[], lookOrLight: MouthLook | number): void {
  const frame = mouthFrame(points);
  const gapMiddle = frame.lowerAt(0.5) - frame.upperAt(0.5);
  if (gapMiddle < 1.5) return;
  const look = typeof lookOrLight === 'number' ? { palette: mouthPalette(image, points, { photoTeeth: false }), lowerTeeth: 0.35 } : lookOrLight;
  const { palette } = look;
  const W = frame.innerWidth;
  const upperHeight = Math.min(gapMiddle * 0.42, W * 0.13);
  const lowerHeight = Math.min(gapMiddle * 0.22, W * 0.085) * Math.min(1, Math.max(0, look.lowerTeeth));
  const tongueShare = smoothstep(0.13, 0.3, gapMiddle / W);
  const feather = Math.min(1.4, Math.max(0.7, gapMiddle * 0.06));

  const inner = points.slice(60, 68);
  const x0 = Math.max(0, Math.floor(Math.min(...inner.map((p) => p[0]))) - 2);
  const y0 = Math.max(0, Math.floor(Math.min(...inner.map((p) => p[1]))) - 2);
  const x1 = Math.min(image.width, Math.ceil(Math.max(...inner.map((p) => p[0]))) + 2);
  const y1 = Math.min(image.height, Math.ceil(Math.max(...inner.map((p) => p[1]))) + 2);
  const photo = palette.photoTeeth;
  const sample = new Uint8Array(4);
  const lips = palette.lips;
  const cavityEdge: Rgb = scale(lips, 0.42);
  const cavityBack: Rgb = [lips[0] * 0.1 + 5, lips[1] * 0.07 + 4, lips[2] * 0.08 + 4];
  const tongue: Rgb = [lips[0] * 0.72 + 14, lips[1] * 0.55 + 6, lips[2] * 0.6 + 8];

  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const { u, d } = frame.toMouth([x + 0.5, y + 0.5]);
      const top = frame.upperAt(u);
      const gap = frame.lowerAt(u) - top;
      const v = d - top;
      // Where the lips almost meet (the corners) the warped photo stays: its corners are already
      // the mouth's own shadow, and a painted sliver there reads as a grey wedge.
      let alpha =
        smoothstep(-feather / 2, feather / 2, v) *
        smoothstep(-feather / 2, feather / 2, gap - v) *
        smoothstep(0.5, 2.5, gap) *
        smoothstep(0, 0.1, Math.min(u, 1 - u));
      if (alpha <= 0) continue;
      const side = Math.min(u, 1 - u);
      // With the photo's own teeth, what lies above the photo's upper lip line is the warped lip
      // lifted by the opening, and it stays lip; so do the photo's dark corners.
      if (photo) {
        const atRest = photo.frame.toMouth([x + 0.5, y + 0.5]);
        alpha *= smoothstep(-1, 0.5, atRest.d - photo.frame.upperAt(atRest.u)) * smoothstep(0.02, 0.08, Math.min(atRest.u, 1 - atRest.u));
        if (alpha <= 0) continue;
      }

      // Cavity: the lips' inner skin shading into the dark.
      const depth = smoothstep(0, Math.max(3, gapMiddle * 0.5), Math.min(v * 1.4, gap - v, side * W * 0.5));
      let colour: Rgb = mix(cavityEdge, cavityBack, depth);

      if (tongueShare > 0) {
        // A low mound, lit on its top, sinking into the dark at the back and sides.
        const across = (u - 0.5) / 0.34;
        const mound = gapMiddle * 0.36 * tongueShare * (1 - across * across);
        const into = v - (gap - mound);
        if (mound > 0 && into > -0.7) {
          const lit = 0.65 + 0.35 * smoothstep(0, mound * 0.5, into) * (1 - Math.min(1, into / Math.max(1, mound)) * 0.4) * (1 - across * across);
          colour = mix(colour, scale(tongue, lit), smoothstep(-0.7, 0.7, into) * 0.9);
        }
      }

      const above = gap - v; // distance above the lower lip
      const lowerFrom = photo?.lowerStart != null && look.lowerTeeth > 0 ? photoLower(photo, frame, u, above, sample) : null;
      if (lowerFrom) colour = mix(colour, lowerFrom.colour, lowerFrom.alpha * smoothstep(0.1, 0.25, side));
      else if (lowerHeight > 1.5) {
        const tooth = toothShade(u, W, LOWER_TOOTH_EDGES);
        const height = lowerHeight * (1 - 0.5 * ((u - 0.5) / 0.5) ** 2) * (0.9 + 0.1 * tooth.round);
        const shown = smoothstep(0.2, 0.36, side) * smoothstep(-0.5, 0.5, height - above);
        if (shown > 0) {
          const base = scale(palette.teeth, 0.84 * tooth.shade * (0.8 + 0.2 * smoothstep(0, height, above)) * (0.6 + 0.4 * smoothstep(0.2, 0.4, side)));
          colour = mix(colour, grain(base, x, y), shown);
        }
      }

      if (upperHeight > 0.6) {
        const tooth = toothShade(u, W, UPPER_TOOTH_EDGES);
        const height = upperHeight * (1 - 0.3 * ((u - 0.5) / 0.5) ** 2) * (0.9 + 0.1 * tooth.round);
        const from = photo ? photoUpper(photo, [x + 0.5, y + 0.5], sample) : null;
        const shown = from ? from.alpha : smoothstep(0.1, 0.26, side) * smoothstep(-0.5, 0.5, height - v);
        if (shown > 0) {
          let base: Rgb;
          if (from) base = from.colour;
          else {
            // The lip's shadow on the teeth' top, the corners in shadow, a greyer biting edge.
            const light = tooth.shade * (0.78 + 0.22 * smoothstep(0, height * 0.4, v)) * (0.25 + 0.75 * smoothstep(0.08, 0.34, side));
            base = mix(scale(palette.teeth, light), scale(palette.teeth, 0.62 * light), smoothstep(height * 0.7, height, v) * 0.3);
          }
          colour = mix(colour, grain(base, x, y), shown);
        }
      }

      const i = (y * image.width + x) * 4;
      // Clamped: the picture may be a plain byte array, where 256 would wrap round to black.
      for (let c = 0; c < 3; c++) image.data[i + c] = Math.min(255, Math.max(0, Math.round(image.data[i + c]! * (1 - alpha) + colour[c]! * alpha)));
    }
  }
}

/**
 * Where u falls among the teeth: `shade` rounds each tooth (lighter in its middle, a dark line
 * between two), `round` is 1 in a tooth's middle and 0 at its edges (biting edges are rounded).
 */
function toothShade(u: number, innerWidth: number, edges: readonly number[]): { shade: number; round: number } {
  const x = Math.abs(u - 0.5);
  let k = 0;
  while (k < edges.length - 2 && x > edges[k + 1]!) k++;
  const t = (x - edges[k]!) / (edges[k + 1]! - edges[k]!);
  const round = Math.sin(Math.PI * Math.min(1, Math.max(0, t)));
  const edgePx = Math.min(t, 1 - t) * (edges[k + 1]! - edges[k]!) * innerWidth;
  // Neighbouring teeth touch: the line between them is faint, and fainter away from the middle.
  const line = 1 - (k < 2 ? 0.11 : 0.06) * Math.exp(-((edgePx / 0.6) ** 2));
  return { shade: (0.93 + 0.07 * round) * line, round };
}

/**
 * The photo's upper teeth at a picture point: the photo's own pixel there, as the upper teeth sit
 * on the skull and stay put while the jaw drops. Where the opening lip lifted above the photo's
 * lip line, the teeth' top row is carried up.
 */
function photoUpper(photo: PhotoTeeth, point: Point, out: Uint8Array): { colour: Rgb; alpha: number } | null {
  const rest = photo.frame;
  const at = rest.toMouth(point);
  const restTop = rest.upperAt(at.u);
  const teeth = (rest.lowerAt(at.u) - restTop) * photo.upperEnd;
  const depth = at.d - restTop;
  const alpha = smoothstep(0.02, 0.1, Math.min(at.u, 1 - at.u)) * smoothstep(-0.5, 0.5, teeth - depth);
  if (alpha <= 0) return null;
  const [sx, sy] = rest.toPicture(at.u, restTop + Math.max(0, depth));
  sampleBilinear(photo.image, sx, sy, out, 0);
  return { colour: [out[0]!, out[1]!, out[2]!], alpha };
}

/** The photo's lower teeth `above` pixels over the lower lip: they ride down with the jaw. */
function photoLower(photo: PhotoTeeth, frame: MouthFrame, u: number, above: number, out: Uint8Array): { colour: Rgb; alpha: number } | null {
  const rest = photo.frame;
  const ur = 0.5 + ((u - 0.5) * frame.innerWidth) / rest.innerWidth;
  const restBottom = rest.lowerAt(ur);
  const teeth = (restBottom - rest.upperAt(ur)) * (1 - (photo.lowerStart ?? 1));
  const alpha = smoothstep(0.02, 0.1, Math.min(ur, 1 - ur)) * smoothstep(-0.5, 0.5, teeth - above);
  if (alpha <= 0) return null;
  const [sx, sy] = rest.toPicture(ur, restBottom - Math.max(0, above));
  sampleBilinear(photo.image, sx, sy, out, 0);
  return { colour: [out[0]!, out[1]!, out[2]!], alpha };
}

function scale(c: Rgb, k: number): Rgb {
  return [c[0] * k, c[1] * k, c[2] * k];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** A photo has grain; a flat synthetic surface beside it reads as painted. ±2 levels, fixed per pixel. */
function grain(c: Rgb, x: number, y: number): Rgb {
  const h = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  const n = (h - Math.floor(h) - 0.5) * 4;
  return [c[0] + n, c[1] + n, c[2] + n];
}

/**
 * How bright the face is lit, 0.45..1.05, from the skin between the eyes and the mouth, so the
 * painted teeth are not brighter than the face around them.
 */
export function faceLight(image: RgbaImage, points: readonly Point[]): number {
  const area = [29, 30, 31, 35, 1, 15].map((i) => points[i]!);
  const nose = points[30]!;
  let sum = 0;
  let count = 0;
  for (const p of area) {
    // Halfway between the nose and each point: cheek and nose skin, no hair or background.
    const x = Math.round((p[0] + nose[0]) / 2);
    const y = Math.round((p[1] + nose[1]) / 2);
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const px = Math.min(image.width - 1, Math.max(0, x + dx));
        const py = Math.min(image.height - 1, Math.max(0, y + dy));
        const i = (py * image.width + px) * 4;
        sum += 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
        count++;
      }
    }
  }
  return Math.min(1.05, Math.max(0.45, sum / count / 165));
}
