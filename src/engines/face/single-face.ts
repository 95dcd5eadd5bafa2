import { FaceNotUsable } from '../../core/errors.js';
import type { DetectedFace, DetectOptions, FaceEngine, FaceImageInput } from './port.js';

/**
 * Faces narrower than this share of the largest face are people far behind the subject (or a
 * poster on the wall); they do not make a portrait "several people".
 */
export const BACKGROUND_FACE_WIDTH_RATIO = 1 / 3;

/**
 * The one face an avatar is made from. No face, or more than one of similar size, throws
 * `FaceNotUsable` with a reason a person can act on.
 */
export function requireSingleFace(faces: readonly DetectedFace[]): DetectedFace {
  if (faces.length === 0) throw new FaceNotUsable('no-face', 0, 'no face found in the image');
  const widest = Math.max(...faces.map((f) => f.box.width));
  const people = faces.filter((f) => f.box.width >= widest * BACKGROUND_FACE_WIDTH_RATIO);
  if (people.length > 1) {
    throw new FaceNotUsable('several-faces', people.length, `found ${people.length} faces; use a photo with exactly one person`);
  }
  return people[0]!;
}

/** Detects and applies `requireSingleFace`. */
export async function detectSingleFace(engine: FaceEngine, input: FaceImageInput, opts: DetectOptions = {}): Promise<DetectedFace> {
  return requireSingleFace(await engine.detect(input, opts));
}
