export { animateFootage, MAX_FOOTAGE_SECONDS, type FootageAvatarRequest, type FootageAvatarResult } from './animate-footage.js';
export { DEFAULT_LOOP_SEARCH, cutCost, footageFrameAt, planFootageLoop, type FootageLoop, type LoopSearchOptions } from './loop-plan.js';
export { interpolateLandmarks, sampledFrames, type LandmarkSample } from './landmark-track.js';
export { lumaSignature, RawFrameFile } from './raw-frames.js';
export { repaintMouth } from './repaint-mouth.js';
