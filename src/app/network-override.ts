import type { AddressPolicy } from '../engines/fetch/address-policy.js';
import type { HostResolver } from '../engines/fetch/guarded-lookup.js';

/**
 * Replaces the address rules (and DNS) of everything that reaches a client's URL: the fetcher,
 * the page scraper, the webhook and upload senders, and the create-time `webhook_url` check.
 * Only code can pass it (`createContainer`'s options); no environment variable or file reaches
 * it, so a deployment cannot weaken the rules by configuration — `ALLOW_PRIVATE_URLS` is the only
 * switch an operator has. Tests use it to let one loopback address count as public and watch the
 * real rules judge every other address, hop by hop.
 */
export interface NetworkOverride {
  addressPolicy: AddressPolicy;
  resolveHost?: HostResolver;
}
