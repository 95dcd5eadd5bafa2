import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errorResponse, fieldErrorResponse } from '../../../src/api/schemas/responses/errors.js';
import { operations } from '../../../src/app/groups/index.js';
import { DEFAULT_AVATAR_ID } from '../../../src/domain/catalog/avatars.js';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import type { paths, ResultOf } from '../../../packages/sdk/src/index.js';

/** `/api/voices/:id/` as the document writes it: `/api/voices/{id}/`. */
type Braced<P extends string> = P extends `${infer Head}:${infer Name}/${infer Rest}` ? `${Head}{${Name}}/${Braced<Rest>}` : P;
/** The documented success body of an operation key ("GET /api/voices/:id/"), as the SDK's generated types have it. */
type DocumentedAnswer<K extends string> = K extends `${infer M} ${infer P}`
  ? Braced<P> extends keyof paths
    ? Lowercase<M> extends 'get' | 'post' | 'put' | 'patch'
      ? ResultOf<Braced<P>, Lowercase<M>>
      : unknown
    : unknown
  : unknown;

/**
 * Real responses of real flows parsed with the documented schemas (strict objects: a field the
 * document does not name fails), so the OpenAPI document cannot drift from the wire mappers.
 */
function documented<K extends string>(key: K, r: { statusCode: number; json(): unknown; body: string }): DocumentedAnswer<K> {
  const op = operations[key];
  expect(op, `no documented operation ${key}`).toBeTruthy();
  expect(r.statusCode, `${key}: ${r.body.slice(0, 300)}`).toBe(op!.status);
  const parsed = (op!.body as z.ZodType).safeParse(r.json());
  expect(parsed.error?.issues ?? [], `${key} body differs from its documented schema`).toEqual([]);
  // Checked against the documented schema just above.
  return r.json() as DocumentedAnswer<K>;
}

const page = (base: string) => `<html><head><title>Steel Bottle</title><meta name="description" content="Keeps drinks cold for 24 hours.">
<meta property="og:image" content="${base}/img/a.jpg"></head><body><h1>Steel Bottle</h1><p>Price: $25</p></body></html>`;

