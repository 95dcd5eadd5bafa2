import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { FetchRefused } from '../../core/errors.js';
import type { AddressPolicy } from './address-policy.js';
import { AddressRefused, checkLiteralHost, type LookupFunction } from './guarded-lookup.js';
import { acceptanceProblem, isGenericType, parseContentType } from './media-types.js';
import { tooLarge } from './messages.js';
import type { MediaKind } from './port.js';

export interface OpenContext {
  policy: AddressPolicy;
  lookup: LookupFunction;
  agents: HttpAgents;
  userAgent: string;
  maxRedirects: number;
  maxBytes: number;
  accept: MediaKind[] | undefined;
  signal: AbortSignal;
  /** Told about every URL about to be requested, so errors can name the host that failed. */
  onHop(url: URL): void;
}

export interface OpenedResponse {
  response: IncomingMessage;
  /** Undoes Content-Encoding; null when the body is sent as is. */
  decoder: Transform | null;
  finalUrl: string;
  status: number;
  declaredType: string;
  charset?: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Parses a user (or redirect) URL, refusing anything but http(s). */
export function parseFetchUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused(`Not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused(`Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}`);
  }
  return url;
}

/**
 * Requests the URL and follows redirects itself, so every hop goes through the same scheme and
 * address checks as the first; returns the final successful response with its body unread.
 */
export async function openResponse(rawUrl: string, ctx: OpenContext): Promise<OpenedResponse> {
  let url = parseFetchUrl(rawUrl);
  for (let redirects = 0; ; redirects++) {
    ctx.onHop(url);
    const response = await requestChecked(url, ctx, redirects > 0);
    const status = response.statusCode ?? 0;
    if (REDIRECT_STATUSES.has(status)) {
      response.destroy();
      if (redirects >= ctx.maxRedirects) {
        throw new FetchRefused(`Too many redirects (more than ${ctx.maxRedirects})`);
      }
      const location = response.headers.location;
      if (!location) throw new FetchRefused(`Server answered ${status} without saying where to go`);
      url = parseFetchUrl(location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      const text = response.statusMessage ? ` ${response.statusMessage}` : '';
      throw new FetchRefused(`Server answered ${status}${text}`);
    }
    try {
      return describeResponse(response, url, ctx);
    } catch (err) {
      response.destroy();
      throw err;
    }
  }
}

/**
 * One request, its address judged first (a literal IP here, a name by the guarded lookup while
 * connecting). A refusal after a redirect names the hop it happened on.
 */
async function requestChecked(url: URL, ctx: OpenContext, redirected: boolean): Promise<IncomingMessage> {
  try {
    checkLiteralHost(url.hostname, ctx.policy);
    return await requestOnce(url, ctx);
  } catch (err) {
    throw redirected && err instanceof AddressRefused ? err.onRedirectTo(url) : err;
  }
}

function describeResponse(response: IncomingMessage, url: URL, ctx: OpenContext): OpenedResponse {
  const declaredLength = Number(response.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > ctx.maxBytes) {
    throw new FetchRefused(tooLarge(ctx.maxBytes));
  }
  const { type, charset } = parseContentType(response.headers['content-type']);
  // A specific declared type can be judged before any body is read; generic ones wait for bytes.
  if (!isGenericType(type)) {
    const problem = acceptanceProblem(type, ctx.accept);
    if (problem) throw new FetchRefused(problem);
  }
  const opened: OpenedResponse = {
    response,
    decoder: decoderFor(response.headers['content-encoding']),
    finalUrl: url.href,
    status: response.statusCode ?? 200,
    declaredType: type,
  };
  if (charset) opened.charset = charset;
  return opened;
}

function decoderFor(encoding: string | undefined): Transform | null {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return null;
  if (name === 'gzip' || name === 'x-gzip') return zlib.createGunzip();
  if (name === 'deflate') return zlib.createInflate();
  if (name === 'br') return zlib.createBrotliDecompress();
  throw new FetchRefused(`Server used a content encoding that cannot be read (${name})`);
}

function acceptHeader(accept: MediaKind[] | undefined): string {
  if (!accept || accept.length === 0) return '*/*';
  const types = accept.map((k) => (k === 'html' ? 'text/html,application/xhtml+xml' : `${k}/*`));
  return `${types.join(',')};q=0.9,*/*;q=0.5`;
}

export type HttpAgents = { http: http.Agent; https: https.Agent };

/**
 * Where node's http(s) client sends a request for `url`: its scheme's module, and the options
 * that name the host (an IPv6 literal without its brackets), port, path with query, the URL's
 * credentials, and the scheme's agent.
 */
export function requestTarget(url: URL, agents: HttpAgents) {
  const secure = url.protocol === 'https:';
  return {
    client: secure ? https : http,
    options: {
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      agent: secure ? agents.https : agents.http,
    },
  };
}

function requestOnce(url: URL, ctx: OpenContext): Promise<IncomingMessage> {
  const { client, options } = requestTarget(url, ctx.agents);
  return new Promise((resolve, reject) => {
    const request = client.get(
      {
        ...options,
        lookup: ctx.lookup,
        signal: ctx.signal,
        headers: {
          'user-agent': ctx.userAgent,
          accept: acceptHeader(ctx.accept),
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en;q=0.9, *;q=0.5',
        },
      },
      resolve,
    );
    request.on('error', reject);
  });
}
