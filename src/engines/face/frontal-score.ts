import { centroid, distance, LANDMARK } from './landmarks.js';
import type { Point } from './port.js';

export interface FrontalScore {
  /** 0..1: 1 is a face looking straight at the camera, level, eyes open. */
  score: number;
  /** Left–right turn: 0 frontal, ±1 profile (the nose reaches a jaw edge). */
  yaw: number;
  /** Head tilt in degrees, positive clockwise in the picture. */
  rollDegrees: number;
  /** Mean eye aspect ratio (lid gap / eye width): about 0.25–0.35 open, under 0.15 closed. */
  eyeOpenness: number;
}

/**
 * How usable a face is as an avatar still, from its landmarks alone. The parts multiply, so any
 * one of a turned head, a strong tilt or closed eyes makes a frame a poor choice.
 */
export function frontalFaceScore(landmarks: readonly Point[]): FrontalScore {
  const nose = landmarks[LANDMARK.noseTip]!;
  const rightEdge = landmarks[0]!;
  const leftEdge = landmarks[16]!;
  const toRight = distance(nose, rightEdge);
  const toLeft = distance(nose, leftEdge);
  // 0.5 when the nose sits midway between the jaw edges.
  const balance = toRight / Math.max(1e-6, toRight + toLeft);
  const yaw = (balance - 0.5) * 2;

  const rightEye = centroid(landmarks, LANDMARK.rightEye);
  const leftEye = centroid(landmarks, LANDMARK.leftEye);
  const rollDegrees = (Math.atan2(leftEye[1] - rightEye[1], leftEye[0] - rightEye[0]) * 180) / Math.PI;

  const eyeOpenness = (eyeAspect(landmarks, LANDMARK.rightEye) + eyeAspect(landmarks, LANDMARK.leftEye)) / 2;

  const yawFactor = clamp01(1 - Math.abs(yaw) / 0.6);
  const rollFactor = clamp01(1 - Math.abs(rollDegrees) / 30);
  const eyesFactor = clamp01((eyeOpenness - 0.1) / 0.12);
  return { score: yawFactor * rollFactor * eyesFactor, yaw, rollDegrees, eyeOpenness };
}

/** Lid gap over eye width for the six points of one eye (corner, two upper, corner, two lower). */
function eyeAspect(landmarks: readonly Point[], eye: readonly number[]): number {
  const [c0, u1, u2, c3, l4, l5] = eye.map((i) => landmarks[i]!) as [Point, Point, Point, Point, Point, Point];
  const width = distance(c0, c3);
  return width > 0 ? (distance(u1, l5) + distance(u2, l4)) / (2 * width) : 0;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}
