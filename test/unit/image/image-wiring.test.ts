import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.js';
import { createImageEngines } from '../../../src/app/image-wiring.js';
import { imglySidecarInstalled } from '../../../src/engines/image/imgly-cutout.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cw-images-'));
const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('image engines chosen from configuration', () => {
  it('uses the ISNet sidecar when installed (set-up installs it), the selfie segmenter, and no generator by default', () => {
    expect(imglySidecarInstalled(), 'the cut-out sidecar is not installed: run "bash scripts/setup.sh"').toBe(true);
    const engines = createImageEngines(config());
    expect(engines.cutout.name).toBe('imgly-isnet');
    expect(engines.segmenter.name).toBe('selfie');
    expect(engines.generator).toBeNull();
  });

  it('CUTOUT_ENGINE=border-key picks the built-in cut-out', () => {
    expect(createImageEngines(config({ CUTOUT_ENGINE: 'border-key' })).cutout.name).toBe('border-key');
  });

  it('an unknown CUTOUT_ENGINE is a start-up error naming the choices', () => {
    expect(() => config({ CUTOUT_ENGINE: 'magic' })).toThrow(/CUTOUT_ENGINE must be one of auto, imgly, border-key/);
  });

  it('IMAGES_API_URL adds the remote generator with its model, key and timeout', () => {
    const c = config({ IMAGES_API_URL: 'https://images.example.com/', IMAGES_API_KEY: 'sk-x', IMAGES_MODEL: 'dall-e-3', IMAGES_TIMEOUT_MS: '30000' });
    expect(c.images.remote).toEqual({ baseUrl: 'https://images.example.com', apiKey: 'sk-x', model: 'dall-e-3', timeoutMs: 30000 });
    expect(createImageEngines(c).generator?.model).toBe('dall-e-3');
  });

  it('the ISNet engine is one per process, shared by containers with the same settings', () => {
    expect(createImageEngines(config()).cutout).toBe(createImageEngines(config()).cutout);
  });
});