describe('documented response schemas match real responses', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let linkId: string;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-openapi-');
    pages = await startPageServer();
    pages.route('/product', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: page(pages.baseUrl) });
    pages.route('/img/a.jpg', {
      headers: { 'content-type': 'image/jpeg' },
      body: await readFile(await makePhoto(fx.path('a.jpg'), { width: 640, height: 640 })),
    });
    db = await freshSqlite();
    // Jobs are not consumed: video tasks stay pending, so shapes are checked without rendering.
    t = await startTestApp(db, {}, { credits: 1000, consume: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });

  it('workspace, catalogs, voices and avatars', async () => {
    documented('GET /api/remaining_credits/', await get('/api/remaining_credits/'));
    documented('GET /api/music_categories/', await get('/api/music_categories/'));
    documented('GET /api/musics/', await get('/api/musics/?page_size=3'));
    const groups = documented('GET /api/voices/', await get('/api/voices/'));
    documented('GET /api/voices/paginated/', await get('/api/voices/paginated/?page_size=5'));
    documented('GET /api/voices/cloned/', await get('/api/voices/cloned/'));
    documented('GET /api/voices/:id/', await get(`/api/voices/${groups[0]!.accents[0]!.id}/`));
    documented('GET /api/personas/', await get('/api/personas/'));
    documented('GET /api/personas/', await get('/api/personas/?page=1&page_size=2'));
    documented('GET /api/personas/paginated/', await get('/api/personas/paginated/'));
    documented('GET /api/personas/:id/', await get(`/api/personas/${DEFAULT_AVATAR_ID}/`));
    documented('GET /api/personas_v2/', await get('/api/personas_v2/'));
    documented('GET /api/personas_v2/paginated/', await get('/api/personas_v2/paginated/'));
    documented('GET /api/personas_v2/count/', await get('/api/personas_v2/count/'));
  });

  it('links and AI scripts', async () => {
    const link = documented('POST /api/links/', await post('/api/links/', { url: pages.url('/product') }));
    linkId = link.id;
    documented('POST /api/links/link_with_params/', await post('/api/links/link_with_params/', { title: 'Mug', image_urls: [pages.url('/img/a.jpg')] }));
    documented('GET /api/links/', await get('/api/links/'));
    documented('GET /api/links/:id/', await get(`/api/links/${linkId}/`));
    documented(
      'PUT /api/links/:id/',
      await t.app.inject({ method: 'PUT', url: `/api/links/${linkId}/`, headers: t.headers, payload: { title: 'Steel Bottle 2' } }),
    );
    const script = documented('POST /api/ai_scripts/', await post('/api/ai_scripts/', { link_id: linkId, script_styles: ['DiscoveryWriter'] }));
    documented('GET /api/ai_scripts/', await get('/api/ai_scripts/'));
    documented('GET /api/ai_scripts/:id/', await get(`/api/ai_scripts/${script.id}/`));
  });

  it('video and speech tasks as created, listed and read', async () => {
    const voiceId = t.c.speech.defaultVoiceId!;
    const tts = documented('POST /api/text_to_speech/', await post('/api/text_to_speech/', { text: 'Hello there.', voice_id: voiceId }));
    documented('GET /api/text_to_speech/', await get('/api/text_to_speech/'));
    documented('GET /api/text_to_speech/:id/', await get(`/api/text_to_speech/${tts.id}/`));

    const l2v = documented(
      'POST /api/link_to_videos/',
      await post('/api/link_to_videos/', { link: linkId, video_length: 15, no_caption: true, background_music_volume: 0.2 }),
    );
    documented(
      'POST /api/link_to_videos/preview_list_async/',
      await post('/api/link_to_videos/preview_list_async/', { link: linkId, visual_styles: ['AvatarBubbleTemplate'] }),
    );
    documented('GET /api/link_to_videos/', await get('/api/link_to_videos/'));
    documented('GET /api/link_to_videos/:id/', await get(`/api/link_to_videos/${l2v.id}/`));

    const v1 = documented(
      'POST /api/lipsyncs/',
      await post('/api/lipsyncs/', { aspect_ratio: '9:16', text: 'Hi there.', creator: DEFAULT_AVATAR_ID, green_screen: false }),
    );
    documented('GET /api/lipsyncs/', await get('/api/lipsyncs/'));
    documented('GET /api/lipsyncs/:id/', await get(`/api/lipsyncs/${v1.id}/`));

    const scene = { character: { avatar_id: DEFAULT_AVATAR_ID }, voice: { type: 'text', input_text: 'Hello there.', voice_id: voiceId } };
    const v2 = documented('POST /api/lipsyncs_v2/', await post('/api/lipsyncs_v2/', { aspect_ratio: '9:16', video_inputs: [scene], cta_end: false }));
    documented('GET /api/lipsyncs_v2/', await get('/api/lipsyncs_v2/'));
    documented('GET /api/lipsyncs_v2/:id/', await get(`/api/lipsyncs_v2/${v2.id}/`));
    documented('GET /api/lipsyncs/:id/', await get(`/api/lipsyncs/${v2.id}/`));
  });

  it('ignores a body field the document does not name, and does not echo it back (its response stays the documented one)', async () => {
    const extra = { ùt: { nested: [1, null] }, '': true };
    const v1 = documented(
      'POST /api/lipsyncs/',
      await post('/api/lipsyncs/', { aspect_ratio: '9:16', text: 'Hi there.', creator: DEFAULT_AVATAR_ID, ...extra }),
    );
    expect(Object.keys(v1)).not.toContain('ùt');
    documented('GET /api/lipsyncs/:id/', await get(`/api/lipsyncs/${v1.id}/`));
    const short = documented(
      'POST /api/ai_shorts/',
      await post('/api/ai_shorts/', { script: 'A fox runs home.', aspect_ratio: '9:16', style: 'Cinematic', ...extra }),
    );
    expect(Object.keys(short)).not.toContain('ùt');
  });

  it('error responses in their documented bodies', async () => {
    const strictError = (r: { json(): unknown }) => errorResponse.parse(r.json());
    expect(strictError(await t.app.inject({ method: 'GET', url: '/api/links/' })).code).toBe('not_authenticated');
    expect(strictError(await get('/api/text_to_speech/00000000-0000-4000-8000-000000000000/')).code).toBe('not_found');
    const invalid = await post('/api/text_to_speech/', { voice_id: 'x' });
    expect(invalid.statusCode).toBe(400);
    fieldErrorResponse.parse(invalid.json());
    const poor = await t.c.accounts.create('poor', 0);
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/api/links/',
      headers: { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key },
      payload: { url: pages.url('/product') },
    });
    expect(unpaid.statusCode).toBe(402);
    expect(strictError(unpaid).code).toBe('insufficient_credits');
  });
});

describe('documented response schemas match finished tasks', () => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 100 });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });

  it('text generation, queued and answered at once', async () => {
    const body = {
      model_name: 'clipwright-summary',
      messages: [{ role: 'user', content: 'Summarize: the council approved bike lanes on Tuesday.' }],
      config: { temperature: 0.3 },
    };
    const sync = documented('POST /api/text_generator/', await post('/api/text_generator/', { ...body, sync: true }));
    expect(sync.status).toBe('done');
    documented('POST /api/text_generator/', await post('/api/text_generator/', body));
    documented('GET /api/text_generator/', await get('/api/text_generator/'));
    documented('GET /api/text_generator/:id/', await get(`/api/text_generator/${sync.id}/`));
    documented('GET /sse/text_generator/:id/', await get(`/sse/text_generator/${sync.id}/`));
  });

  it('a finished text-to-speech task', async () => {
    const r = documented('POST /api/text_to_speech/', await post('/api/text_to_speech/', { text: 'Done soon.', voice_id: t.c.speech.defaultVoiceId! }));
    const done = await waitForTask(t, `/api/text_to_speech/${r.id}/`);
    expect(done.status).toBe('done');
    documented('GET /api/text_to_speech/:id/', await get(`/api/text_to_speech/${r.id}/`));
  }, 120_000);

  it('a field the document does not name fails the check', async () => {
    const r = await get('/api/text_to_speech/');
    const body = operations['GET /api/text_to_speech/']!.body as z.ZodType;
    expect(body.safeParse(r.json()).success).toBe(true);
    expect(body.safeParse(r.json().map((task: object) => ({ ...task, undocumented: 1 }))).success).toBe(false);
  });
});
