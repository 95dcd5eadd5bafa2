import { describe, expect, it } from 'vitest';
import { anyAddress, publicAddressesOnly } from '../../../src/engines/fetch/address-policy.js';

describe('publicAddressesOnly', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private-network'],
    ['172.16.0.1', 'private-network'],
    ['172.31.255.255', 'private-network'],
    ['192.168.1.1', 'private-network'],
    ['fc00::1', 'private-network (unique local)'],
    ['fd12:3456:789a::1', 'private-network (unique local)'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.10.10', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['100.64.0.1', 'shared carrier-grade NAT'],
    ['100.127.255.254', 'shared carrier-grade NAT'],
    ['192.0.2.10', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv6 spellings that carry a private IPv4 address inside.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private-network'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private-network'],
    ['2002:c0a8:0101::1', 'private-network'],
    ['not-an-ip', 'not a valid IP address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(publicAddressesOnly(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.1', // just above it
    '100.63.255.255', // just below 100.64/10
    '100.128.0.1', // just above it
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('allows the public address %s', (address) => {
    expect(publicAddressesOnly(address)).toBeNull();
  });
});

describe('anyAddress', () => {
  it('allows loopback and private addresses', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '169.254.169.254']) expect(anyAddress(address)).toBeNull();
  });
});
