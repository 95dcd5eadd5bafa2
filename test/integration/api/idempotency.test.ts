import type { ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../../src/api/idempotency/request-fingerprint.js';
import { fixedClock } from '../../../src/core/clock.js';
import { startTestApp, postMultipart, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const HOUR = 3_600_000;

/** Idempotency-Key on every POST of the API, with Stripe's semantics, on both databases. */
describe.each(databases)('Idempotency-Key on %s', (_name, fresh) => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let voiceId: string;
  let fx: FixtureDir;
  let sample: Buffer;
  let otherSample: Buffer;
  const clock = fixedClock(Date.UTC(2025, 6, 1, 9, 0, 0));
  /** Answers of the slow page, held until the test lets them go. */
  const held: ServerResponse[] = [];
  const page = () =>
    `<html><head><title>Slow lamp</title><meta name="description" content="A lamp that takes its time."><meta property="og:image" content="${pages.url('/lamp.jpg')}"></head><body></body></html>`;
  let keySeq = 0;
  const newKey = () => `key-${Date.now()}-${keySeq++}`;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-idempotency-');
    sample = await readFile(
      await makeSpeech(
        fx.path('a.wav'),
        'This is the voice I want to keep. I read these sentences slowly and clearly, so that the sample has enough speech in it to be matched well.',
      ),
    );
    otherSample = await readFile(
      await makeSpeech(
        fx.path('b.wav'),
        'This is another recording of my voice. It says different words, at a different pace, and it should never be mistaken for the first one.',
      ),
    );
    pages = await startPageServer({
      '/slow': (_req, res) => void held.push(res),
    });
    db = await fresh();
    // No consumer: tasks stay pending with their hold, so the ledger shows exactly what a create took.
    // The shortest lock (renewed every second), so the test sees a running request keep its key past it.
    t = await startTestApp(db, { TEXT_GENERATION_CREDITS: '1', IDEMPOTENCY_LOCK_SECONDS: '3' }, { credits: 20, consume: false, clock });
    voiceId = t.c.speech.defaultVoiceId!;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  }, 60_000);

  const post = (url: string, payload: unknown, key?: string, headers: Record<string, string> = t.headers) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const tts = (text: string) => ({ text, voice_id: voiceId });
  const ledger = () => t.c.store.ledger.listForAccount(t.account.account_id);
  const holds = async () => (await ledger()).filter((e) => e.kind === 'hold');

  it('answers a repeat with the first response: same task, same status, charged once', async () => {
    const key = newKey();
    const before = (await holds()).length;
    const first = await post('/api/text_to_speech/', tts('Say it once.'), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('/api/text_to_speech/', tts('Say it once.'), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    const after = await holds();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.taskId).toBe(first.json().id);
    const list = (await t.app.inject({ method: 'GET', url: '/api/text_to_speech/', headers: t.headers })).json();
    expect(list.filter((x: { text: string }) => x.text === 'Say it once.')).toHaveLength(1);
  });

  it('treats member order and whitespace as the same body, JSON and form-urlencoded alike', async () => {
    const key = newKey();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: { ...t.headers, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: `{"text":"Order.","voice_id":"${voiceId}"}`,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech',
      headers: { ...t.headers, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: `{ "voice_id": "${voiceId}",\n  "text": "Order." }`,
    });
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);

    const formKey = newKey();
    const form = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/text_to_speech/',
        headers: { ...t.headers, 'idempotency-key': formKey, 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const f1 = await form(`text=Form.&voice_id=${voiceId}`);
    const f2 = await form(`voice_id=${voiceId}&text=Form.`);
    expect(f1.statusCode).toBe(201);
    expect(f2.headers['idempotent-replayed']).toBe('true');
    expect(f2.json().id).toBe(f1.json().id);
  });

  it('refuses the same key with another body or on another endpoint: 422, nothing created', async () => {
    const key = newKey();
    const first = await post('/api/text_to_speech/', tts('The first body.'), key);
    expect(first.statusCode).toBe(201);
    const before = (await holds()).length;
    const otherBody = await post('/api/text_to_speech/', tts('Another body.'), key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ detail: expect.stringContaining('Idempotency-Key'), code: 'idempotency_key_reused' });
    const otherEndpoint = await post('/api/text_generator/', { model_name: 'clipwright-summary', messages: [{ role: 'user', content: 'One. Two.' }] }, key);
    expect(otherEndpoint.statusCode).toBe(422);
    expect((await holds()).length).toBe(before);
  });

  it('answers 409 while the first request with the key is still running, then replays its response', async () => {
    pages.route('/slow', (_req, res) => void held.push(res));
    const key = newKey();
    const body = { url: pages.url('/slow') };
    const first = post('/api/links/', body, key);
    // In flight: the page is being fetched and the key is held.
    while (held.length === 0) await new Promise((r) => setTimeout(r, 10));
    const row = await t.c.store.idempotencyKeys.get(t.account.account_id, key);
    expect(row?.state).toBe('in_flight');
    const during = await post('/api/links/', body, key);
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ code: 'idempotency_key_in_use' });
    // A request running longer than the lock keeps renewing it: a repeat is still a 409, not a second run.
    clock.advance(t.c.config.idempotency.lockSeconds * 1000 + 1);
    while ((await t.c.store.idempotencyKeys.get(t.account.account_id, key))!.lockedUntil! <= clock.nowIso()) await new Promise((r) => setTimeout(r, 50));
    expect((await post('/api/links/', body, key)).statusCode).toBe(409);
    expect(held).toHaveLength(1);
    held.shift()!.writeHead(200, { 'content-type': 'text/html' }).end(page());
    const done = await first;
    expect(done.statusCode).toBe(201);
    const after = await post('/api/links/', body, key);
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.json().id).toBe(done.json().id);
    const links = (await t.app.inject({ method: 'GET', url: '/api/links/', headers: t.headers })).json();
    expect(links.filter((l: { url: string }) => l.url === body.url)).toHaveLength(1);
  });

  it('lets exactly one of several concurrent requests with one key run', async () => {
    const key = newKey();
    const before = (await holds()).length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/text_to_speech/', tts('All at once.'), key)));
    const ran = answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const a of answers) {
      expect([201, 409]).toContain(a.statusCode);
      if (a.statusCode === 201) expect(a.json().id).toBe(ran[0]!.json().id);
    }
    expect((await holds()).length).toBe(before + 1);
  });

  it('scopes keys to the account: another account with the same key and body gets its own task', async () => {
    const key = newKey();
    const other = await t.c.accounts.create('other', 5);
    const otherHeaders = { 'x-api-id': other.api_id, 'x-api-key': other.api_key };
    const mine = await post('/api/text_to_speech/', tts('Shared key.'), key);
    const theirs = await post('/api/text_to_speech/', tts('Shared key.'), key, otherHeaders);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect((await t.c.store.ledger.listForAccount(other.account_id)).filter((e) => e.kind === 'hold')).toHaveLength(1);
  });

  it('saves nothing for a body the schema refuses: the key stays free', async () => {
    const key = newKey();
    const bad = await post('/api/text_to_speech/', { voice_id: voiceId, text: 42 }, key);
    expect(bad.statusCode).toBe(400);
    expect(await t.c.store.idempotencyKeys.get(t.account.account_id, key)).toBeNull();
    const good = await post('/api/text_to_speech/', tts('Fixed body.'), key);
    expect(good.statusCode).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('saves a 402 from the endpoint (as Stripe does): the repeat gets the 402 even after credits arrive', async () => {
    const poor = await t.c.accounts.create('poor', 0);
    const poorHeaders = { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key };
    const key = newKey();
    const first = await post('/api/text_to_speech/', tts('No money.'), key, poorHeaders);
    expect(first.statusCode).toBe(402);
    await t.c.accounts.grantCredits(poor.api_id, 5);
    const again = await post('/api/text_to_speech/', tts('No money.'), key, poorHeaders);
    expect(again.statusCode).toBe(402);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const fresh = await post('/api/text_to_speech/', tts('No money.'), newKey(), poorHeaders);
    expect(fresh.statusCode).toBe(201);
  });

  it('saves nothing for a 5xx, so the client can retry with the same key', async () => {
    const key = newKey();
    const real = t.c.services.tts.create.bind(t.c.services.tts);
    t.c.services.tts.create = async () => {
      throw new Error('database went away');
    };
    try {
      const failed = await post('/api/text_to_speech/', tts('Retry me.'), key);
      expect(failed.statusCode).toBe(500);
    } finally {
      t.c.services.tts.create = real;
    }
    const retried = await post('/api/text_to_speech/', tts('Retry me.'), key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('covers follow-ups: a repeated render answers as the first one did, another task with the key is a 422', async () => {
    const key = newKey();
    const missing = '00000000-0000-4000-8000-000000000001';
    const first = await post(`/api/lipsyncs/${missing}/render/`, undefined, key);
    expect(first.statusCode).toBe(404);
    const again = await post(`/api/lipsyncs/${missing}/render/`, undefined, key);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const otherTask = await post('/api/lipsyncs/00000000-0000-4000-8000-000000000002/render/', undefined, key);
    expect(otherTask.statusCode).toBe(422);
  });

  it('answers 400 on the header for a key longer than 255 characters, and takes one of 255', async () => {
    const tooLong = await post('/api/text_to_speech/', tts('Long key.'), 'k'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ 'Idempotency-Key': [expect.stringContaining('255')] });
    const blank = await post('/api/text_to_speech/', tts('Long key.'), '  ');
    expect(blank.statusCode).toBe(400);
    const longest = await post('/api/text_to_speech/', tts('Long key.'), `${newKey()}-`.padEnd(255, 'k'));
    expect(longest.statusCode).toBe(201);
  });

  it('frees a key whose holder died once its lock lapses, for the same request only', async () => {
    const key = newKey();
    const body = tts('Holder died.');
    // What a process that took the key and then died leaves behind: an in-flight row nobody renews.
    const fingerprint = requestFingerprint({ method: 'POST', route: '/api/text_to_speech/', params: {}, body, uploads: new Map() });
    const start = await t.c.idempotency.begin(t.account.account_id, key, fingerprint);
    expect(start.kind).toBe('run');
    if (start.kind === 'run') start.lease.stopRenewing();
    expect((await post('/api/text_to_speech/', body, key)).statusCode).toBe(409);
    clock.advance(t.c.config.idempotency.lockSeconds * 1000 + 1);
    expect((await post('/api/text_to_speech/', tts('Another body.'), key)).statusCode).toBe(422);
    const taken = await post('/api/text_to_speech/', body, key);
    expect(taken.statusCode).toBe(201);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect((await post('/api/text_to_speech/', body, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('replays a text stream from its key without a second charge', async () => {
    const key = newKey();
    const body = {
      model_name: 'clipwright-summary',
      messages: [{ role: 'user', content: 'Summarize in 1 sentence: The council approved bike lanes. Work starts in spring.' }],
    };
    const before = await ledger();
    const first = await post('/api/text_generator/stream/', body, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.body).toContain('event: done');
    const again = await post('/api/text_generator/stream/', body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(again.body).toBe(first.body);
    const added = (await ledger()).slice(before.length);
    expect(added.filter((e) => e.kind === 'charge')).toHaveLength(1);
    expect(added.filter((e) => e.kind === 'hold')).toHaveLength(1);
  });

  it('compares multipart file parts by their content, not the storage key each upload gets', async () => {
    const key = newKey();
    const postClone = async (audio: Buffer) => {
      const form = new FormData();
      form.append('name', 'My voice');
      form.append('audio_url', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'sample.wav');
      return postMultipart(t, '/api/voices/clone/', form, { ...t.headers, 'idempotency-key': key });
    };
    const first = await postClone(sample);
    expect(first.statusCode).toBe(201);
    const again = await postClone(sample);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const otherFile = await postClone(otherSample);
    expect(otherFile.statusCode).toBe(422);
    const cloned = (await t.app.inject({ method: 'GET', url: '/api/voices/cloned/', headers: t.headers })).json();
    expect(cloned).toHaveLength(1);
  });

  it('keeps a key 24 hours: after that the same key is a new request, and the sweep deletes it', async () => {
    const key = newKey();
    const first = await post('/api/text_to_speech/', tts('A day later.'), key);
    expect(first.statusCode).toBe(201);
    clock.advance(23 * HOUR);
    expect((await post('/api/text_to_speech/', tts('A day later.'), key)).headers['idempotent-replayed']).toBe('true');
    clock.advance(HOUR);
    const later = await post('/api/text_to_speech/', tts('A day later.'), key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);

    const unused = newKey();
    expect((await post('/api/text_to_speech/', tts('Swept.'), unused)).statusCode).toBe(201);
    clock.advance(24 * HOUR);
    const { deleted } = await t.c.idempotencySweep.sweepOnce();
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await t.c.store.idempotencyKeys.get(t.account.account_id, unused)).toBeNull();
  });
});
