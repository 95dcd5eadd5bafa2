export type { CutoutEngine, PersonSegmenter, SmartCropper, ImageGenerator, ImageEngines } from './port.js';
export { fakeCutout, fakeSegmenter, fakeCropper } from './fakes.js';
export { createBorderKeyCutout } from './border-key-cutout.js';
export {
  createImglyCutout,
  sharedImglyCutout,
  imglySidecarInstalled,
  DEFAULT_CUTOUT_SIDECAR_DIR,
  type ImglyCutoutEngine,
  type ImglyCutoutOptions,
} from './imgly-cutout.js';
export { createSelfieSegmenter } from './selfie-segmenter.js';
export { createOpenAiImages, type OpenAiImagesOptions } from './openai-images.js';
