export type { CutoutEngine, PersonSegmenter, SmartCropper, ImageGenerator, ImageEngines } from './port.js';
export { fakeCutout, fakeSegmenter, fakeCropper } from './fakes.js';
