import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FetchRefused } from '../../core/errors.js';
import { acceptanceProblem, effectiveType, parseContentType } from './media-types.js';
import { tooLarge } from './messages.js';
import type { DownloadedFile, FetchedResource, FetchOptions, UrlFetcher } from './port.js';

export interface FakeResource {
  body: Buffer | string;
  /** Full header value, e.g. "text/html; charset=utf-8". Omitted: the body is sniffed. */
  contentType?: string;
  /** Pretend the URL redirected here. */
  finalUrl?: string;
}

/** A resource, or the refusal (or any error) the fetch should fail with. */
export type FakeEntry = FakeResource | Error;

/**
 * In-memory fetcher for unit tests: URL → resource. It applies the same type and size checks as
 * the real one, so a pipeline test sees the same refusals; unknown URLs answer 404.
 */
export class FakeUrlFetcher implements UrlFetcher {
  readonly requests: { url: string; opts: FetchOptions; destPath?: string }[] = [];
  private readonly entries: Map<string, FakeEntry>;

  constructor(entries: Record<string, FakeEntry> | Map<string, FakeEntry> = {}) {
    this.entries = entries instanceof Map ? new Map(entries) : new Map(Object.entries(entries));
  }

  set(url: string, entry: FakeEntry): this {
    this.entries.set(url, entry);
    return this;
  }

  async fetch(url: string, opts: FetchOptions = {}): Promise<FetchedResource> {
    this.requests.push({ url, opts });
    return this.resolve(url, opts);
  }

  async download(url: string, destPath: string, opts: FetchOptions = {}): Promise<DownloadedFile> {
    this.requests.push({ url, opts, destPath });
    const found = this.resolve(url, opts);
    await mkdir(dirname(destPath), { recursive: true });
    await writeFile(destPath, found.body);
    return { finalUrl: found.finalUrl, contentType: found.contentType, sizeBytes: found.body.length, path: destPath };
  }

  private resolve(url: string, opts: FetchOptions): FetchedResource {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const entry = this.entries.get(url);
    if (!entry) throw new FetchRefused('Server answered 404 Not Found');
    if (entry instanceof Error) throw entry;
    const body = typeof entry.body === 'string' ? Buffer.from(entry.body) : entry.body;
    if (opts.maxBytes !== undefined && body.length > opts.maxBytes) throw new FetchRefused(tooLarge(opts.maxBytes));
    const { type, charset } = parseContentType(entry.contentType);
    const contentType = effectiveType(type, body);
    const problem = acceptanceProblem(contentType, opts.accept);
    if (problem) throw new FetchRefused(problem);
    const resource: FetchedResource = { finalUrl: entry.finalUrl ?? url, status: 200, contentType, body };
    if (charset) resource.charset = charset;
    return resource;
  }
}
