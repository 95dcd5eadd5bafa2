export { animatePhoto, animatePortrait, type PhotoAvatarRequest, type PhotoAvatarResult } from './animate-photo.js';
export { chooseFrontalStill, type FrontalStill } from './frontal-still.js';
export {
  AVATAR_FPS,
  MOUTH_LEVELS,
  quantiseFrame,
  stateKey,
  planBlinks,
  withPlannedBlinks,
  type PhotoMouthFrame,
  type FaceState,
  type WidthLevel,
  type BlinkLevel,
} from './mouth-track.js';
export { frameSizeForImage, placePhoto, photoToFrame, SHORT_SIDE_PX, type AvatarResolution, type Size } from './frame-layout.js';
export { buildConcatList, buildPhotoAvatarArgs, runLengths } from './ffmpeg-args.js';
export { photoFramesFromMouthTrack } from './from-mouth-track.js';
export type { HeadMotionKind } from './head-motion.js';
export { makeTalkingPhoto, type TalkingPhotoRequest } from './talking-photo.js';
export { checkConsent, type ConsentCheck, type FaceMedia } from './consent-check.js';
export {
  guidanceFromPrompt,
  NEUTRAL_GUIDANCE,
  GUIDANCE_BOUNDS,
  MAX_GUIDANCE_SCALE,
  CUES,
  type AnimatorGuidance,
  type MotionGuidance,
} from '../../../domain/avatars/motion-guidance.js';
export { detectUsablePortrait } from './usable-portrait.js';
