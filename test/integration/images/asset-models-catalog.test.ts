import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import type { AssetInputSpec } from '../../../src/domain/asset-generation/asset-inputs.js';
import { builtinAssetModels } from '../../../src/domain/asset-generation/asset-models.js';
import { assetModelOptions } from '../../../src/pipelines/asset-generation/asset-model-options.js';
import { assertRunnersCover } from '../../../src/pipelines/asset-generation/asset-runners.js';
import { makeClip, makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { productPhoto } from '../../helpers/product-fixtures.js';
import { catalog, runModel, writeRgbaPng } from './asset-model-harness.js';
import { writeFile } from 'node:fs/promises';

/** Every model of the catalog, run once on small inputs: each makes a real output of the promised type. */
describe('asset model catalog', () => {
  let fx: FixtureDir;
  const files: Record<string, string | string[]> = {};

  beforeAll(async () => {
    fx = await makeFixtureDir('cw-asset-models-');
    const product = await productPhoto({ width: 200, height: 240 });
    await writeFile(fx.path('product.png'), product.png);
    files.image_url = fx.path('product.png');
    files.image_urls = [
      fx.path('product.png'),
      await makePhoto(fx.path('p1.png'), { width: 160, height: 120 }, 1),
      await makePhoto(fx.path('p2.png'), { width: 120, height: 160 }, 2),
    ];
    files.video_url = await makeClip(fx.path('clip.mp4'), 1.5, { width: 192, height: 108 }, true);
    void writeRgbaPng;
  }, 60_000);
  afterAll(async () => fx?.cleanup());

  it('has at least 30 built-in models, each with complete inputs, a price and a runner', () => {
    const models = catalog.models;
    expect(models.length).toBeGreaterThanOrEqual(30);
    assertRunnersCover(models);
    for (const m of models) {
      expect(m.remote).toBe(false);
      expect(m.description.length).toBeGreaterThan(40);
      if (m.genType === 'image') {
        expect(m.creditsPerOutput).toBeGreaterThanOrEqual(0.5);
        expect(m.creditsPerOutput).toBeLessThanOrEqual(3);
      } else expect(m.creditsPerOutput).toBeGreaterThanOrEqual(5);
      expect(m.inputs.output_nums).toMatchObject({ type: 'integer', default: 1, minimum: 1 });
      for (const spec of Object.values(m.inputs) as AssetInputSpec[]) {
        expect(spec.description.length).toBeGreaterThan(5);
        if (spec.type === 'integer' || spec.type === 'number') expect(spec.options ?? [spec.minimum, spec.maximum]).not.toContain(undefined);
        if (!spec.required && spec.type !== 'color' && spec.type !== 'image' && spec.type !== 'string' && spec.type !== 'integer')
          expect(spec.default).toBeDefined();
      }
    }
  });

  it("lists the remote provider's models only when one is configured", () => {
    expect(builtinAssetModels(assetModelOptions(null)).some((m) => m.remote)).toBe(false);
    const withRemote = builtinAssetModels(assetModelOptions('gpt-image-1'));
    const remote = withRemote.filter((m) => m.remote);
    expect(remote.map((m) => m.id)).toEqual(['gpt-image-1', 'gpt-image-1-edit']);
    expect(remote.every((m) => /remote/i.test(m.description))).toBe(true);
  });

  // Small inputs so the walk stays quick; the required text inputs get a value.
  const params = (id: string): Record<string, unknown> => {
    const p: Record<string, unknown> = { size: 160, resolution: '360p', duration_seconds: 2 };
    const m = catalog.find(id)!;
    for (const [name, spec] of Object.entries(m.inputs)) {
      if (spec.required && spec.type === 'string' && !spec.options) p[name] = 'Fresh deals today';
      if (spec.type === 'image' || spec.type === 'video') p[name] = `https://example.com/${name}`;
      if (spec.type === 'image_list') p[name] = ['https://example.com/a.png', 'https://example.com/b.png', 'https://example.com/c.png'];
    }
    if (id === 'outpaint') p.aspect_ratio = '16:9';
    return p;
  };

  it.each(catalog.models.map((m) => [m.id]))(
    '%s makes its output',
    async (id) => {
      const m = catalog.find(id)!;
      const out = await runModel(m, params(id), files, fx.dir);
      expect(out.type).toBe(m.genType);
      if (out.type === 'image') {
        expect(out.image.width).toBeGreaterThan(16);
        expect(out.image.data.length).toBe(out.image.width * out.image.height * 4);
      } else {
        const probe = await probeMedia(out.path);
        expect(probe.video?.codec).toBe('h264');
        expect(probe.durationSeconds).toBeGreaterThan(1);
      }
    },
    60_000,
  );
});
