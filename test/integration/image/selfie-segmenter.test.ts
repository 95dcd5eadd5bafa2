import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFaceApiEngine } from '../../../src/engines/face/index.js';
import { createSelfieSegmenter } from '../../../src/engines/image/selfie-segmenter.js';
import { decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { makePortrait } from '../../helpers/face-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'selfie-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function meanIn(mask: Uint8Array, width: number, box: { x: number; y: number; width: number; height: number }): number {
  let s = 0,
    n = 0;
  for (let y = Math.round(box.y); y < Math.round(box.y + box.height); y++) {
    for (let x = Math.round(box.x); x < Math.round(box.x + box.width); x++) {
      s += mask[y * width + x]!;
      n++;
    }
  }
  return s / n;
}

describe('selfie person segmenter (tfjs WASM, shared with face-api)', () => {
  it('covers the face of a real portrait and leaves the far corners out, at the photo size, smoothly', async () => {
    const path = await makePortrait(join(dir, 'presenter.png'), 'presenter', { width: 400 });
    const photo = await decodeImage(path);
    const mask = await createSelfieSegmenter().segment(photo);
    expect(mask.length).toBe(photo.width * photo.height);

    // The face engine runs on the same TensorFlow.js backend the segmenter started.
    const faces = await createFaceApiEngine().detect(path);
    expect(faces.length).toBe(1);
    const face = faces[0]!.box;
    expect(meanIn(mask, photo.width, face)).toBeGreaterThan(200);

    const corner = { width: Math.round(photo.width * 0.12), height: Math.round(photo.height * 0.12) };
    expect(meanIn(mask, photo.width, { x: 0, y: 0, ...corner })).toBeLessThan(60);
    expect(meanIn(mask, photo.width, { x: photo.width - corner.width, y: 0, ...corner })).toBeLessThan(60);

    // Scaled up smoothly: across the mask's edges there are in-between values, not only 0 and 255.
    let between = 0;
    for (const v of mask) if (v > 30 && v < 225) between++;
    expect(between).toBeGreaterThan(photo.width);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const photo = { width: 8, height: 8, data: new Uint8Array(8 * 8 * 4) };
    await expect(createSelfieSegmenter().segment(photo, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
