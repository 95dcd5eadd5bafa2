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

/** Throws when a host given as a literal IP is refused; node:net skips `lookup` for those. */
export function checkLiteralHost(hostname: string, policy: AddressPolicy): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (!isIP(bare)) return;
  const reason = policy(bare);
  if (reason) throw new FetchRefused(refusedAddressMessage(bare, reason));
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
            callback(new FetchRefused(refusedAddressMessage(address, reason)), '');
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
