import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { FetchRefused } from '../../core/errors.js';
import type { AddressPolicy } from './address-policy.js';

/** Resolves a host name to every address it has. Injectable so tests can simulate DNS answers. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The `lookup` signature node:net calls while connecting. */
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type LookupFunction = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

export function refusedAddressMessage(address: string, reason: string): string {
  return `URL points at a private address (${address} is ${reason}); only public addresses can be fetched`;
}

/** Longest redirect target quoted in a message; the rest is cut. */
const MAX_QUOTED_URL_CHARS = 200;

/**
 * A refusal by the address rules. Refused on a redirect hop, it names that hop: the client gave
 * a public URL, so "points at a private address" alone would not tell them what happened.
 */
export class AddressRefused extends FetchRefused {
  constructor(
    readonly address: string,
    readonly reason: string,
    readonly redirectedTo?: URL,
  ) {
    super(
      redirectedTo
        ? `Redirected to ${quoteHop(redirectedTo)}, which points at a private address (${address} is ${reason}); only public addresses can be fetched`
        : refusedAddressMessage(address, reason),
    );
  }

  /** The same refusal, told as the redirect that led to it. */
  onRedirectTo(hop: URL): AddressRefused {
    return new AddressRefused(this.address, this.reason, hop);
  }
}

/** Scheme, host and path only: credentials and query strings of a redirect are not repeated. */
function quoteHop(url: URL): string {
  const text = `${url.protocol}//${url.host}${url.pathname}`;
  return text.length > MAX_QUOTED_URL_CHARS ? `${text.slice(0, MAX_QUOTED_URL_CHARS)}…` : text;
}

/** Throws when a host given as a literal IP is refused; node:net skips `lookup` for those. */
export function checkLiteralHost(hostname: string, policy: AddressPolicy): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return;
  const reason = policy(bare);
  if (reason) throw new AddressRefused(bare, reason);
}

/**
 * A `lookup` for node:http that resolves the name and checks the answer in the same step, so the
 * address the socket connects to is exactly one that was checked; resolving first and connecting
 * later would let a second DNS answer (rebinding) point somewhere else. If any address of the
 * name is refused, the name is refused: the connection may be attempted on any of them.
 */
export function createGuardedLookup(policy: AddressPolicy, resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter((a) => wanted === 0 || a.family === wanted);
        if (addresses.length === 0) {
          callback(new FetchRefused(`Could not find the host ${hostname}`), '');
          return;
        }
        for (const { address } of addresses) {
          const reason = policy(address);
          if (reason) {
            callback(new AddressRefused(address, reason), '');
            return;
          }
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => {
        const notFound = err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' || err.code === 'ENODATA';
        callback(new FetchRefused(notFound ? `Could not find the host ${hostname}` : `Could not resolve ${hostname}: ${err.message}`), '');
      });
  };
}
