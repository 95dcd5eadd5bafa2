/**
 * The port every pipeline uses to fetch a user's URL. The real implementation
 * (`http-url-fetcher.ts`) enforces the security rules; pipelines never fetch by other means.
 */
export type MediaKind = 'html' | 'image' | 'audio' | 'video';

export interface FetchOptions {
  /** Kinds of content the caller can use; anything else is refused. Omitted: any type. */
  accept?: MediaKind[];
  /** Lowered per call; never raised above the fetcher's own limit. */
  maxBytes?: number;
  /** Lowered per call; never raised above the fetcher's own limit. Covers redirects and body. */
  timeoutMs?: number;
  /** Cancels the fetch; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface FetchedResource {
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  /** Lower-case media type without parameters; the sniffed type when the server sent a generic one. */
  contentType: string;
  /** The `charset` parameter the server declared, if any (for decoding HTML). */
  charset?: string;
  body: Buffer;
}

export interface DownloadedFile {
  finalUrl: string;
  contentType: string;
  sizeBytes: number;
  /** Where the file was written (the `destPath` given). */
  path: string;
}

export interface UrlFetcher {
  /** Fetches into memory. Rejects with `FetchRefused` carrying a message a person can act on. */
  fetch(url: string, opts?: FetchOptions): Promise<FetchedResource>;
  /**
   * Streams to `destPath`. Nothing is left at `destPath` when it fails, so a half file is never
   * taken for a whole one.
   */
  download(url: string, destPath: string, opts?: FetchOptions): Promise<DownloadedFile>;
}
