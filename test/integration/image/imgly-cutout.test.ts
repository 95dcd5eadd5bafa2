import { afterAll, describe, expect, it } from 'vitest';
import { NothingToCutOut } from '../../../src/core/errors.js';
import { createImglyCutout, DEFAULT_CUTOUT_SIDECAR_DIR, imglySidecarInstalled } from '../../../src/engines/image/imgly-cutout.js';
import { productPhoto } from '../../helpers/product-fixtures.js';
import { flatPhoto, scoreCutout } from '../../helpers/cutout-measure.js';

/**
 * The real ISNet cut-out in its sidecar process (slow: the model loads in a few seconds and each
 * photo takes a few more). Not skipped when the sidecar is missing: set-up installs it. Crash,
 * timeout and abort handling are tested on the same adapter with a stand-in worker
 * (test/unit/image/framed-worker-cutout.test.ts).
 */
describe('imgly ISNet cut-out (sidecar process)', () => {
  const engine = createImglyCutout();
  afterAll(() => engine.close());

  it('is installed', () => {
    expect(
      imglySidecarInstalled(),
      `the cut-out sidecar is not installed in ${DEFAULT_CUTOUT_SIDECAR_DIR}: run "bash scripts/setup.sh" (it runs npm ci there)`,
    ).toBe(true);
  });

  it('removes the studio backdrop and keeps the bottle; a flat photo has nothing to cut out', async () => {
    const photo = await productPhoto();
    const cut = await engine.cutOut(photo.rgba);
    const score = scoreCutout(cut, photo.mask, 4);
    expect(score.backdropGone).toBeGreaterThan(0.97);
    expect(score.productKept).toBeGreaterThan(0.97);

    await expect(engine.cutOut(flatPhoto(320, 240, [120, 160, 200]))).rejects.toBeInstanceOf(NothingToCutOut);
  }, 240_000);
});
