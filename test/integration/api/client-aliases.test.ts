import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

type Schema = { properties?: Record<string, unknown>; anyOf?: Schema[]; oneOf?: Schema[] };
type Parameter = { name: string; in: string; description?: string; schema?: unknown };
type Operation = { parameters?: Parameter[]; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// A 1×1 PNG: link_with_params probes the pictures it is given.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d6ae0000000049454e44ae426082',
  'hex',
);

/** The pagination envelope, at the top of a 200 body or as one of its choices (GET /api/personas/). */
const isEnvelope = (s: Schema | undefined): boolean => Boolean(s && (s.properties?.page_size || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isEnvelope)));

/**
 * Issue 25, point 7: what popular clients send that the contract lacks is accepted, and the
 * contract's own fields say what it defines (`media_job`, the same voice words on both AI Avatars).
 */
describe.each(databases)('clients as they are written, on %s', (_name, fresh) => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let doc: Doc;
  let linkIds: string[];
  let ttsIds: string[];

  beforeAll(async () => {
    pages = await startPageServer({ '/mug.png': { headers: { 'content-type': 'image/png' }, body: PNG } });
    db = await fresh();
    t = await startTestApp(db, {}, { credits: 20 });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    linkIds = [];
    for (const title of ['Mug', 'Cup', 'Jar']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/links/link_with_params/',
        headers: t.headers,
        payload: { title, image_urls: [pages.url('/mug.png')] },
      });
      expect(r.statusCode, r.body).toBe(200);
      linkIds.push(r.json().id);
    }
    const voiceId = t.c.speech.defaultVoiceId!;
    ttsIds = [];
    for (const text of ['One cup.', 'Two cups.', 'Three cups.']) {
      const r = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: t.headers, payload: { text, voice_id: voiceId } });
      expect(r.statusCode, r.body).toBe(201);
      // Pending at create: no render has produced anything yet.
      expect(r.json().media_job).toBeNull();
      ttsIds.push(r.json().id);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
  });

  const get = (url: string, headers = t.headers) => t.app.inject({ method: 'GET', url, headers });
  const ok = async (url: string) => {
    const r = await get(url);
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    return r.json();
  };
  const paginatedLists = () =>
    Object.entries(doc.paths)
      .filter(([, ops]) => isEnvelope(ops.get?.responses?.['200']?.content?.['application/json']?.schema))
      .map(([path, ops]) => ({ path, op: ops.get! }));

  it('takes limit for page_size on every paginated list, and the document says so', async () => {
    const lists = paginatedLists();
    expect(lists.map((l) => l.path)).toEqual(
      expect.arrayContaining([
        '/api/voices/paginated/',
        '/api/musics/',
        '/api/personas/',
        '/api/personas/paginated/',
        '/api/personas-paginated/',
        '/api/personas_v2/paginated/',
        '/api/links/paginated/',
        '/api/text_to_speech/paginated/',
      ]),
    );
    for (const { path, op } of lists) {
      const limit = op.parameters?.find((p) => p.name === 'limit' && p.in === 'query');
      expect(limit, `${path} documents limit`).toBeDefined();
      expect(limit!.description).toMatch(/page_size/);
      // The same rules as the contract's name (bounds, type).
      expect(limit!.schema).toEqual(op.parameters?.find((p) => p.name === 'page_size')?.schema);
      if (path.includes('{')) continue;
      const page = await ok(`${path}?limit=2`);
      expect(page.page_size, path).toBe(2);
      expect(page.results.length, path).toBeLessThanOrEqual(2);
      // Every list here has more than two items, so the next page is named, with the contract's parameter.
      expect(page.count, path).toBeGreaterThan(2);
      expect(page.next, path).toMatch(/[?&]page=2(&|$)/);
      expect(new URL(page.next).searchParams.get('page_size')).toBe('2');
      expect(new URL(page.next).searchParams.has('limit')).toBe(false);
      expect((await ok(`${path}?limit=2&page_size=3`)).page_size, `${path}: page_size wins`).toBe(3);
      expect((await ok(`${path}?limit=500`)).page_size, `${path}: clamped like page_size`).toBe(100);
      const zero = await get(`${path}?limit=0`);
      expect(zero.statusCode, path).toBe(400);
      expect(Object.keys(zero.json()), path).toEqual(['limit']);
    }
  });

  it('answers GET /api/personas-paginated/ as /api/personas/paginated/', async () => {
    const alias = await ok('/api/personas-paginated/?page_size=5&gender=f');
    const canonical = await ok('/api/personas/paginated/?page_size=5&gender=f');
    expect(alias.count).toBeGreaterThan(0);
    expect({ ...alias, next: null }).toEqual({ ...canonical, next: null });
    expect(alias.results.every((p: { gender: string }) => p.gender === 'f')).toBe(true);
  });

  it("pages the links and the text-to-speech tasks in the envelope, with the plain lists' filters and order", async () => {
    for (const group of ['links', 'text_to_speech']) {
      const plain = (await ok(`/api/${group}/`)).map((x: { id: string }) => x.id);
      expect(plain).toHaveLength(3);
      const first = await ok(`/api/${group}/paginated/?page_size=2`);
      expect(first).toMatchObject({ count: 3, page: 1, page_size: 2, previous: null });
      const second = await ok(new URL(first.next).pathname + new URL(first.next).search);
      expect(second).toMatchObject({ count: 3, page: 2, page_size: 2, next: null });
      expect(second.previous).toMatch(/[?&]page=1(&|$)/);
      expect([...first.results, ...second.results].map((x: { id: string }) => x.id)).toEqual(plain);
      // Each item is exactly what the plain list shows.
      expect(first.results[0]).toEqual((await ok(`/api/${group}/`))[0]);
      // The plain list's filters: ids and ordering.
      const some = await ok(`/api/${group}/paginated/?ids=${plain[2]},${plain[0]}`);
      expect(some.count).toBe(2);
      expect(some.results.map((x: { id: string }) => x.id).sort()).toEqual([plain[0], plain[2]].sort());
      const oldest = await ok(`/api/${group}/paginated/?ordering=created_at&page_size=1`);
      expect(oldest.results.map((x: { id: string }) => x.id)).toEqual(
        (await ok(`/api/${group}/?ordering=created_at`)).slice(0, 1).map((x: { id: string }) => x.id),
      );
      expect(await ok(`/api/${group}/paginated/?page=9`)).toMatchObject({ count: 3, results: [] });
      expect(await ok(`/api/${group}/paginated/?page=2147483647&limit=100`)).toMatchObject({ count: 3, results: [] });
      expect((await get(`/api/${group}/paginated/?page=0`)).statusCode).toBe(400);
      // Another account sees none of them.
      const other = await t.c.accounts.create(`other-${group}`, 0);
      const theirs = await get(`/api/${group}/paginated/`, { 'x-api-id': other.api_id, 'x-api-key': other.api_key });
      expect(theirs.json()).toMatchObject({ count: 0, results: [] });
    }
    expect(linkIds.length + ttsIds.length).toBe(6);
  });

  it('names the render that produced a result in media_job', async () => {
    const done = await Promise.all(ttsIds.map((id) => waitForTask(t, `/api/text_to_speech/${id}/`)));
    for (const task of done) {
      expect(task.status).toBe('done');
      expect(task.output).toMatch(/^http/);
      expect(task.media_job).toMatch(UUID);
      expect(task.media_job).not.toBe(task.id);
    }
    expect(new Set(done.map((d) => d.media_job)).size).toBe(done.length);
    // The same id on every read, in the list and on its own.
    const again = await ok(`/api/text_to_speech/${done[0]!.id}/`);
    expect(again.media_job).toBe(done[0]!.media_job);
    const listed = (await ok('/api/text_to_speech/paginated/')).results.find((x: { id: string }) => x.id === done[0]!.id);
    expect(listed.media_job).toBe(done[0]!.media_job);
  });

  it('answers an empty voice id with the same words on AI Avatar v1 and v2', async () => {
    const before = (await ok('/api/remaining_credits/')).remaining_credits;
    const avatarId = (await ok('/api/personas/'))[0].id;
    const v1 = await t.app.inject({
      method: 'POST',
      url: '/api/lipsyncs/',
      headers: t.headers,
      payload: { aspect_ratio: '9:16', text: 'Hello there.', creator: avatarId, voice_id: '' },
    });
    expect(v1.statusCode, v1.body).toBe(400);
    const v2 = await t.app.inject({
      method: 'POST',
      url: '/api/lipsyncs_v2/',
      headers: t.headers,
      payload: { video_inputs: [{ character: { type: 'avatar', avatar_id: avatarId }, voice: { type: 'text', input_text: 'Hello there.', voice_id: '' } }] },
    });
    expect(v2.statusCode, v2.body).toBe(400);
    expect(v1.json()).toEqual({ voice_id: ['Unknown voice id "". List voices with GET /api/voices/.'] });
    expect(v2.json()).toEqual({ 'video_inputs.0.voice.voice_id': v1.json().voice_id });
    expect((await ok('/api/remaining_credits/')).remaining_credits).toBe(before);
  });
});
