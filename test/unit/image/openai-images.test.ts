import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TaskFailure } from '../../../src/core/errors.js';
import type { RgbaImage } from '../../../src/core/raster.js';
import { createOpenAiImages } from '../../../src/engines/image/openai-images.js';
import { mockColour, startImagesServer, type ImagesServer } from '../../helpers/openai-images-server.js';

function pixel(img: RgbaImage, x: number, y: number): number[] {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

describe('OpenAI-compatible images adapter (loopback mock)', () => {
  let server: ImagesServer;
  beforeAll(async () => {
    server = await startImagesServer({ apiKey: 'sk-test' });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.setReply(() => ({}));
  });

  const generator = () => createOpenAiImages({ baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'img-model-x', timeoutMs: 2000 });

  it('generates at the asked size with b64_json, n images, the model and key sent', async () => {
    const images = await generator().generate({ prompt: 'a marble podium', width: 320, height: 200, count: 2 });
    expect(images.map((i) => [i.width, i.height])).toEqual([
      [320, 200],
      [320, 200],
    ]);
    expect(pixel(images[0]!, 10, 10)).toEqual(mockColour('a marble podium', 0));
    expect(pixel(images[1]!, 10, 10)).toEqual(mockColour('a marble podium', 1));
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/images/generations');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.fields).toMatchObject({ model: 'img-model-x', prompt: 'a marble podium', n: '2', size: '320x200', response_format: 'b64_json' });
    expect(generator().model).toBe('img-model-x');
  });

  it('brings a provider-rounded size back to the asked one, and follows url answers', async () => {
    server.setReply(() => ({ size: { width: 256, height: 256 }, asUrls: true }));
    const [image] = await generator().generate({ prompt: 'sunset', width: 300, height: 150 });
    expect([image!.width, image!.height]).toEqual([300, 150]);
    expect(pixel(image!, 150, 75)).toEqual(mockColour('sunset', 0));
  });

  it('edits with a multipart image and mask: only the transparent part of the mask is repainted', async () => {
    const image: RgbaImage = { width: 64, height: 32, data: new Uint8Array(64 * 32 * 4).fill(255) };
    const mask: RgbaImage = { width: 64, height: 32, data: new Uint8Array(64 * 32 * 4).fill(255) };
    for (let y = 0; y < 32; y++) for (let x = 32; x < 64; x++) mask.data[(y * 64 + x) * 4 + 3] = 0;
    const [out] = await generator().edit({ image, mask, prompt: 'a wooden table' });
    expect(pixel(out!, 5, 5)).toEqual([255, 255, 255]);
    expect(pixel(out!, 50, 5)).toEqual(mockColour('a wooden table', 0));
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/v1/images/edits');
    expect(Object.keys(sent.files).sort()).toEqual(['image', 'mask']);
    expect(sent.fields).toMatchObject({ model: 'img-model-x', size: '64x32', response_format: 'b64_json', n: '1' });
  });

  it("a 4xx is a permanent failure carrying the provider's message", async () => {
    server.setReply(() => ({ status: 400, error: 'Your prompt was rejected by the safety system.' }));
    const err = await generator()
      .generate({ prompt: 'x', width: 64, height: 64 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskFailure);
    expect((err as TaskFailure).transient).toBe(false);
    expect((err as TaskFailure).reason).toMatch(/refused the request \(400\): Your prompt was rejected by the safety system\./);
  });

  it('a wrong key is permanent too (401)', async () => {
    const bad = createOpenAiImages({ baseUrl: server.baseUrl, apiKey: 'nope', model: 'm' });
    const err = (await bad.generate({ prompt: 'x', width: 64, height: 64 }).catch((e: unknown) => e)) as TaskFailure;
    expect(err.transient).toBe(false);
    expect(err.reason).toMatch(/401.*Incorrect API key/);
  });

  it('5xx, timeouts and an unreachable provider are transient', async () => {
    server.setReply(() => ({ status: 503, error: 'overloaded' }));
    const e5 = (await generator()
      .generate({ prompt: 'x', width: 64, height: 64 })
      .catch((e: unknown) => e)) as TaskFailure;
    expect([e5.transient, e5.reason]).toEqual([true, expect.stringMatching(/failed \(503\): overloaded/)]);

    server.setReply(() => ({ delayMs: 1500 }));
    const slow = createOpenAiImages({ baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'm', timeoutMs: 300 });
    const et = (await slow.generate({ prompt: 'x', width: 64, height: 64 }).catch((e: unknown) => e)) as TaskFailure;
    expect([et.transient, et.reason]).toEqual([true, expect.stringMatching(/did not answer within/)]);

    const gone = createOpenAiImages({ baseUrl: 'http://127.0.0.1:9', model: 'm', timeoutMs: 2000 });
    const eg = (await gone.generate({ prompt: 'x', width: 64, height: 64 }).catch((e: unknown) => e)) as TaskFailure;
    expect([eg.transient, eg.reason]).toEqual([true, expect.stringMatching(/could not be reached/)]);
  });

  it("the caller's abort stops the request", async () => {
    server.setReply(() => ({ delayMs: 1500 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(generator().generate({ prompt: 'x', width: 64, height: 64, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a base URL that already ends in /v1 is used as is', async () => {
    const g = createOpenAiImages({ baseUrl: `${server.baseUrl}/v1/`, apiKey: 'sk-test', model: 'm' });
    await g.generate({ prompt: 'y', width: 32, height: 32 });
    expect(server.requests[0]!.path).toBe('/v1/images/generations');
  });
});
