import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FetchRefused } from '../../core/errors.js';
import { anyAddress, publicAddressesOnly, type AddressPolicy } from './address-policy.js';
import { createGuardedLookup, systemResolver, type HostResolver, type LookupFunction } from './guarded-lookup.js';
import { MediaGate } from './media-gate.js';
import { timedOut } from './messages.js';
import { explainNetworkError } from './network-errors.js';
import { openResponse, type OpenedResponse } from './open-response.js';
import type { DownloadedFile, FetchedResource, FetchOptions, UrlFetcher } from './port.js';

export interface HttpUrlFetcherOptions {
  /** Lets URLs reach loopback and private addresses (`ALLOW_PRIVATE_URLS=1`). */
  allowPrivate: boolean;
  /** Ceiling for one whole fetch: every redirect hop and the body. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Replaces the rule `allowPrivate` picks; tests use it to allow only their own loopback server. */
  addressPolicy?: AddressPolicy;
  /** Replaces system DNS; tests use it to make names resolve to chosen addresses. */
  resolveHost?: HostResolver;
  userAgent?: string;
}

export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; ClipwrightBot/0.1; self-hosted video generator fetching a URL a user gave it)';

/** The real fetcher over node:http/https. See `port.ts` for the contract. */
export class HttpUrlFetcher implements UrlFetcher {
  private readonly policy: AddressPolicy;
  private readonly lookup: LookupFunction;
  // Own agents without keep-alive: a pooled socket opened under a looser policy (another
  // fetcher instance, or an earlier hop) must never be reused without its address being checked.
  private readonly agents = {
    http: new http.Agent({ keepAlive: false }),
    https: new https.Agent({ keepAlive: false }),
  };

  constructor(private readonly options: HttpUrlFetcherOptions) {
    this.policy = options.addressPolicy ?? (options.allowPrivate ? anyAddress : publicAddressesOnly);
    this.lookup = createGuardedLookup(this.policy, options.resolveHost ?? systemResolver);
  }

  fetch(url: string, opts: FetchOptions = {}): Promise<FetchedResource> {
    return this.run(url, opts, async (opened, gate, signal) => {
      const chunks: Buffer[] = [];
      const collector = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
      await pipeline([...streamsOf(opened, gate), collector], { signal });
      const resource: FetchedResource = {
        finalUrl: opened.finalUrl,
        status: opened.status,
        contentType: gate.contentType,
        body: Buffer.concat(chunks),
      };
      if (opened.charset) resource.charset = opened.charset;
      return resource;
    });
  }

  download(url: string, destPath: string, opts: FetchOptions = {}): Promise<DownloadedFile> {
    return this.run(url, opts, async (opened, gate, signal) => {
      await mkdir(dirname(destPath), { recursive: true });
      // Written beside the destination and renamed at the end, so a failed download never
      // leaves something at destPath that looks complete.
      const partPath = `${destPath}.${randomBytes(4).toString('hex')}.part`;
      try {
        await pipeline([...streamsOf(opened, gate), createWriteStream(partPath)], { signal });
        await rename(partPath, destPath);
      } catch (err) {
        await rm(partPath, { force: true });
        throw err;
      }
      return { finalUrl: opened.finalUrl, contentType: gate.contentType, sizeBytes: gate.sizeBytes, path: destPath };
    });
  }

  private async run<T>(url: string, opts: FetchOptions, consume: (opened: OpenedResponse, gate: MediaGate, signal: AbortSignal) => Promise<T>): Promise<T> {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const timeoutMs = Math.min(opts.timeoutMs ?? this.options.timeoutMs, this.options.timeoutMs);
    const maxBytes = Math.min(opts.maxBytes ?? this.options.maxBytes, this.options.maxBytes);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
    let host = '';
    try {
      const opened = await openResponse(url, {
        policy: this.policy,
        lookup: this.lookup,
        agents: this.agents,
        userAgent: this.options.userAgent ?? DEFAULT_USER_AGENT,
        maxRedirects: this.options.maxRedirects,
        maxBytes,
        accept: opts.accept,
        signal,
        onHop: (hop) => {
          host = hop.host;
        },
      });
      return await consume(opened, new MediaGate(opened.declaredType, opts.accept, maxBytes), signal);
    } catch (err) {
      // The caller's cancel and our own deadline both surface as abort errors; tell them apart.
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (deadline.aborted) throw new FetchRefused(timedOut(timeoutMs));
      throw explainNetworkError(err, host || url);
    }
  }
}

/** Response, then decompression if any, then the gate. */
function streamsOf(opened: OpenedResponse, gate: MediaGate): Array<NodeJS.ReadableStream | NodeJS.ReadWriteStream> {
  const { response, decoder } = opened;
  return decoder ? [response, decoder, gate] : [response, gate];
}
