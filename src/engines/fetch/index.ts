export type { DownloadedFile, FetchedResource, FetchOptions, MediaKind, UrlFetcher } from './port.js';
export { HttpUrlFetcher, DEFAULT_USER_AGENT, type HttpUrlFetcherOptions } from './http-url-fetcher.js';
export { FakeUrlFetcher, type FakeEntry, type FakeResource } from './fake-url-fetcher.js';
export { anyAddress, publicAddressesOnly, type AddressPolicy } from './address-policy.js';
export type { HostResolver } from './guarded-lookup.js';
export { sniffMediaType } from './sniff.js';
export { mediaKindOf } from './media-types.js';
