import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NothingToCutOut, TaskFailure } from '../../../src/core/errors.js';
import { createImglyCutout } from '../../../src/engines/image/imgly-cutout.js';
import { productPhoto } from '../../helpers/product-fixtures.js';
import { flatPhoto, scoreCutout } from '../../helpers/cutout-measure.js';

/**
 * The worker plumbing of the sidecar cut-out (queue, downscale and alpha upscale, crash, timeout,
 * abort) against a fast stand-in worker speaking the same frames; the real model has its own
 * integration test.
 */
const fakeWorker = fileURLToPath(new URL('../../helpers/fake-cutout-worker.mjs', import.meta.url));

/** A photo whose top-left pixel steers the fake worker. */
function steered(rgb: [number, number, number]) {
  const photo = flatPhoto(64, 48, [200, 200, 200]);
  for (let y = 10; y < 30; y++) for (let x = 10; x < 40; x++) photo.data.set([20, 30, 200, 255], (y * 64 + x) * 4);
  photo.data.set([...rgb, 255], 0);
  return photo;
}

function ellipsePhoto(width: number, height: number) {
  const rgba = flatPhoto(width, height, [210, 210, 210]);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (((x - width / 2) / (width * 0.3)) ** 2 + ((y - height / 2) / (height * 0.35)) ** 2 <= 1) {
        mask[y * width + x] = 255;
        rgba.data.set([30, 60, 180 + ((x * 7 + y * 3) % 40), 255], (y * width + x) * 4);
      }
    }
  return { rgba, mask };
}

describe('sidecar cut-out plumbing (stand-in worker)', () => {
  const engine = createImglyCutout({ workerScript: fakeWorker, requestTimeoutMs: 1500, startTimeoutMs: 10_000 });
  afterAll(() => engine.close());

  it('shrinks a large photo for the worker, scales the alpha back and keeps the original pixels', async () => {
    // A flat backdrop: the stand-in keys out one colour (the real model's quality is tested apart).
    const photo = ellipsePhoto(1400, 1750);
    const cut = await engine.cutOut(photo.rgba);
    expect([cut.width, cut.height]).toEqual([1400, 1750]);
    const score = scoreCutout(cut, photo.mask, 4);
    expect(score.backdropGone).toBeGreaterThan(0.97);
    expect(score.productKept).toBeGreaterThan(0.97);
    // Colour channels are the original's, untouched by the round trip.
    let same = 0;
    for (let i = 0; i < photo.mask.length; i++) if (cut.data[i * 4] === photo.rgba.data[i * 4] && cut.data[i * 4 + 1] === photo.rgba.data[i * 4 + 1]) same++;
    expect(same).toBe(photo.mask.length);
  });

  it('answers requests one at a time, in order', async () => {
    const a = await productPhoto({ width: 200, height: 250 });
    const b = await productPhoto({ width: 240, height: 200 });
    const [ca, cb] = await Promise.all([engine.cutOut(a.rgba), engine.cutOut(b.rgba)]);
    expect([ca.width, ca.height, cb.width, cb.height]).toEqual([200, 250, 240, 200]);
  });

  it('reports a flat photo as NothingToCutOut', async () => {
    await expect(engine.cutOut(flatPhoto(80, 60, [90, 140, 60]))).rejects.toBeInstanceOf(NothingToCutOut);
  });

  it('fails only the request in flight when the worker crashes, then restarts', async () => {
    const starts = engine.worker.startCount;
    const err = await engine.cutOut(steered([1, 2, 3])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskFailure);
    expect((err as TaskFailure).transient).toBe(true);
    expect((err as TaskFailure).reason).toMatch(/exited with code 3/);
    const cut = await engine.cutOut(steered([200, 200, 200]));
    expect(cut.data[(20 * 64 + 20) * 4 + 3]).toBe(255);
    expect(engine.worker.startCount).toBe(starts + 1);
  });

  it('a reply error is a permanent failure and the worker keeps serving', async () => {
    const pid = engine.worker.pid;
    const err = await engine.cutOut(steered([7, 8, 9])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskFailure);
    expect((err as TaskFailure).transient).toBe(false);
    expect((err as TaskFailure).reason).toMatch(/upset the fake worker/);
    await engine.cutOut(steered([200, 200, 200]));
    expect(engine.worker.pid).toBe(pid);
  });

  it('times out a hung worker, kills it and serves the next request', async () => {
    const err = await engine.cutOut(steered([4, 5, 6])).catch((e: unknown) => e);
    expect((err as TaskFailure).reason).toMatch(/did not answer within/);
    const cut = await engine.cutOut(steered([200, 200, 200]));
    expect(cut.data[(20 * 64 + 20) * 4 + 3]).toBe(255);
  });

  it('an abort kills the running request at once; queued ones behind it still run', async () => {
    const controller = new AbortController();
    const hung = engine.cutOut(steered([4, 5, 6]), { signal: controller.signal });
    const after = engine.cutOut(steered([200, 200, 200]));
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(hung).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
    const cut = await after;
    expect(cut.data[(20 * 64 + 20) * 4 + 3]).toBe(255);
  });

  it('an already aborted signal never reaches the worker', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.cutOut(steered([200, 200, 200]), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
