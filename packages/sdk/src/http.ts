import createFetchClient, { type Client } from 'openapi-fetch';
import { ClipwrightError } from './errors.js';
import type { paths } from './generated/openapi-types.js';

export interface ClientOptions {
  /** The service's root, e.g. http://localhost:8080 (no /api). */
  baseUrl: string;
  apiId: string;
  apiKey: string;
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface CreateOptions extends RequestOptions {
  /**
   * Sent as Idempotency-Key: the same key and body within 24 h replays the first answer (same
   * task, charged once). Use a fresh UUID per operation and reuse it only to retry that operation.
   */
  idempotencyKey?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface CallInit {
  id?: string;
  query?: object;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The one place that talks HTTP: openapi-fetch underneath, every non-2xx answer turned into a ClipwrightError. */
export class Http {
  /** The raw typed client, for any endpoint the helpers do not wrap. */
  readonly api: Client<paths>;
  readonly baseUrl: string;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(options: ClientOptions) {
    if (!options.baseUrl) throw new TypeError('createClient: baseUrl is required (e.g. http://localhost:8080).');
    if (!options.apiId || !options.apiKey) throw new TypeError('createClient: apiId and apiKey are required.');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.api = createFetchClient<paths>({
      baseUrl: this.baseUrl,
      headers: { 'X-API-ID': options.apiId, 'X-API-KEY': options.apiKey },
      fetch: (request: Request) => this.fetchImpl(request),
    });
  }

  /**
   * Calls one operation by its documented path. The helpers' public types come from the
   * generated `paths` (types.ts); here the path is dynamic, so openapi-fetch's own overloads
   * cannot check it and are bypassed with one cast.
   */
  async call<T>(method: Method, path: keyof paths, init: CallInit = {}): Promise<T> {
    const { data } = await this.send(method, path, init, 'json');
    return data as T;
  }

  /**
   * Calls an operation that answers Server-Sent Events: resolves with the open body once the 200
   * has arrived; an answer outside 2xx (a 400 on the body, a 402, a 404 …) is a ClipwrightError,
   * as for every other call.
   */
  async openStream(method: Method, path: keyof paths, init: CallInit = {}): Promise<{ body: ReadableStream<Uint8Array>; response: Response }> {
    const { data, response } = await this.send(method, path, { ...init, headers: { Accept: 'text/event-stream', ...init.headers } }, 'stream');
    if (!data) throw ClipwrightError.from(response, 'The service answered an event stream without a body.');
    return { body: data as ReadableStream<Uint8Array>, response };
  }

  private async send(method: Method, path: keyof paths, init: CallInit, parseAs: 'json' | 'stream'): Promise<{ data: unknown; response: Response }> {
    const request = this.api.request as unknown as (m: string, p: string, i: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    // Every path names its one parameter {id}, except the template catalog's {template_id}; openapi-fetch fills only the one the path has.
    const { data, error, response } = await request(method.toLowerCase(), path as string, {
      params: { path: init.id === undefined ? undefined : { id: init.id, template_id: init.id }, query: init.query },
      body: init.body,
      headers: init.headers,
      signal: init.signal,
      parseAs,
    });
    if (!response.ok) throw ClipwrightError.from(response, error);
    return { data, response };
  }

  /** Downloads one of the service's (signed) file URLs; rejects with ClipwrightError on a non-2xx answer. */
  async download(url: string, options: RequestOptions = {}): Promise<Uint8Array> {
    const response = await this.fetchImpl(new URL(url, this.baseUrl), { signal: options.signal });
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the text itself goes into the error
      }
      throw ClipwrightError.from(response, body);
    }
    return new Uint8Array(await response.arrayBuffer());
  }
}
