import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused } from '../../../src/core/errors.js';
import { HttpUrlFetcher, publicAddressesOnly, type AddressPolicy, type HostResolver } from '../../../src/engines/fetch/index.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const limits = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 5 };

/**
 * The test server lives on loopback, which the real policy refuses. This policy makes an
 * exception for exactly 127.0.0.1 and applies the real rule to everything else, so the tests
 * can start from an allowed page and watch the next hop be judged by the real rule.
 */
const onlyTestServer: AddressPolicy = (address) => (address === '127.0.0.1' ? null : publicAddressesOnly(address));

/** Fake DNS: names the tests choose, resolving to addresses the tests choose. */
const fakeDns =
  (table: Record<string, string[]>): HostResolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

let server: PageServer;

beforeAll(async () => {
  server = await startPageServer({
    '/page': { headers: { 'content-type': 'text/html' }, body: '<html><title>ok</title></html>' },
    '/secret': { headers: { 'content-type': 'text/html' }, body: '<html>internal</html>' },
  });
});
afterAll(() => server.close());

async function refusal(promise: Promise<unknown>): Promise<FetchRefused> {
  const err = await promise.then(
    () => {
      throw new Error('expected the fetch to be refused');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchRefused);
  return err as FetchRefused;
}

describe('private addresses, by default', () => {
  const fetcher = new HttpUrlFetcher({ allowPrivate: false, ...limits });

  it('refuses a loopback IP in the URL without connecting', async () => {
    const hitsBefore = server.hits.length;
    const err = await refusal(fetcher.fetch(server.url('/page')));
    expect(err.message).toMatch(/^URL points at a private address \(127\.0\.0\.1 is loopback\)/);
    expect(server.hits.length).toBe(hitsBefore);
  });

  it('refuses a host name that resolves to loopback (checked at connect time)', async () => {
    const hitsBefore = server.hits.length;
    const err = await refusal(fetcher.fetch(`http://localhost:${server.port}/page`));
    expect(err.message).toMatch(/private address \((127\.0\.0\.1|::1) is loopback\)/);
    expect(server.hits.length).toBe(hitsBefore);
  });

  it.each([
    [`http://[::1]:PORT/page`, /::1 is loopback/],
    [`http://[::ffff:127.0.0.1]:PORT/page`, /is loopback/],
    [`http://2130706433:PORT/page`, /127\.0\.0\.1 is loopback/],
    [`http://0x7f.0.0.1:PORT/page`, /127\.0\.0\.1 is loopback/],
    [`http://0.0.0.0:PORT/page`, /0\.0\.0\.0 is unspecified/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is cloud metadata/],
    ['http://10.1.2.3/', /10\.1\.2\.3 is private-network/],
    ['http://[fd12:3456::1]/', /unique local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://100.64.0.9/', /carrier-grade NAT/],
  ])('refuses %s', async (template, reason) => {
    const hitsBefore = server.hits.length;
    const err = await refusal(fetcher.fetch(template.replace('PORT', String(server.port))));
    expect(err.message).toMatch(/^URL points at a private address/);
    expect(err.message).toMatch(reason);
    expect(server.hits.length).toBe(hitsBefore);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/x', 'gopher://example.com/', 'data:text/html,hi'])('refuses the non-http scheme of %s', async (url) => {
    const err = await refusal(fetcher.fetch(url));
    expect(err.message).toMatch(/^Only http and https URLs can be fetched/);
  });

  it('refuses a string that is not a URL', async () => {
    const err = await refusal(fetcher.fetch('not a url'));
    expect(err.message).toBe('Not a valid URL: not a url');
  });
});

describe('private addresses, with allowPrivate', () => {
  const fetcher = new HttpUrlFetcher({ allowPrivate: true, ...limits });

  it('fetches from loopback by IP', async () => {
    const page = await fetcher.fetch(server.url('/page'));
    expect(page.body.toString()).toContain('<title>ok</title>');
    expect(page.status).toBe(200);
    expect(page.finalUrl).toBe(server.url('/page'));
  });

  it('fetches from loopback by name', async () => {
    const page = await fetcher.fetch(`http://localhost:${server.port}/page`);
    expect(page.body.toString()).toContain('ok');
  });
});

describe('every redirect hop is checked again', () => {
  it('refuses a redirect to an IPv4-mapped loopback address, even from an allowed start', async () => {
    // If the mapped address slipped through, the socket would reach this very server and hit /secret.
    server.route('/to-mapped', { status: 302, headers: { location: `http://[::ffff:127.0.0.1]:${server.port}/secret` } });
    const fetcher = new HttpUrlFetcher({ allowPrivate: false, ...limits, addressPolicy: onlyTestServer });
    const err = await refusal(fetcher.fetch(server.url('/to-mapped')));
    // The client gave an allowed URL, so the refusal names the hop that was refused.
    expect(err.message).toMatch(/^Redirected to http:\/\/\[::ffff:7f00:1\]:\d+\/secret, which points at a private address \(.*is loopback\)/);
    expect(server.hits).toContain('/to-mapped');
    expect(server.hits).not.toContain('/secret');
  });

  it('refuses a redirect to the metadata address', async () => {
    server.route('/to-metadata', { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    const fetcher = new HttpUrlFetcher({ allowPrivate: false, ...limits, addressPolicy: onlyTestServer });
    const err = await refusal(fetcher.fetch(server.url('/to-metadata')));
    expect(err.message).toMatch(/cloud metadata/);
  });

  it('refuses a redirect to a host name that resolves to a private address', async () => {
    server.route('/to-intranet', { status: 307, headers: { location: `http://intranet.test:${server.port}/secret` } });
    const fetcher = new HttpUrlFetcher({
      allowPrivate: false,
      ...limits,
      addressPolicy: onlyTestServer,
      resolveHost: fakeDns({ 'shop.test': ['127.0.0.1'], 'intranet.test': ['10.0.0.7'] }),
    });
    const err = await refusal(fetcher.fetch(`http://shop.test:${server.port}/to-intranet`));
    expect(err.message).toMatch(/10\.0\.0\.7 is private-network/);
  });

  it('names the refused hop without repeating its credentials or query', async () => {
    server.route('/to-secret-query', { status: 302, headers: { location: 'http://admin:hunter2@10.0.0.9:8080/internal?token=abc' } });
    const fetcher = new HttpUrlFetcher({ allowPrivate: false, ...limits, addressPolicy: onlyTestServer });
    const err = await refusal(fetcher.fetch(server.url('/to-secret-query')));
    expect(err.message).toBe(
      'Redirected to http://10.0.0.9:8080/internal, which points at a private address (10.0.0.9 is private-network); only public addresses can be fetched',
    );
  });

  it('refuses a redirect to a non-http scheme', async () => {
    server.route('/to-file', { status: 302, headers: { location: 'file:///etc/passwd' } });
    const fetcher = new HttpUrlFetcher({ allowPrivate: true, ...limits });
    const err = await refusal(fetcher.fetch(server.url('/to-file')));
    expect(err.message).toMatch(/^Only http and https URLs can be fetched, not file/);
  });

  it('follows a relative redirect that stays allowed', async () => {
    server.route('/moved', { status: 301, headers: { location: '/page' } });
    const fetcher = new HttpUrlFetcher({ allowPrivate: false, ...limits, addressPolicy: onlyTestServer });
    const page = await fetcher.fetch(server.url('/moved'));
    expect(page.finalUrl).toBe(server.url('/page'));
  });
});

describe('the address checked is the address connected to', () => {
  it('connects to what the (injected) resolver answered, not to a second lookup', async () => {
    // "shop.test" does not exist in real DNS; the fetch only works if the checked answer is used.
    const fetcher = new HttpUrlFetcher({
      allowPrivate: false,
      ...limits,
      addressPolicy: onlyTestServer,
      resolveHost: fakeDns({ 'shop.test': ['127.0.0.1'] }),
    });
    const page = await fetcher.fetch(`http://shop.test:${server.port}/page`);
    expect(page.body.toString()).toContain('ok');
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const fetcher = new HttpUrlFetcher({
      allowPrivate: false,
      ...limits,
      addressPolicy: onlyTestServer,
      resolveHost: fakeDns({ 'mixed.test': ['127.0.0.1', '192.168.1.20'] }),
    });
    const err = await refusal(fetcher.fetch(`http://mixed.test:${server.port}/page`));
    expect(err.message).toMatch(/192\.168\.1\.20 is private-network/);
  });

  it('says so when a name does not resolve', async () => {
    const fetcher = new HttpUrlFetcher({ allowPrivate: false, ...limits, resolveHost: fakeDns({}) });
    const err = await refusal(fetcher.fetch('http://nowhere.test/'));
    expect(err.message).toBe('Could not find the host nowhere.test');
  });
});
