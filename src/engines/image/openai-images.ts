/**
 * A remote prompt-to-image provider speaking OpenAI's images API: `POST /v1/images/generations`
 * (JSON) and `POST /v1/images/edits` (multipart: image, optional mask, prompt). Works with OpenAI
 * and the servers that copy its API (LocalAI, vLLM-style gateways …). No image model runs inside
 * the service: this adapter is how a deployment plugs one in.
 *
 * Failures: a 4xx from the provider (a refused prompt, a bad key, an unknown model) is permanent
 * and carries the provider's own message; 408/429/5xx, network errors and timeouts are transient,
 * so the job runner retries them.
 */
import sharp from 'sharp';
import { TaskFailure } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import { abortError } from '../ffmpeg/errors.js';
import { isTransientStatus, openAiApiRoot, providerMessage, unreachableCause } from '../openai/openai-api.js';
import type { ImageGenerator } from './port.js';

export interface OpenAiImagesOptions {
  /** `https://api.openai.com` (→ /v1/images/…) or `https://host/openai/v1` (→ /images/…). */
  baseUrl: string;
  apiKey?: string;
  /** The provider's model id, e.g. `gpt-image-1`, `dall-e-3`. */
  model: string;
  /** Per request. Default 120 s (generation is slow). */
  timeoutMs?: number;
  /** For tests; default the global fetch. */
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 120_000;
/** OpenAI's own cap on `n`. */
const MAX_COUNT = 10;

export function createOpenAiImages(opts: OpenAiImagesOptions): ImageGenerator {
  const root = openAiApiRoot(opts.baseUrl);
  const host = new URL(root).host;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = opts.fetch ?? fetch;

  async function call(path: string, body: string | FormData, signal: AbortSignal | undefined): Promise<Buffer[]> {
    if (signal?.aborted) throw abortError(signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
    try {
      const response = await doFetch(`${root}${path}`, { method: 'POST', headers, body, signal: combined });
      if (!response.ok) throw await httpFailure(response, host);
      const json = (await response.json().catch(() => null)) as { data?: { b64_json?: string; url?: string }[] } | null;
      if (!json || !Array.isArray(json.data) || !json.data.length) throw new TaskFailure(`The images provider at ${host} answered without images.`, true);
      return await Promise.all(
        json.data.map(async (item) => {
          if (item.b64_json) return Buffer.from(item.b64_json, 'base64');
          // Some servers ignore response_format and answer with a link instead.
          if (item.url) {
            const linked = await doFetch(item.url, { signal: combined });
            if (!linked.ok) throw new TaskFailure(`The images provider's image link answered ${linked.status}.`, true);
            return Buffer.from(await linked.arrayBuffer());
          }
          throw new TaskFailure(`The images provider at ${host} answered an item without b64_json or url.`, true);
        }),
      );
    } catch (err) {
      if (err instanceof TaskFailure) throw err;
      if (signal?.aborted) throw abortError(signal);
      if (timeout.aborted) throw new TaskFailure(`The images provider at ${host} did not answer within ${Math.round(timeoutMs / 1000)} s.`, true);
      throw new TaskFailure(`The images provider at ${host} could not be reached (${unreachableCause(err)}).`, true);
    }
  }

  return {
    model: opts.model,
    async generate(req) {
      const body = JSON.stringify({
        model: opts.model,
        prompt: req.prompt,
        n: countOf(req.count),
        size: `${req.width}x${req.height}`,
        response_format: 'b64_json',
      });
      const images = await call('/images/generations', body, req.signal);
      return Promise.all(images.map((bytes) => decodeTo(bytes, req.width, req.height, host)));
    },
    async edit(req) {
      const form = new FormData();
      form.append('model', opts.model);
      form.append('prompt', req.prompt);
      form.append('n', String(countOf(req.count)));
      form.append('size', `${req.image.width}x${req.image.height}`);
      form.append('response_format', 'b64_json');
      form.append('image', new Blob([new Uint8Array(await toPng(req.image))], { type: 'image/png' }), 'image.png');
      if (req.mask) form.append('mask', new Blob([new Uint8Array(await toPng(req.mask))], { type: 'image/png' }), 'mask.png');
      const images = await call('/images/edits', form, req.signal);
      return Promise.all(images.map((bytes) => decodeTo(bytes, req.image.width, req.image.height, host)));
    },
  };
}

function countOf(count: number | undefined): number {
  return Math.max(1, Math.min(MAX_COUNT, Math.floor(count ?? 1)));
}

async function httpFailure(response: Response, host: string): Promise<TaskFailure> {
  const message = providerMessage(await response.text().catch(() => ''));
  const transient = isTransientStatus(response.status);
  const what = transient
    ? `The images provider at ${host} failed (${response.status})`
    : `The images provider at ${host} refused the request (${response.status})`;
  return new TaskFailure(`${what}${message ? `: ${message}` : ''}`, transient);
}

async function toPng(image: RgbaImage): Promise<Buffer> {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: image.width, height: image.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Decoded, and brought to the asked size (cover) when the provider rounded it to one of its own. */
async function decodeTo(bytes: Buffer, width: number, height: number, host: string): Promise<RgbaImage> {
  try {
    const { data, info } = await sharp(bytes)
      .rotate()
      .ensureAlpha()
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (err) {
    throw new TaskFailure(`The images provider at ${host} sent an image that cannot be decoded (${(err as Error).message}).`, true);
  }
}
