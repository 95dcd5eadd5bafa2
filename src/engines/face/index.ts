export type { DetectedFace, DetectOptions, FaceBox, FaceEngine, FaceImageInput, Point, RgbaImage } from './port.js';
export { LANDMARK, LANDMARK_COUNT, centroid, distance } from './landmarks.js';
export { createFaceApiEngine } from './face-api-engine.js';
export { faceModelDir } from './face-api-loader.js';
export { createFakeFaceEngine, type FakeFaceEngine, type FakeFaceOptions } from './fake-engine.js';
export { syntheticFace, templateLandmarks68 } from './synthetic-face.js';
export { requireSingleFace, detectSingleFace, BACKGROUND_FACE_WIDTH_RATIO } from './single-face.js';
export { descriptorDistance, decideSamePerson, SAME_PERSON_MAX_DISTANCE, type SamePersonDecision } from './descriptors.js';
export { frontalFaceScore, type FrontalScore } from './frontal-score.js';
export {
  measurePortrait,
  portraitProblems,
  requireUsablePortrait,
  PORTRAIT_LIMITS,
  type PortraitMeasures,
  type PortraitProblem,
  type PortraitProblemKind,
} from './portrait-check.js';
