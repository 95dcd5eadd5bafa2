import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const productPage = (base: string) => `<!doctype html><html><head>
<title>Aurora Lamp – Bright Home</title>
<meta name="description" content="A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.">
<meta property="og:image" content="${base}/img/lamp.jpg">
<link rel="icon" href="/favicon.png">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Aurora Sunrise Lamp","description":"A warm sunrise lamp that wakes you gently.","image":["${base}/img/lamp-2.jpg"],"offers":{"@type":"Offer","price":"49.90","priceCurrency":"EUR"},"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.6","reviewCount":"128"},"review":[{"@type":"Review","author":{"@type":"Person","name":"Mia"},"reviewRating":{"@type":"Rating","ratingValue":"5"},"reviewBody":"I wake up happier."}]}</script>
</head><body><img src="/img/side.jpg" width="600" height="600"><video src="/v/demo.mp4"></video></body></html>`;

describe('Links', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  beforeAll(async () => {
    pages = await startPageServer();
    pages.route('/product', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: productPage(pages.baseUrl) });
    // A picture for link_with_params, which probes the media it is given.
    pages.route('/img/mug.png', {
      headers: { 'content-type': 'image/png' },
      body: Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d6ae0000000049454e44ae426082',
        'hex',
      ),
    });
    pages.route('/empty', { headers: { 'content-type': 'text/html' }, body: '<html><head><title>Nothing</title></head><body><p>No media.</p></body></html>' });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 2 });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
    await pages.close();
  });

  const credits = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits;

  it('reads a product page: title, description, images, video, logo, price and reviews; charges 1 credit', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: pages.url('/product') } });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.link.id).not.toBe(body.id);
    expect(body.url).toBe(pages.url('/product'));
    expect(body.link.title).toMatch(/Aurora/);
    expect(body.link.description).toMatch(/sunrise lamp/);
    expect(body.link.image_urls).toEqual(
      expect.arrayContaining([`${pages.baseUrl}/img/lamp.jpg`, `${pages.baseUrl}/img/lamp-2.jpg`, `${pages.baseUrl}/img/side.jpg`]),
    );
    expect(body.link.video_urls).toEqual([`${pages.baseUrl}/v/demo.mp4`]);
    expect(body.link.logo_url).toBe(`${pages.baseUrl}/favicon.png`);
    expect(body.link.price).toEqual({ amount: 49.9, currency: 'EUR' });
    expect(JSON.stringify(body.link.reviews)).toMatch(/I wake up happier/);
    expect(body.link.ai_industry).toBe('Home Improvement');
    expect(body.credits_used).toBe(1);
    expect(await credits()).toBe(1);

    const got = await t.app.inject({ method: 'GET', url: `/api/links/${body.id}/`, headers: t.headers });
    expect(got.json()).toEqual(body);
    const list = await t.app.inject({ method: 'GET', url: `/api/links/?ids=${body.id}`, headers: t.headers });
    expect(list.json().map((l: { id: string }) => l.id)).toEqual([body.id]);
  });

  it('answers 400 and charges nothing when the page cannot be fetched or has no media', async () => {
    const before = await credits();
    const missing = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: pages.url('/gone') } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().non_field_errors[0]).toMatch(/^Failed to scrape url/);
    const empty = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: pages.url('/empty') } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: ['Link must have at least one image or one video.'] });
    const notHttp = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: 'file:///etc/passwd' } });
    expect(notHttp.statusCode).toBe(400);
    expect(notHttp.json()).toHaveProperty('url');
    expect(await credits()).toBe(before);
  });

  it("creates from params (and its alias path), updates with PUT, and hides other accounts' links", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/link_with_params/',
      headers: t.headers,
      payload: { title: 'Mug', description: 'A mug for coffee.', image_urls: [pages.url('/img/mug.png')] },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().id;
    expect(made.json().link.ai_industry).toBe('Household Products');
    const put = await t.app.inject({ method: 'PUT', url: `/api/links/${id}/`, headers: t.headers, payload: { title: 'Big mug', ai_summary: 'A big mug.' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().link).toMatchObject({ title: 'Big mug', ai_summary: 'A big mug.', image_urls: [pages.url('/img/mug.png')] });
    const noMedia = await t.app.inject({ method: 'POST', url: '/api/links/link_with_params/', headers: t.headers, payload: { title: 'x' } });
    expect(noMedia.statusCode).toBe(400);

    const other = await t.c.accounts.create('other', 1);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/links/${id}/`, headers: { 'x-api-id': other.api_id, 'x-api-key': other.api_key } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'No Link matches the given query.', code: 'not_found' });
  });

  it('answers 402 and creates nothing when credits run out', async () => {
    expect(await credits()).toBe(0);
    const hitsBefore = pages.hits.length;
    const r = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: pages.url('/product') } });
    expect(r.statusCode).toBe(402);
    expect(r.json().code).toBe('insufficient_credits');
    // Refused before fetching anything: no work done for a request that cannot be paid.
    expect(pages.hits.length).toBe(hitsBefore);
    expect((await t.app.inject({ method: 'GET', url: '/api/links/', headers: t.headers })).json()).toHaveLength(2);
  });
});

describe('Links refuse private addresses unless ALLOW_PRIVATE_URLS is set', () => {
  it('answers 400 for a loopback page by default', async () => {
    const pages = await startPageServer({ '/p': { headers: { 'content-type': 'text/html' }, body: '<img src="/a.png" width="500" height="500">' } });
    const db = await freshSqlite();
    const t = await startTestApp(db, { ALLOW_PRIVATE_URLS: '0' });
    try {
      const r = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: pages.url('/p') } });
      expect(r.statusCode).toBe(400);
      expect(r.json().non_field_errors[0]).toMatch(/private|loopback/i);
      expect(pages.hits).toEqual([]);
    } finally {
      await t.close();
      await db.drop();
      await pages.close();
    }
  });
});
