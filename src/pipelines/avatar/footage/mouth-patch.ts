import { centroid, distance, LANDMARK, type Point } from '../../../engines/face/index.js';
import type { Size } from '../photo/frame-layout.js';
import type { Rect } from '../photo/head-patch.js';
import { triangulate, type Triangle } from '../photo/triangulate.js';

/**
 * The part of a footage frame the mouth warp redraws: the lower face, from the nose to below the
 * chin, ear to ear, inside the frame. Its mesh is the landmarks there, a fixed ring beyond the
 * jaw and the rectangle's border; only the jaw and lips move, so the warp is the footage itself
 * at the ring and beyond and the patch goes back into the frame with no blending.
 */
export interface MouthPatch {
  rect: Rect;
  /** Which landmark each of the first mesh points is (the rest are the ring and the border). */
  landmarkOf: number[];
  /** Mesh points in patch pixels. */
  rest: Point[];
  triangles: Triangle[];
}

/** Ring points sit this far beyond the jaw, as a share of their distance from the face centre (as the photo animator's). */
const JAW_RING_FACTOR = 0.45;
/** Landmarks that may sit in the patch: the jaw, the nose's lower part and the lips. */
const PATCH_LANDMARKS = [...LANDMARK.jaw, 29, 30, 31, 32, 33, 34, 35, ...LANDMARK.outerLips, ...LANDMARK.innerLips];

export function planMouthPatch(landmarks: readonly Point[], frame: Size): MouthPatch {
  const centre = centroid(
    landmarks,
    landmarks.map((_, i) => i),
  );
  const ring = LANDMARK.jaw.map((j): Point => {
    const p = landmarks[j]!;
    return [p[0] + (p[0] - centre[0]) * JAW_RING_FACTOR, p[1] + (p[1] - centre[1]) * JAW_RING_FACTOR];
  });
  const faceWidth = distance(landmarks[0]!, landmarks[16]!);
  const top = landmarks[29]![1];
  const held = [...ring.filter((p) => p[1] >= top), ...[2, 14, 8, 48, 54].map((i) => landmarks[i]!)];
  const margin = Math.max(4, faceWidth * 0.04);
  const x0 = Math.max(0, Math.floor(Math.min(...held.map((p) => p[0])) - margin));
  const x1 = Math.min(frame.width, Math.ceil(Math.max(...held.map((p) => p[0])) + margin));
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(frame.height, Math.ceil(Math.max(...held.map((p) => p[1])) + margin));
  const rect: Rect = { x: x0, y: y0, width: Math.max(2, x1 - x0), height: Math.max(2, y1 - y0) };

  const inside = ([x, y]: Point) => x > rect.x + 0.5 && x < rect.x + rect.width - 0.5 && y > rect.y + 0.5 && y < rect.y + rect.height - 0.5;
  const landmarkOf = PATCH_LANDMARKS.filter((i) => inside(landmarks[i]!));
  const toPatch = ([x, y]: Point): Point => [x - rect.x, y - rect.y];
  const border: Point[] = [];
  for (let i = 0; i <= 4; i++) {
    const fx = (rect.width * i) / 4;
    const fy = (rect.height * i) / 4;
    border.push([fx, 0], [fx, rect.height]);
    if (i > 0 && i < 4) border.push([0, fy], [rect.width, fy]);
  }
  const rest = [...landmarkOf.map((i) => toPatch(landmarks[i]!)), ...ring.filter(inside).map(toPatch), ...border];
  return { rect, landmarkOf, rest, triangles: triangulate(rest) };
}
