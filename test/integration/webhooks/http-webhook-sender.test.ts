import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicAddressesOnly, type AddressPolicy, type HostResolver } from '../../../src/engines/fetch/index.js';
import { HttpWebhookSender } from '../../../src/engines/webhook/index.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';

/** The receiver is on 127.0.0.1, which the real rule refuses: allow exactly that, judge the rest for real. */
const onlyTestServer: AddressPolicy = (address) => (address === '127.0.0.1' ? null : publicAddressesOnly(address));

const fakeDns =
  (table: Record<string, string[]>): HostResolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

let receiver: WebhookReceiver;
let sender: HttpWebhookSender;
const body = '{"id":"t-1","status":"done"}';
const headers = { 'content-type': 'application/json', 'x-webhook-id': 'evt-1', 'x-webhook-timestamp': '1700000000' };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sender = new HttpWebhookSender({
    allowPrivate: false,
    addressPolicy: onlyTestServer,
    resolveHost: fakeDns({ 'hooks.test': ['127.0.0.1'], 'internal.test': ['10.0.0.8'], 'mixed.test': ['127.0.0.1', '192.168.1.20'] }),
  });
});
afterAll(() => receiver.close());

const post = (url: string, timeoutMs = 3000) => sender.post({ url, headers, body, timeoutMs });

describe('HttpWebhookSender', () => {
  it('POSTs the body and headers as given and reports a 2xx as delivered', async () => {
    const answer = await post(`http://hooks.test:${receiver.port}/ok`);
    expect(answer).toEqual({ delivered: true, status: 200 });
    const [d] = receiver.at('/ok');
    expect(d).toMatchObject({ method: 'POST', rawBody: body });
    expect(d!.headers).toMatchObject({
      'x-webhook-id': 'evt-1',
      'x-webhook-timestamp': '1700000000',
      'content-type': 'application/json',
      'content-length': String(body.length),
    });
  });

  it('reports a non-2xx answer with its status and the start of its body, as retryable', async () => {
    receiver.script('/down', 503);
    expect(await post(receiver.url('/down'))).toEqual({ delivered: false, status: 503, reason: 'The receiver answered 503: nope 503', permanent: false });
  });

  it('gives up on an attempt when the receiver does not answer in time', async () => {
    receiver.script('/slow', 'stall');
    const answer = await post(receiver.url('/slow'), 300);
    expect(answer).toEqual({ delivered: false, status: null, reason: 'The receiver did not answer within 0.3 s', permanent: false });
    expect(receiver.at('/slow')).toHaveLength(1);
  });

  it('refuses, without connecting and for good, a name that resolves to a private address', async () => {
    const before = receiver.deliveries.length;
    for (const host of ['internal.test', 'mixed.test']) {
      const answer = await post(`http://${host}:${receiver.port}/ok`);
      expect(answer).toMatchObject({ delivered: false, status: null, permanent: true });
      expect(answer.delivered === false && answer.reason).toMatch(
        /private address \((10\.0\.0\.8|192\.168\.1\.20) is private-network\); webhooks are only sent to public addresses/,
      );
    }
    expect(receiver.deliveries.length).toBe(before);
  });

  it('refuses a literal private address in the URL', async () => {
    const answer = await post('http://10.20.30.40:9/hook');
    expect(answer).toMatchObject({ delivered: false, permanent: true });
  });

  it('follows a 307/308 to an allowed address, re-posting the same body', async () => {
    receiver.script('/moved', (res) => res.writeHead(308, { location: '/final' }).end());
    expect(await post(receiver.url('/moved'))).toEqual({ delivered: true, status: 200 });
    const [final] = receiver.at('/final');
    expect(final).toMatchObject({ method: 'POST', rawBody: body });
    expect(final!.headers['x-webhook-id']).toBe('evt-1');
  });

  it('never follows a redirect to a private address (literal or by name)', async () => {
    receiver.script('/to-private', (res) => res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
    receiver.script('/to-internal', (res) => res.writeHead(307, { location: `http://internal.test:${receiver.port}/final` }).end());
    const finalsBefore = receiver.at('/final').length;
    const literal = await post(receiver.url('/to-private'));
    expect(literal).toMatchObject({ delivered: false, permanent: true });
    expect(literal.delivered === false && literal.reason).toMatch(/169\.254\.169\.254 is cloud metadata/);
    const named = await post(receiver.url('/to-internal'));
    expect(named).toMatchObject({ delivered: false, permanent: true });
    expect(receiver.at('/final').length).toBe(finalsBefore);
  });

  it('does not follow 301/302/303 (they would turn the POST into a GET) and says so', async () => {
    receiver.script('/found', (res) => res.writeHead(302, { location: '/final' }).end());
    const answer = await post(receiver.url('/found'));
    expect(answer).toMatchObject({ delivered: false, status: 302, permanent: false });
    expect(answer.delivered === false && answer.reason).toMatch(/answered 302 \(a redirect to \/final\); webhooks follow only 307 and 308/);
  });

  it('reports a closed port as a retryable connection failure', async () => {
    const closed = await startWebhookReceiver();
    const url = closed.url('/gone');
    await closed.close();
    const answer = await post(url);
    expect(answer).toMatchObject({ delivered: false, status: null, permanent: false });
    expect(answer.delivered === false && answer.reason).toMatch(/connection refused/);
  });
});
