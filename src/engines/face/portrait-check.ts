import { FaceNotUsable } from '../../core/errors.js';
import { frontalFaceScore } from './frontal-score.js';
import { centroid, LANDMARK } from './landmarks.js';
import type { DetectedFace, Point } from './port.js';

/**
 * What a photo needs for a talking avatar to read: a face large enough that the mouth is more
 * than a few pixels, eyes open (the animator only closes lids, it cannot open them), and a face
 * towards the camera (a turned or lowered head warps badly and looks past the viewer).
 */
export const PORTRAIT_LIMITS = {
  /** The face box's width at least this share of the picture's shorter side… */
  minFaceShare: 0.12,
  /** …and at least this many pixels wide. */
  minFacePx: 96,
  /** Mean eye aspect ratio (lid gap / eye width); open eyes measure 0.25–0.35, closed ones under 0.15. */
  minEyeAspect: 0.17,
  /** `frontalFaceScore` (turn × tilt × eyes) below this: looking away. Real portraits facing the camera score 0.25–0.9. */
  minFrontalScore: 0.15,
  /**
   * Eyes-to-nose-tip over nose-tip-to-chin, along the face's own "down": 0.3–0.96 on the 22 faces
   * of the face model's demo photos that look at or past the camera, 1.31 on the one looking down
   * (a lowered head brings the nose over the mouth and foreshortens the chin).
   */
  maxNoseDropRatio: 1.15,
} as const;

export type PortraitProblemKind = 'face-too-small' | 'eyes-closed' | 'looking-away' | 'looking-down';

export interface PortraitMeasures {
  faceWidthPx: number;
  faceShare: number;
  eyeAspect: number;
  frontalScore: number;
  yaw: number;
  rollDegrees: number;
  noseDropRatio: number;
}

export interface PortraitProblem {
  kind: PortraitProblemKind;
  reason: string;
}

/** The measures the check reads, from the face's box and 68 landmarks and the picture's size. */
export function measurePortrait(face: Pick<DetectedFace, 'box' | 'landmarks68'>, picture: { width: number; height: number }): PortraitMeasures {
  const lm = face.landmarks68;
  const frontal = frontalFaceScore(lm);
  const rightEye = centroid(lm, LANDMARK.rightEye);
  const leftEye = centroid(lm, LANDMARK.leftEye);
  const eyes: Point = [(rightEye[0] + leftEye[0]) / 2, (rightEye[1] + leftEye[1]) / 2];
  // The face's own "down": perpendicular to the eye line, so a tilted head measures the same.
  const ex = leftEye[0] - rightEye[0];
  const ey = leftEye[1] - rightEye[1];
  const len = Math.hypot(ex, ey) || 1;
  const down: Point = [-ey / len, ex / len];
  const along = (p: Point) => (p[0] - eyes[0]) * down[0] + (p[1] - eyes[1]) * down[1];
  const nose = along(lm[LANDMARK.noseTip]!);
  const chin = along(lm[8]!);
  return {
    faceWidthPx: face.box.width,
    faceShare: face.box.width / Math.max(1, Math.min(picture.width, picture.height)),
    eyeAspect: frontal.eyeOpenness,
    frontalScore: frontal.score,
    yaw: frontal.yaw,
    rollDegrees: frontal.rollDegrees,
    noseDropRatio: nose / Math.max(1e-6, chin - nose),
  };
}

/** Every reason the face is not fit to animate (empty when it is), worded for the person who sent it. */
export function portraitProblems(face: Pick<DetectedFace, 'box' | 'landmarks68'>, picture: { width: number; height: number }): PortraitProblem[] {
  const m = measurePortrait(face, picture);
  const L = PORTRAIT_LIMITS;
  const problems: PortraitProblem[] = [];
  const minPx = Math.max(L.minFacePx, Math.ceil(L.minFaceShare * Math.min(picture.width, picture.height)));
  if (m.faceWidthPx < L.minFacePx || m.faceShare < L.minFaceShare) {
    problems.push({
      kind: 'face-too-small',
      reason:
        `the face is too small (${Math.round(m.faceWidthPx)} pixels wide, ${Math.round(m.faceShare * 100)} % of the picture's shorter side); ` +
        `use a picture where the face is at least ${minPx} pixels and ${Math.round(L.minFaceShare * 100)} % of the shorter side wide (closer to the camera, or cropped around the person)`,
    });
  }
  if (m.eyeAspect < L.minEyeAspect) {
    problems.push({
      kind: 'eyes-closed',
      reason: `the eyes look closed (eye opening ${m.eyeAspect.toFixed(2)}, at least ${L.minEyeAspect} needed); use a photo with open eyes`,
    });
  } else if (m.frontalScore < L.minFrontalScore) {
    const how =
      Math.abs(m.rollDegrees) >= 20
        ? `the head is tilted ${Math.round(Math.abs(m.rollDegrees))}°`
        : `the face is turned ${m.yaw < 0 ? 'to one side' : 'to the other side'}`;
    problems.push({
      kind: 'looking-away',
      reason: `the person is not facing the camera (${how}, frontal score ${m.frontalScore.toFixed(2)}, at least ${L.minFrontalScore} needed); use a photo looking straight into the camera`,
    });
  }
  if (m.noseDropRatio > L.maxNoseDropRatio) {
    problems.push({
      kind: 'looking-down',
      reason: `the person is looking down (nose-to-chin foreshortened, ratio ${m.noseDropRatio.toFixed(2)}, at most ${L.maxNoseDropRatio}); use a photo with the head level and the eyes on the camera`,
    });
  }
  return problems;
}

/** Throws `FaceNotUsable` naming every problem of the face (see `portraitProblems`). */
export function requireUsablePortrait(face: Pick<DetectedFace, 'box' | 'landmarks68'>, picture: { width: number; height: number }): void {
  const problems = portraitProblems(face, picture);
  if (problems.length === 0) return;
  throw new FaceNotUsable(problems[0]!.kind, 1, `photo not usable as a talking avatar: ${problems.map((p) => p.reason).join('; ')}.`);
}
