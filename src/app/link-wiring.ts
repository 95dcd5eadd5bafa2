import { HttpUrlFetcher } from '../engines/fetch/http-url-fetcher.js';
import type { Config } from './config.js';

export function createFetcher(config: Config): HttpUrlFetcher {
  return new HttpUrlFetcher({ allowPrivate: config.allowPrivateUrls, timeoutMs: config.fetch.timeoutMs, maxBytes: config.fetch.maxBytes, maxRedirects: config.fetch.maxRedirects });
}
