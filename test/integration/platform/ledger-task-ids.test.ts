import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

/** Every move of credits for something bought names what was bought: the task (or the link). */
describe.each(databases)('ledger rows carry their task id on %s', (_name, fresh) => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-ledger-');
    pages = await startPageServer();
    pages.route('/product', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<html><head><title>Mug</title><meta property="og:image" content="${pages.baseUrl}/a.jpg"></head><body>A mug.</body></html>`,
    });
    pages.route('/a.jpg', { headers: { 'content-type': 'image/jpeg' }, body: await readFile(await makePhoto(fx.path('a.jpg'), { width: 400, height: 400 })) });
    db = await fresh();
    t = await startTestApp(db, { TEXT_GENERATION_CREDITS: '1' }, { credits: 100 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });

  it('after a link, a link from params, AI scripts, speech, queued and streamed text, no charge, hold or release lacks its id', async () => {
    const link = await post('/api/links/', { url: pages.url('/product') });
    expect(link.statusCode).toBe(201);
    const fromParams = await post('/api/links/link_with_params/', { title: 'Mug', image_urls: [pages.url('/a.jpg')] });
    expect(fromParams.statusCode).toBe(200);
    const scripts = await post('/api/ai_scripts/', { link_id: link.json().id });
    expect(scripts.statusCode).toBe(201);
    const tts = await post('/api/text_to_speech/', { text: 'Hello.', voice_id: t.c.speech.defaultVoiceId });
    expect(tts.statusCode).toBe(201);
    const text = { model_name: 'clipwright-summary', messages: [{ role: 'user', content: 'Summarize: the council approved bike lanes.' }] };
    const sync = await post('/api/text_generator/', { ...text, sync: true });
    expect(sync.json().status).toBe('done');
    const stream = await post('/api/text_generator/stream/', text);
    expect(stream.statusCode).toBe(200);
    await waitForTask(t, `/api/text_to_speech/${tts.json().id}/`);

    const rows = await t.c.store.ledger.listForAccount(t.account.account_id);
    const moves = rows.filter((r) => r.kind !== 'grant');
    const charges = moves.filter((r) => r.kind === 'charge');
    // link, link_with_params, ai_scripts, tts, sync text, streamed text.
    expect(charges).toHaveLength(6);
    expect(moves.filter((r) => r.taskId === null).map((r) => `${r.kind} ${r.note}`)).toEqual([]);
    expect(charges.map((r) => r.taskId)).toEqual(
      expect.arrayContaining([link.json().id, fromParams.json().id, scripts.json().id, tts.json().id, sync.json().id]),
    );
  }, 120_000);
});
