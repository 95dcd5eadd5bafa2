import { HttpUrlFetcher } from '../engines/fetch/http-url-fetcher.js';
import type { Config } from './config.js';
import type { NetworkOverride } from './network-override.js';

export function createFetcher(config: Config, network?: NetworkOverride): HttpUrlFetcher {
  return new HttpUrlFetcher({
    allowPrivate: config.allowPrivateUrls,
    timeoutMs: config.fetch.timeoutMs,
    maxBytes: config.fetch.maxBytes,
    maxRedirects: config.fetch.maxRedirects,
    ...network,
  });
}
