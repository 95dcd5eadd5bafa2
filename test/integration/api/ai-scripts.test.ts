import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/pipelines/text/stop-words.js';
import { countSpokenWords, DEFAULT_WORDS_PER_SECOND, scriptWordBudget } from '../../../src/pipelines/text/word-budget.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const productPage = (base: string) => `<!doctype html><html><head>
<title>Aurora Sunrise Lamp – Bright Home</title>
<meta name="description" content="A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.">
<meta property="og:image" content="${base}/img/lamp.jpg">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Aurora Sunrise Lamp","description":"A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.","brand":{"@type":"Brand","name":"Bright Home"},"offers":{"@type":"Offer","price":"49.90","priceCurrency":"EUR"},"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.6","reviewCount":"128"}}</script>
</head><body><img src="/img/side.jpg" width="600" height="600"></body></html>`;

describe('AI Scripts', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  beforeAll(async () => {
    pages = await startPageServer();
    pages.route('/lamp', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: productPage(pages.baseUrl) });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 10 });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
    await pages.close();
  });

  const credits = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits;
  const post = (payload: Record<string, unknown>, headers = t.headers) => t.app.inject({ method: 'POST', url: '/api/ai_scripts/', headers, payload });

  it('writes five scripts from a title and description, answered done, for 1 credit', async () => {
    const before = await credits();
    const r = await post({
      title: 'Nimbus Notes',
      description: 'The note-taking app for people who think fast. Offline mode, instant search and sync across devices.',
    });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toMatchObject({
      status: 'done',
      credits_used: 1,
      failed_reason: null,
      language: 'en',
      video_length: 30,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(body.generated_scripts).toHaveLength(5);
    expect(body.generated_scripts[0].script_style).toBe('DiscoveryWriter');
    expect(new Set(body.generated_scripts.map((s: { script_style: string }) => s.script_style)).size).toBe(5);
    const budget = scriptWordBudget(30, DEFAULT_WORDS_PER_SECOND.en);
    for (const s of body.generated_scripts) {
      // No LLM_MODEL_PATH here: the built-in copywriter wrote it, and says so.
      expect(s).toMatchObject({
        title: expect.any(String),
        script_name: expect.any(String),
        paragraphs: expect.stringContaining('Nimbus Notes'),
        writer: 'built-in',
      });
      // Never much over the length; under it when the facts run out: a script says what the page
      // supports — two sentences here, both said — rather than padding with claims or lead-ins (issue 27).
      const words = countSpokenWords(s.paragraphs);
      expect(words).toBeLessThanOrEqual(1.15 * budget);
      expect(words).toBeGreaterThanOrEqual(0.4 * budget);
      expect(s.paragraphs.toLowerCase()).toContain('offline mode, instant search and sync across devices');
    }
    expect(new Set(body.generated_scripts.map((s: { paragraphs: string }) => s.paragraphs)).size).toBe(5);
    expect(body.product).toMatchObject({ title: 'Nimbus Notes', ai_industry: 'Apps' });
    expect(body.product.features.length).toBeGreaterThan(0);
    expect(await credits()).toBe(before - 1);

    const got = await t.app.inject({ method: 'GET', url: `/api/ai_scripts/${body.id}/`, headers: t.headers });
    expect(got.json()).toEqual(body);
    const list = await t.app.inject({ method: 'GET', url: `/api/ai_scripts/?ids=${body.id}`, headers: t.headers });
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([body.id]);
  });

  it('reads a product page by URL and writes the asked styles in the asked language and length', async () => {
    const r = await post({
      url: pages.url('/lamp'),
      script_styles: ['specialoffersv2', 'StoryTimeWriter'],
      language: 'es',
      video_length: 15,
      target_audience: 'madrugadores',
    });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.generated_scripts.map((s: { script_style: string }) => s.script_style)).toEqual(['SpecialOffersV2', 'StoryTimeWriter']);
    expect(body.product).toMatchObject({ title: 'Aurora Sunrise Lamp', brand: 'Bright Home', price: { amount: 49.9, currency: 'EUR' } });
    const budget = scriptWordBudget(15, DEFAULT_WORDS_PER_SECOND.es);
    for (const s of body.generated_scripts) {
      expect(detectLanguage(s.paragraphs)).toBe('es');
      // Never much over the length; under it by up to 30 % when the facts run out (a script says only
      // what the page supports — three features here — rather than padding with invented claims).
      const words = countSpokenWords(s.paragraphs);
      expect(words).toBeLessThanOrEqual(1.15 * budget);
      expect(words).toBeGreaterThanOrEqual(0.7 * budget);
    }
    expect(body.generated_scripts[0].paragraphs).toMatch(/49,90\s€|oferta/);
  });

  it('writes from a saved Link by id, in `url` or `link_id`, with the same seed giving the same scripts', async () => {
    const link = (await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: pages.url('/lamp') } })).json();
    const a = (await post({ url: link.id, script_styles: ['PriceDropRegretHook'], seed: 9, video_length: 45 })).json();
    const b = (await post({ link_id: link.id, script_styles: ['PriceDropRegretHook'], seed: 9, video_length: 45 })).json();
    expect(a.link_id).toBe(link.id);
    expect(a.generated_scripts[0].paragraphs).toBe(b.generated_scripts[0].paragraphs);
    expect(a.generated_scripts[0].paragraphs).toContain('€49.90');
    const c = (await post({ link_id: link.id, script_styles: ['PriceDropRegretHook'], seed: 10, video_length: 45 })).json();
    expect(c.generated_scripts[0].paragraphs).not.toBe(a.generated_scripts[0].paragraphs);
  });

  it('takes form-encoded bodies', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ai_scripts/',
      headers: { ...t.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=Nimbus%20Notes&description=Notes%20for%20fast%20thinkers.&video_length=60&script_styles=HowToV2,GenzWriter&language=de',
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ video_length: 60, language: 'de', script_styles: ['HowToV2', 'GenzWriter'] });
  });

  it('refuses bad requests with the allowed values, charging nothing', async () => {
    const before = await credits();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: 'X', description: 'Y', script_styles: ['Haiku'] }, 'script_styles', /DiscoveryWriter.*ProblemSolutionV2/],
      [
        { title: 'X', description: 'Y', script_styles: ['DIY', 'GenzWriter', 'HowToV2', 'BenefitsV2', 'BrandStoryV2', 'EmotionalWriter'] },
        'script_styles',
        /no more than 5/,
      ],
      [{ title: 'X', description: 'Y', video_length: 20 }, 'video_length', /15, 30, 45, 60/],
      [{ title: 'X', description: 'Y', language: 'ja' }, 'language', /en, es, fr, de/],
      [{ title: 'X' }, 'description', /required/],
      [{}, 'non_field_errors', /url.*title.*description/],
      [{ url: 'ftp://example.com/x' }, 'url', /valid URL/],
      [{ url: pages.url('/missing') }, 'url', /^Failed to scrape url/],
      [{ url: '00000000-0000-4000-8000-000000000000' }, 'url', /No Link matches/],
    ];
    for (const [payload, field, message] of cases) {
      const r = await post(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json()[field]?.[0], JSON.stringify(r.json())).toMatch(message);
    }
    expect(await credits()).toBe(before);
  });

  it('answers 402 without credits and hides other accounts’ scripts', async () => {
    const poor = await t.c.accounts.create('poor', 0);
    const headers = { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key };
    const r = await post({ title: 'X', description: 'Y' }, headers);
    expect(r.statusCode).toBe(402);
    expect(r.json().code).toBe('insufficient_credits');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/ai_scripts/', headers: t.headers })).json();
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect((await t.app.inject({ method: 'GET', url: `/api/ai_scripts/${mine[0].id}/`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ai_scripts/', headers })).json()).toEqual([]);
  });
});
