import { distance, type Point } from '../../../engines/face/index.js';
import { faceAxes } from '../photo/head-patch.js';

/** Upper and lower inner-lip landmarks facing each other. */
const INNER_PAIRS = [
  [61, 67],
  [62, 66],
  [63, 65],
] as const;

/** How far apart the lips are inside the mouth, in pixels (0 for a closed mouth). */
export function innerLipGap(landmarks: readonly Point[]): number {
  return INNER_PAIRS.reduce((sum, [upper, lower]) => sum + distance(landmarks[upper]!, landmarks[lower]!), 0) / INNER_PAIRS.length;
}

/**
 * The landmarks with the person's own mouth shut: the lower lip, the lip corners and the jaw
 * come up along the face's own "down" by the opening the footage shows (the reverse of the photo
 * animator's jaw drop), so a warp from the footage's landmarks to these closes the mouth the
 * person was talking with, before the new speech opens it again.
 */
export function closedMouthLandmarks(landmarks: readonly Point[]): Point[] {
  const points = landmarks.map(([x, y]): Point => [x, y]);
  const gap = innerLipGap(landmarks);
  if (gap <= 0) return points;
  const { down } = faceAxes(landmarks);
  const lift = (i: number, by: number) => {
    points[i] = [points[i]![0] - down[0] * by, points[i]![1] - down[1] * by];
  };
  // The lower inner lip meets the upper one exactly; everything below follows a little less, as a
  // jaw closes: the chin most, the jaw towards the ears hardly.
  for (const [upper, lower] of INNER_PAIRS) points[lower] = [landmarks[upper]![0] + down[0] * 0.2, landmarks[upper]![1] + down[1] * 0.2];
  for (const i of [55, 56, 57, 58, 59]) lift(i, gap * 0.9);
  for (const i of [48, 54, 60, 64]) lift(i, gap * 0.35);
  for (let j = 0; j <= 16; j++) lift(j, gap * 0.85 * Math.cos(((j - 8) / 8) * (Math.PI / 2)) ** 1.5);
  return points;
}
