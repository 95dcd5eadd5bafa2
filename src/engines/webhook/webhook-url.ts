import { isIP } from 'node:net';
import type { AddressPolicy } from '../fetch/address-policy.js';
import { refusedAddressMessage } from '../fetch/guarded-lookup.js';

/**
 * Why a webhook URL cannot be used, judged without DNS (at create time, so the client hears at
 * once): http(s) only, and a literal IP or a `localhost` name must pass the address rules. Names
 * are judged again when delivering, on the addresses they then resolve to.
 */
export function webhookUrlProblem(raw: string, policy: AddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a valid URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Webhook URLs must use http or https.';
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  // RFC 6761: every *.localhost name is loopback, whatever a resolver says.
  const address = isIP(host) ? host : host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : null;
  if (!address) return null;
  const reason = policy(address);
  return reason ? refusedAddressMessage(address, reason).replace('only public addresses can be fetched', 'webhooks are only sent to public addresses') : null;
}
