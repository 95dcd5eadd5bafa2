import type { ImageEngines } from '../engines/image/port.js';
import { fakeCutout, fakeSegmenter } from '../engines/image/fakes.js';
import { createSmartcropCropper } from '../engines/image/smartcrop-cropper.js';

/** The image engines chosen from configuration. (Being built: the real adapters replace the fakes.) */
export function createImageEngines(): ImageEngines {
  return { cutout: fakeCutout, segmenter: fakeSegmenter, cropper: createSmartcropCropper(), generator: null };
}
