import type { Config } from './config.js';
import type { CutoutEngine, ImageEngines } from '../engines/image/port.js';
import { createSmartcropCropper } from '../engines/image/smartcrop-cropper.js';
import { createBorderKeyCutout } from '../engines/image/border-key-cutout.js';
import { imglySidecarInstalled, sharedImglyCutout } from '../engines/image/imgly-cutout.js';
import { createSelfieSegmenter } from '../engines/image/selfie-segmenter.js';
import { createOpenAiImages } from '../engines/image/openai-images.js';

/**
 * The image engines chosen from configuration: the ISNet cut-out sidecar (AGPL-3.0, own process)
 * when installed and not switched off, else the built-in border-key cut-out; the selfie person
 * segmenter; smartcrop boosted by faces and products; the remote images provider when one is configured.
 */
export function createImageEngines(config: Pick<Config, 'images'>): ImageEngines {
  return {
    cutout: chooseCutout(config.images.cutout),
    segmenter: createSelfieSegmenter(),
    cropper: createSmartcropCropper(),
    generator: config.images.remote
      ? createOpenAiImages({
          baseUrl: config.images.remote.baseUrl,
          apiKey: config.images.remote.apiKey,
          model: config.images.remote.model,
          timeoutMs: config.images.remote.timeoutMs,
        })
      : null,
  };
}

function chooseCutout(c: Config['images']['cutout']): CutoutEngine {
  if (c.engine === 'border-key') return createBorderKeyCutout();
  if (!imglySidecarInstalled()) {
    if (c.engine === 'imgly')
      throw new Error(
        'CUTOUT_ENGINE=imgly but the cut-out sidecar is not installed: run scripts/setup.sh (it runs npm ci in sidecars/cutout), or set CUTOUT_ENGINE=border-key.',
      );
    return createBorderKeyCutout();
  }
  return sharedImglyCutout({ model: c.model, requestTimeoutMs: c.timeoutMs, idleExitMs: c.idleExitMs });
}
