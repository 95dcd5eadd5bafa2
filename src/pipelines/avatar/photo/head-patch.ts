import { centroid, distance, LANDMARK, type Point } from '../../../engines/face/index.js';
import type { Size } from './frame-layout.js';
import { triangulate, type Triangle } from './triangulate.js';

/** A rectangle in frame pixels; may start above or left of the frame (negative). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Unit vectors of the face: across (the person's right → left ear) and down (brows → chin). */
export interface FaceAxes {
  across: Point;
  down: Point;
}

/** How far the head may turn and drift; the patch margin is sized from this. */
export interface MotionBounds {
  maxAngleRadians: number;
  maxShiftPx: number;
}

/**
 * Everything about the head region that does not change from frame to frame:
 * - `region`: where the moving head is laid over the still frame (inside the frame, even-aligned);
 * - `patch`: the region plus `marginPx` all round, the pictures drawn per face state; the margin
 *   holds what motion brings into view;
 * - `alpha`: per patch pixel, 255 over the head and neck, fading to 0 before the region's edge,
 *   so a moving head blends into the still picture with no seam;
 * - the mesh: landmarks, a fixed ring around the face, and the patch border, triangulated.
 */
export interface HeadPatch {
  region: Rect;
  patch: Rect;
  marginPx: number;
  alpha: Uint8Array;
  /** Mesh points in patch pixels; the first 68 are the landmarks. */
  rest: Point[];
  triangles: Triangle[];
  axes: FaceAxes;
  faceWidth: number;
  faceHeight: number;
  /** The point the head turns around (below the chin), in region pixels. */
  pivotInRegion: Point;
}

/** Ring points sit this far beyond the jaw, as a share of their distance from the face centre. */
const JAW_RING_FACTOR = 0.45;
/** The forehead ring, above the brows, as a share of the brow–chin distance. */
const FOREHEAD_RING = 0.35;

export function planHeadPatch(landmarks: readonly Point[], frame: Size, motion: MotionBounds): HeadPatch {
  const browMid = centroid(landmarks, [...LANDMARK.rightBrow, ...LANDMARK.leftBrow]);
  const chin = landmarks[LANDMARK.chin]!;
  const faceWidth = distance(landmarks[0]!, landmarks[16]!);
  const faceHeight = distance(browMid, chin);
  const axes = faceAxes(landmarks);
  const centre = centroid(
    landmarks,
    Array.from({ length: landmarks.length }, (_, i) => i),
  );

  const ring: Point[] = [];
  for (const j of LANDMARK.jaw) {
    const p = landmarks[j]!;
    ring.push([p[0] + (p[0] - centre[0]) * JAW_RING_FACTOR, p[1] + (p[1] - centre[1]) * JAW_RING_FACTOR]);
  }
  for (const b of [...LANDMARK.rightBrow, ...LANDMARK.leftBrow]) {
    const p = landmarks[b]!;
    ring.push([p[0] - axes.down[0] * FOREHEAD_RING * faceHeight, p[1] - axes.down[1] * FOREHEAD_RING * faceHeight]);
  }

  // The opaque ellipse holds the ring (so every warped pixel is fully shown) and the top of the
  // head, taken as 0.75 brow–chin distances above the brows.
  const headTop: Point = [browMid[0] - axes.down[0] * 0.75 * faceHeight, browMid[1] - axes.down[1] * 0.75 * faceHeight];
  const held = [...ring, headTop, ...landmarks];
  const xs = held.map((p) => p[0]);
  const ys = held.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const hx = Math.max(1, (Math.max(...xs) - Math.min(...xs)) / 2);
  const hy = Math.max(1, (Math.max(...ys) - Math.min(...ys)) / 2);
  const reach = Math.max(...held.map(([x, y]) => Math.hypot((x - cx) / hx, (y - cy) / hy)));
  const opaque = { cx, cy, rx: hx * reach * 1.05, ry: hy * reach * 1.05 };
  const feather = { rx: opaque.rx * 1.35, ry: opaque.ry * 1.35 };

  const left = evenFloor(Math.max(0, cx - feather.rx));
  const top = evenFloor(Math.max(0, cy - feather.ry));
  const right = evenCeil(Math.min(frame.width, cx + feather.rx));
  const bottom = evenCeil(Math.min(frame.height, cy + feather.ry));
  const region: Rect = { x: left, y: top, width: Math.max(2, right - left), height: Math.max(2, bottom - top) };

  const pivot: Point = [chin[0] + axes.down[0] * 0.25 * faceHeight, chin[1] + axes.down[1] * 0.25 * faceHeight];
  const corners: Point[] = [
    [left, top],
    [right, top],
    [left, bottom],
    [right, bottom],
  ];
  const reachFromPivot = Math.max(...corners.map((c) => distance(c, pivot)));
  const marginPx = evenCeil(reachFromPivot * motion.maxAngleRadians + motion.maxShiftPx + 2);
  const patch: Rect = { x: region.x - marginPx, y: region.y - marginPx, width: region.width + 2 * marginPx, height: region.height + 2 * marginPx };

  const alpha = new Uint8Array(patch.width * patch.height);
  for (let y = 0; y < patch.height; y++) {
    const fy = patch.y + y + 0.5;
    for (let x = 0; x < patch.width; x++) {
      const fx = patch.x + x + 0.5;
      const inner = Math.hypot((fx - cx) / opaque.rx, (fy - cy) / opaque.ry);
      const outer = Math.hypot((fx - cx) / feather.rx, (fy - cy) / feather.ry);
      let a: number;
      if (inner <= 1) a = 1;
      else if (outer >= 1) a = 0;
      else {
        // Position across the band between the two ellipses, smoothed at both ends.
        const t = (inner - 1) / (inner - 1 + (1 - outer));
        a = 1 - t * t * (3 - 2 * t);
      }
      alpha[y * patch.width + x] = Math.round(a * 255);
    }
  }

  const toPatch = ([x, y]: Point): Point => [x - patch.x, y - patch.y];
  const border: Point[] = [];
  for (let i = 0; i <= 4; i++) {
    const fx = (patch.width * i) / 4;
    const fy = (patch.height * i) / 4;
    border.push([fx, 0], [fx, patch.height]);
    if (i > 0 && i < 4) border.push([0, fy], [patch.width, fy]);
  }
  const rest = [...landmarks.map(toPatch), ...ring.map(toPatch), ...border];
  return {
    region,
    patch,
    marginPx,
    alpha,
    rest,
    triangles: triangulate(rest),
    axes,
    faceWidth,
    faceHeight,
    pivotInRegion: [pivot[0] - region.x, pivot[1] - region.y],
  };
}

export function faceAxes(landmarks: readonly Point[]): FaceAxes {
  const right = centroid(landmarks, LANDMARK.rightEye);
  const left = centroid(landmarks, LANDMARK.leftEye);
  const length = Math.max(1e-6, distance(right, left));
  const across: Point = [(left[0] - right[0]) / length, (left[1] - right[1]) / length];
  return { across, down: [-across[1], across[0]] };
}

function evenFloor(value: number): number {
  return Math.floor(value / 2) * 2;
}

function evenCeil(value: number): number {
  return Math.ceil(value / 2) * 2;
}
