import ipaddr from 'ipaddr.js';

/**
 * Decides whether the fetcher may connect to an IP address. Returns why the address is refused
 * (e.g. "loopback"), or null when it is allowed. It is applied to every address a host name
 * resolves to and to literal IPs in URLs, on every redirect hop.
 */
export type AddressPolicy = (address: string) => string | null;

/** Public unicast only: what the service uses unless private URLs are allowed. */
export const publicAddressesOnly: AddressPolicy = (address) => {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'not a valid IP address';
  }
  return parsed.kind() === 'ipv4' ? refuseIPv4(parsed as ipaddr.IPv4) : refuseIPv6(parsed as ipaddr.IPv6);
};

/** Every address, including loopback: for `ALLOW_PRIVATE_URLS=1` (tests and local use). */
export const anyAddress: AddressPolicy = () => null;

const IPV4_REFUSED: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'shared carrier-grade NAT',
  private: 'private-network',
  reserved: 'reserved',
};

function refuseIPv4(ip: ipaddr.IPv4): string | null {
  // Named separately because it is the classic SSRF target and the message should say so.
  if (ip.toString() === '169.254.169.254') return 'cloud metadata';
  const range = ip.range();
  if (range in IPV4_REFUSED) return IPV4_REFUSED[range] ?? range;
  // Anything ipaddr.js does not class as plain unicast (or a public anycast service) is refused,
  // so a range added to the library later fails closed.
  return range === 'unicast' || range === 'as112' || range === 'amt' ? null : range;
}

const IPV6_ALLOWED = new Set(['unicast', 'amt', 'as112v6']);

const IPV6_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'private-network (unique local)',
  deprecatedSiteLocal: 'site-local',
  reserved: 'reserved',
  teredo: 'Teredo tunnel',
};

function refuseIPv6(ip: ipaddr.IPv6): string | null {
  // Addresses that carry an IPv4 address inside would otherwise let "::ffff:127.0.0.1" or a
  // NAT64/6to4 spelling of 10.0.0.1 slip through; judge them by the IPv4 address they carry.
  const embedded = embeddedIPv4(ip);
  if (embedded) return refuseIPv4(embedded);
  const range = ip.range();
  if (IPV6_ALLOWED.has(range)) return null;
  return IPV6_NAMES[range] ?? range;
}

function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const range = ip.range() as string;
  if (ip.isIPv4MappedAddress() || range === 'rfc6145' || range === 'rfc6052') {
    return fromWords(p[6] ?? 0, p[7] ?? 0);
  }
  if (range === '6to4') return fromWords(p[1] ?? 0, p[2] ?? 0);
  // Deprecated IPv4-compatible form (::a.b.c.d); ::1 and :: are real IPv6 and handled by range.
  if (p.slice(0, 6).every((w) => w === 0) && range !== 'loopback' && range !== 'unspecified') {
    return fromWords(p[6] ?? 0, p[7] ?? 0);
  }
  return null;
}
