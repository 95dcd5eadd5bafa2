import type { DetectedFace, FaceBox, Point } from './port.js';

/**
 * A symmetric, frontal, closed-mouth face in the 68-point layout, in a unit box (0..1 across
 * the detector's face box). Drawn by hand from the usual proportions; used by the fake engine
 * and by tests that need plausible landmarks without running the model.
 */
export function templateLandmarks68(): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= 16; i++) {
    const angle = Math.PI * (1 - i / 16);
    points.push([0.5 + 0.48 * Math.cos(angle), 0.35 + 0.6 * Math.sin(angle)]);
  }
  const rightBrow: Point[] = [
    [0.12, 0.22],
    [0.19, 0.18],
    [0.27, 0.17],
    [0.35, 0.18],
    [0.42, 0.2],
  ];
  points.push(...rightBrow, ...mirror(rightBrow).reverse());
  points.push([0.5, 0.33], [0.5, 0.42], [0.5, 0.51], [0.5, 0.6]);
  points.push([0.4, 0.64], [0.45, 0.655], [0.5, 0.66], [0.55, 0.655], [0.6, 0.64]);
  const rightEye: Point[] = [
    [0.22, 0.36],
    [0.27, 0.33],
    [0.33, 0.33],
    [0.38, 0.365],
    [0.33, 0.385],
    [0.27, 0.385],
  ];
  points.push(...rightEye);
  // The left eye runs inner corner → upper lid → outer corner → lower lid, mirrored.
  const [e0, e1, e2, e3, e4, e5] = mirror(rightEye) as [Point, Point, Point, Point, Point, Point];
  points.push(e3, e2, e1, e0, e5, e4);
  points.push(
    [0.35, 0.78],
    [0.4, 0.755],
    [0.45, 0.745],
    [0.5, 0.75],
    [0.55, 0.745],
    [0.6, 0.755],
    [0.65, 0.78],
    [0.6, 0.81],
    [0.55, 0.825],
    [0.5, 0.83],
    [0.45, 0.825],
    [0.4, 0.81],
  );
  points.push([0.37, 0.78], [0.45, 0.775], [0.5, 0.777], [0.55, 0.775], [0.63, 0.78], [0.55, 0.782], [0.5, 0.783], [0.45, 0.782]);
  return points;
}

function mirror(points: Point[]): Point[] {
  return points.map(([x, y]) => [1 - x, y]);
}

/** A detected face with template landmarks placed in `box`. */
export function syntheticFace(box: FaceBox, extra: { score?: number; descriptor?: Float32Array } = {}): DetectedFace {
  return {
    box,
    score: extra.score ?? 0.99,
    landmarks68: templateLandmarks68().map(([x, y]) => [box.x + x * box.width, box.y + y * box.height]),
    ...(extra.descriptor ? { descriptor: extra.descriptor } : {}),
  };
}
