import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TTS_JOB } from '../../../src/domain/speech/tts-service.js';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from '../../helpers/webhook-receiver.js';
import type { Voice } from '../../helpers/api-types.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The receiver's check, as the README shows it. */
function signatureValid(secret: string, d: Delivery): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(`${d.headers['x-webhook-timestamp']}.${d.rawBody}`).digest('hex')}`;
  const given = String(d.headers['x-webhook-signature'] ?? '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** Signed file URLs carry the second they were signed in; everything else must match byte for byte. */
const withoutUrlSignatures = (raw: string) => raw.replace(/\?expires=\d+&signature=[0-9a-f]+/g, '?…');

describe('Webhooks through the API (SQLite, local queue)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let receiver: WebhookReceiver;
  let secret: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // A speech provider that is down, so a task can fail for real.
    receiver.fallback('/provider/v1/audio/speech', 503);
    db = await freshSqlite();
    t = await startTestApp(db, {
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_MAX_ATTEMPTS: '4',
      JOB_MAX_ATTEMPTS: '1',
      SPEECH_REMOTE_BASE_URL: receiver.url('/provider'),
      SPEECH_REMOTE_VOICES: 'onyx:en-GB:male',
    });
    // The operator's way to set the secret: the admin command, as its own process.
    const { stdout } = await run(process.execPath, [join(ROOT, 'bin', 'clipwright.mjs'), 'admin', 'webhooks', 'secret', '--api-id', t.account.api_id], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' },
    });
    const out = JSON.parse(stdout);
    expect(out).toEqual({ account_id: t.account.account_id, webhook_secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) });
    secret = out.webhook_secret;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await db?.drop();
  });

  const createTts = async (body: Record<string, unknown>) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: t.headers,
      payload: { text: 'Your order has shipped.', voice_id: t.c.speech.defaultVoiceId, ...body },
    });
    expect(r.statusCode).toBe(201);
    return r.json();
  };
  const getRaw = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/text_to_speech/${id}/`, headers: t.headers })).body;

  it('POSTs the finished task exactly as its GET returns it, signed with the account secret', async () => {
    const created = await createTts({ webhook_url: receiver.url('/hooks/tts') });
    expect(created.webhook_url).toBe(receiver.url('/hooks/tts'));
    const done = await waitForTask(t, `/api/text_to_speech/${created.id}/`);
    expect(done.status).toBe('done');
    const [d] = await receiver.waitFor('/hooks/tts', 1);

    expect(d!.method).toBe('POST');
    expect(d!.headers['content-type']).toBe('application/json');
    expect(withoutUrlSignatures(d!.rawBody)).toBe(withoutUrlSignatures(await getRaw(created.id)));
    const payload = JSON.parse(d!.rawBody);
    expect(payload).toMatchObject({ id: created.id, status: 'done', failed_reason: null, video_output: payload.output, credits_used: 1 });
    // The URL in the webhook is a working signed link to the MP3.
    const file = await t.app.inject({ method: 'GET', url: payload.output.replace(/^https?:\/\/[^/]+/, '') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.rawPayload.length).toBeGreaterThan(1000);

    expect(d!.headers['x-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(d!.headers['x-webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(d!.headers['x-webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(600);
    expect(d!.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureValid(secret, d!)).toBe(true);
    expect(signatureValid(`${secret}-wrong`, d!)).toBe(false);

    const job = await t.c.store.jobs.get(String(d!.headers['x-webhook-id']));
    expect(job).toMatchObject({ name: 'webhook.deliver', taskId: created.id, status: 'done', attempts: 1 });
  });

  it('retries a receiver that fails (an error, then no answer in time) with the same X-Webhook-Id until it accepts', async () => {
    receiver.script('/hooks/flaky', 500, 'stall', 204);
    const created = await createTts({ webhook_url: receiver.url('/hooks/flaky') });
    await waitForTask(t, `/api/text_to_speech/${created.id}/`);
    const deliveries = await receiver.waitFor('/hooks/flaky', 3);

    const ids = new Set(deliveries.map((d) => d.headers['x-webhook-id']));
    expect(ids.size).toBe(1);
    expect(new Set(deliveries.map((d) => d.rawBody)).size).toBe(1);
    for (const d of deliveries) expect(signatureValid(secret, d)).toBe(true);
    expect(JSON.parse(deliveries[0]!.rawBody)).toMatchObject({ id: created.id, status: 'done' });

    const eventId = String([...ids][0]);
    for (let i = 0; i < 100 && (await t.c.store.jobs.get(eventId))?.status !== 'done'; i++) await new Promise((r) => setTimeout(r, 30));
    expect(await t.c.store.jobs.get(eventId)).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('delivers a failed task too, with its failed_reason', async () => {
    const voices = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?page_size=100&language=en', headers: t.headers })).json();
    const onyx = voices.results.find((v: Voice) => v.engine === 'remote');
    const created = await createTts({ voice_id: onyx.id, webhook_url: receiver.url('/hooks/failed') });
    const failed = await waitForTask(t, `/api/text_to_speech/${created.id}/`);
    expect(failed.status).toBe('failed');
    const [d] = await receiver.waitFor('/hooks/failed', 1);
    expect(d!.rawBody).toBe(await getRaw(created.id));
    const payload = JSON.parse(d!.rawBody);
    expect(payload).toMatchObject({ id: created.id, status: 'failed', output: null, credits_used: 0 });
    expect(payload.failed_reason).toMatch(/speech provider answered 503/);
    expect(signatureValid(secret, d!)).toBe(true);
  });

  it('records no delivery for a task without webhook_url', async () => {
    const created = await createTts({});
    await waitForTask(t, `/api/text_to_speech/${created.id}/`);
    const jobs = await t.c.db.db.selectFrom('jobs').select(['name']).where('task_id', '=', created.id).execute();
    expect(jobs.map((j) => j.name)).toEqual([TTS_JOB]);
  });
});

describe('Webhook URLs and the private-address rule', () => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, { ALLOW_PRIVATE_URLS: '0' }, { consume: false, credits: 5 });
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('refuses a webhook_url on a private or loopback address with 400 on the field, creating nothing', async () => {
    for (const url of ['http://127.0.0.1:8080/hook', 'http://10.0.0.5/hook', 'http://localhost:3000/hook', 'http://[::1]/hook']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/text_to_speech/',
        headers: t.headers,
        payload: { text: 'Hello.', voice_id: t.c.speech.defaultVoiceId, webhook_url: url },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ webhook_url: [expect.stringMatching(/private address .* webhooks are only sent to public addresses/)] });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/text_to_speech/', headers: t.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json()).toEqual({ remaining_credits: 5 });
  });

  it('accepts a public one', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: t.headers,
      payload: { text: 'Hello.', voice_id: t.c.speech.defaultVoiceId, webhook_url: 'https://hooks.example.com/clipwright' },
    });
    expect(r.statusCode).toBe(201);
  });
});
