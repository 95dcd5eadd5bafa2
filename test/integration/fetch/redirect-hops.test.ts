/**
 * Issue 25, point 6: a redirect is judged hop by hop, proved end to end. Requests go through the
 * API to the real fetcher, page scraper and webhook sender, which follow a redirect from an allowed
 * address to a private one and must stop at that hop, saying so, with nothing charged.
 *
 * Every server here is on loopback, which the real rule refuses. The container's `network`
 * override (code only, never configuration) lets exactly 127.0.0.1 count as public — reached as
 * "shop.test" and "hooks.test" through a fake DNS — and hands every other address to the
 * production rule. The "internal" server listens on 127.0.0.2: loopback like 127.0.0.1, so without
 * the per-hop check a redirect would reach it, and its request log would show it.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkOverride } from '../../../src/app/network-override.js';
import { WEBHOOK_JOB } from '../../../src/domain/webhooks/webhook-event.js';
import { publicAddressesOnly, type HostResolver } from '../../../src/engines/fetch/index.js';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';

const ALLOWED = '127.0.0.1';
const INTERNAL = '127.0.0.2';

const dns: Record<string, string> = { 'shop.test': ALLOWED, 'hooks.test': ALLOWED, 'intranet.test': INTERNAL };
const fakeDns: HostResolver = async (hostname) => {
  const address = dns[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
const network: NetworkOverride = {
  addressPolicy: (address) => (address === ALLOWED ? null : publicAddressesOnly(address)),
  resolveHost: fakeDns,
};

/** What the attacker wants reached: any request it receives is a breach. */
async function startInternalServer(): Promise<{ port: number; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><title>internal admin</title><img src="/a.png" width="500" height="500"></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, INTERNAL, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const refusedHop = (url: string, address: string, reason: string) =>
  `Redirected to ${url}, which points at a private address (${address} is ${reason}); only public addresses can be fetched`;

describe('Redirects to private addresses are refused at the hop, through the API', () => {
  let fx: FixtureDir;
  let db: TestDatabase;
  let t: TestApp;
  let shop: PageServer;
  let hooks: WebhookReceiver;
  let internal: Awaited<ReturnType<typeof startInternalServer>>;
  const logLines: Record<string, unknown>[] = [];
  /** A URL on the allowed server, by the name that resolves to it. */
  const onShop = (path: string) => `http://shop.test:${shop.port}${path}`;
  const onInternal = (path: string) => `http://${INTERNAL}:${internal.port}${path}`;
  /** A route on the shop that redirects to `location`. */
  const redirect = (path: string, location: string, status = 302) => {
    shop.route(path, { status, headers: { location } });
    return onShop(path);
  };

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-redirects-');
    const png = await readFile(await makePhoto(fx.path('photo.png'), { width: 96, height: 96 }));
    [shop, hooks, internal, db] = await Promise.all([startPageServer(), startWebhookReceiver(), startInternalServer(), freshSqlite()]);
    shop.route('/photo.png', { headers: { 'content-type': 'image/png' }, body: png });
    shop.route('/product', {
      headers: { 'content-type': 'text/html' },
      body: `<html><title>Aero Mug</title><img src="${onShop('/photo.png')}" width="500" height="500"></html>`,
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
        callback();
      },
    });
    t = await startTestApp(
      db,
      { ALLOW_PRIVATE_URLS: '0', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_TIMEOUT_MS: '3000' },
      { credits: 50, network, log: pino({ level: 'info' }, sink) },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([shop?.close(), hooks?.close(), internal?.close(), db?.drop(), fx?.cleanup()]);
  });

  const post = (path: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: path, headers: t.headers, payload });
  const credits = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits as number;
  const linkCount = async () => ((await t.app.inject({ method: 'GET', url: '/api/links/', headers: t.headers })).json() as unknown[]).length;

  describe('page scraping (POST /api/links/)', () => {
    it('follows a redirect that stays on allowed addresses', async () => {
      const r = await post('/api/links/', { url: redirect('/moved-product', onShop('/product'), 301) });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().link.title).toBe('Aero Mug');
    });

    it.each([
      ['a literal private IP', () => onInternal('/admin'), () => refusedHop(onInternal('/admin'), INTERNAL, 'loopback')],
      [
        'a name that resolves to a private IP',
        () => `http://intranet.test:${internal.port}/admin`,
        () => refusedHop(`http://intranet.test:${internal.port}/admin`, INTERNAL, 'loopback'),
      ],
      [
        'the cloud metadata address',
        () => 'http://169.254.169.254/latest/meta-data/',
        () => refusedHop('http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'cloud metadata'),
      ],
    ])('refuses a redirect to %s at that hop: 400 naming it, nothing charged or created', async (_name, target, message) => {
      const [before, links] = [await credits(), await linkCount()];
      const r = await post('/api/links/', { url: redirect(`/to-${_name.replace(/\W+/g, '-')}`, target()) });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toEqual({ non_field_errors: [`Failed to scrape url: ${message()}`] });
      expect(await credits()).toBe(before);
      expect(await linkCount()).toBe(links);
      expect(internal.hits).toEqual([]);
    });

    it('refuses the private hop however late in the chain it comes', async () => {
      const second = redirect('/hop-2', onInternal('/admin'), 307);
      const r = await post('/api/links/', { url: redirect('/hop-1', second, 308) });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().non_field_errors[0]).toBe(`Failed to scrape url: ${refusedHop(onInternal('/admin'), INTERNAL, 'loopback')}`);
      expect(shop.hits).toEqual(expect.arrayContaining(['/hop-1', '/hop-2']));
      expect(internal.hits).toEqual([]);
    });
  });

  describe('media fetched at create', () => {
    it('follows an allowed redirect to a picture', async () => {
      const r = await post('/api/links/link_with_params/', { title: 'Aero Mug', image_urls: [redirect('/moved-photo', onShop('/photo.png'))] });
      expect(r.statusCode, r.body).toBe(200);
    });

    it.each([
      ['/api/links/link_with_params/', 'image_urls.0', (url: string) => ({ title: 'Aero Mug', image_urls: [url] })],
      ['/api/links/link_with_params/', 'video_urls.0', (url: string) => ({ title: 'Aero Mug', video_urls: [url] })],
      ['/api/voices/clone/', 'audio_url', (url: string) => ({ name: 'Kal', audio_url: url })],
    ])('%s refuses %s redirected to a private address: 400 on the field naming the hop, nothing charged', async (path, field, body) => {
      const [before, links] = [await credits(), await linkCount()];
      const r = await post(path, body(redirect(`/media-${field}`, onInternal(`/media/${field}`))));
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toEqual({ [field]: [expect.stringContaining(refusedHop(onInternal(`/media/${field}`), INTERNAL, 'loopback'))] });
      expect(await credits()).toBe(before);
      expect(await linkCount()).toBe(links);
      expect(internal.hits).toEqual([]);
    });
  });

  describe("media fetched at render (a scraped page's pictures)", () => {
    it('fails the task naming the refused hop, and releases what it held', async () => {
      // The page and its picture look fine; the picture's URL redirects inward only when fetched.
      const picture = redirect('/inward-photo.png', onInternal('/photo.png'));
      shop.route('/inward-product', {
        headers: { 'content-type': 'text/html' },
        body: `<html><title>Inward Mug</title><img src="${picture}" width="500" height="500"></html>`,
      });
      const link = await post('/api/links/', { url: onShop('/inward-product') });
      expect(link.statusCode, link.body).toBe(201);
      const before = await credits();
      const created = await post('/api/link_to_videos/preview/', { link: link.json().id, no_background_music: true });
      expect(created.statusCode, created.body).toBe(201);
      const task = await waitForTask(t, `/api/link_to_videos/${created.json().id}/`);
      expect(task.status).toBe('failed');
      expect(task.failed_reason).toContain(refusedHop(onInternal('/photo.png'), INTERNAL, 'loopback'));
      expect(task.credits_used).toBe(0);
      expect(await credits()).toBe(before);
      expect(internal.hits).toEqual([]);
    }, 60_000);
  });

  describe('webhooks', () => {
    const createTts = async (webhookUrl: string) => {
      const r = await post('/api/text_to_speech/', { text: 'Your order has shipped.', voice_id: t.c.speech.defaultVoiceId, webhook_url: webhookUrl });
      expect(r.statusCode, r.body).toBe(201);
      await waitForTask(t, `/api/text_to_speech/${r.json().id}/`);
      return r.json().id as string;
    };
    const deliveryJob = async (taskId: string) => {
      for (let i = 0; i < 200; i++) {
        const job = await t.c.db.db.selectFrom('jobs').selectAll().where('task_id', '=', taskId).where('name', '=', WEBHOOK_JOB).executeTakeFirst();
        if (job && (job.status === 'done' || job.status === 'failed')) return job;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the webhook job of ${taskId} did not finish`);
    };

    it('follows a 307 that stays on allowed addresses', async () => {
      hooks.script('/hook-moved', (res) => res.writeHead(307, { location: `http://hooks.test:${hooks.port}/hook-final` }).end());
      const id = await createTts(`http://hooks.test:${hooks.port}/hook-moved`);
      expect(await deliveryJob(id)).toMatchObject({ status: 'done', attempts: 1 });
      expect(hooks.at('/hook-final')).toHaveLength(1);
    });

    it.each([
      ['a literal private IP', () => onInternal('/hook'), () => [onInternal('/hook'), INTERNAL, 'loopback'] as const],
      [
        'a name that resolves to a private IP',
        () => `http://intranet.test:${internal.port}/hook`,
        () => [`http://intranet.test:${internal.port}/hook`, INTERNAL, 'loopback'] as const,
      ],
    ])('refuses a 307 to %s at that hop, for good, and logs which hop', async (name, target, refused) => {
      const path = `/hook-to-${name.replace(/\W+/g, '-')}`;
      hooks.script(path, (res) => res.writeHead(307, { location: target() }).end());
      const id = await createTts(`http://hooks.test:${hooks.port}${path}`);
      const job = await deliveryJob(id);
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
      expect(hooks.at(path)).toHaveLength(1);
      expect(internal.hits).toEqual([]);
      const [url, address, reason] = refused();
      const logged = logLines.find((l) => l.eventId === job.id && l.msg === 'webhook refused; not retrying');
      expect(logged?.reason).toBe(
        refusedHop(url, address, reason).replace('only public addresses can be fetched', 'webhooks are only sent to public addresses'),
      );
    });
  });
});
