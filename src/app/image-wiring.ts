import type { ImageEngines } from '../engines/image/port.js';
import { fakeCropper, fakeCutout, fakeSegmenter } from '../engines/image/fakes.js';

/** The image engines chosen from configuration. (Being built: the real adapters replace the fakes.) */
export function createImageEngines(): ImageEngines {
  return { cutout: fakeCutout, segmenter: fakeSegmenter, cropper: fakeCropper, generator: null };
}
