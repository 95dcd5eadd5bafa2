import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createClient,
  verifyWebhook,
  WaitTimeoutError,
  WebhookVerificationError,
  type ClipwrightClient,
  type Settling,
} from '../../../packages/sdk/src/index.js';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startClientService, type ClientService } from '../../helpers/client-service.js';
import { sdkFailure, sdkFor } from '../../helpers/sdk-client.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';

/** The SDK against `clipwright serve` in its own process, over real HTTP on loopback. */
describe('the TypeScript SDK against a running service', () => {
  let service: ClientService;
  let sdk: ClipwrightClient;
  let receiver: WebhookReceiver;
  let fx: FixtureDir;

  beforeAll(async () => {
    [service, receiver, fx] = await Promise.all([startClientService(), startWebhookReceiver(), makeFixtureDir('clipwright-sdk-')]);
    sdk = sdkFor(service);
  }, 90_000);
  afterAll(async () => {
    await service?.close();
    await receiver?.close();
    await fx?.cleanup();
  });

  it('creates speech and waits with progress, then downloads a playable MP3', async () => {
    const seen: Settling[] = [];
    const task = await sdk.textToSpeech.createAndWait(
      { text: 'Hello from the Clipwright SDK.', voice_id: service.voiceId },
      { onProgress: (s) => seen.push(s), intervalMs: 100 },
    );
    expectTypeOf(task.output).toEqualTypeOf<string | null>();
    expect(task.status).toBe('done');
    expect(seen[0]!.id).toBe(task.id);
    expect(seen.at(-1)!.status).toBe('done');
    const bytes = await sdk.download(task.output!);
    const file = join(fx.path('hello.mp3'));
    await writeFile(file, bytes);
    const probe = await probeMedia(file);
    expect(probe.audio?.codec).toBe('mp3');
    expect(probe.durationSeconds).toBeGreaterThan(0.5);
  }, 120_000);

  it('surfaces a 400 as ClipwrightError carrying the field map', async () => {
    const e = await sdkFailure(sdk.textToSpeech.create({ text: 'Hi', voice_id: 'no-such-voice' }));
    expect(e.status).toBe(400);
    expect(e.code).toBe('invalid');
    expect(Object.keys(e.fields)).toEqual(['voice_id']);
    expect(e.fields.voice_id![0]).toMatch(/voice/i);
    expect(e.message).toContain('voice_id');
    expect(e.requestId).toBeTruthy();
  });

  it('surfaces other errors with their code and detail (404, 401)', async () => {
    const missing = await sdkFailure(sdk.textToSpeech.get(randomUUID()));
    expect([missing.status, missing.code]).toEqual([404, 'not_found']);
    const stranger = createClient({ baseUrl: service.baseUrl, apiId: 'nobody', apiKey: 'wrong' });
    const denied = await sdkFailure(stranger.workspace.remainingCredits());
    expect(denied.status).toBe(401);
    expect(denied.detail).toBeTruthy();
  });

  it('replays an idempotent create: same key → same task, charged once', async () => {
    const key = randomUUID();
    const body = { text: 'Only once, please.', voice_id: service.voiceId };
    const first = await sdk.textToSpeech.create(body, { idempotencyKey: key });
    const again = await sdk.textToSpeech.create(body, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const other = await sdk.textToSpeech.create(body, { idempotencyKey: randomUUID() });
    expect(other.id).not.toBe(first.id);
    const reused = await sdkFailure(sdk.textToSpeech.create({ ...body, text: 'Something else.' }, { idempotencyKey: key }));
    expect([reused.status, reused.code]).toEqual([422, 'idempotency_key_reused']);
    const ours = await sdk.textToSpeech.list({ ids: [first.id, other.id].join(',') });
    expect(ours.map((t) => t.id).sort()).toEqual([first.id, other.id].sort());
  });

  it('verifies a real signed webhook delivery and rejects tampered ones', async () => {
    // A new secret was made (without --clear it is never null): the check below fails on the empty fallback.
    const secret = (await service.admin(['webhooks', 'secret', '--api-id', service.creds.api_id])).webhook_secret ?? '';
    expect(secret).toBeTruthy();
    const task = await sdk.textToSpeech.createAndWait({ text: 'Tell the hook.', voice_id: service.voiceId, webhook_url: receiver.url('/hook') });
    const [delivery] = await receiver.waitFor('/hook', 1, 30_000);
    const verified = await verifyWebhook<{ id: string; status: string }>({ secret, rawBody: delivery!.rawBody, headers: delivery!.headers });
    expect(verified.payload.id).toBe(task.id);
    expect(verified.payload.status).toBe('done');
    expect(verified.id).toBe(delivery!.headers['x-webhook-id']);

    const tampered = delivery!.rawBody.replace('"done"', '"failed"');
    expect(tampered).not.toBe(delivery!.rawBody);
    await expect(verifyWebhook({ secret, rawBody: tampered, headers: delivery!.headers })).rejects.toThrow(WebhookVerificationError);
    await expect(verifyWebhook({ secret: `${secret}x`, rawBody: delivery!.rawBody, headers: delivery!.headers })).rejects.toThrow(/does not match/);
    const stale = Number(delivery!.headers['x-webhook-timestamp']) + 3600;
    await expect(verifyWebhook({ secret, rawBody: delivery!.rawBody, headers: delivery!.headers, nowSeconds: stale })).rejects.toThrow(/replay/);
    const { 'x-webhook-signature': _dropped, ...unsigned } = delivery!.headers;
    await expect(verifyWebhook({ secret, rawBody: delivery!.rawBody, headers: unsigned })).rejects.toThrow(/Missing X-Webhook-Signature/);
  }, 120_000);

  it('stops waiting when aborted, and gives up at its timeout', async () => {
    // A long text keeps the task busy for a while, so the wait is still polling when aborted.
    const long = { text: 'This sentence is long enough to keep the speech engine busy. '.repeat(20), voice_id: service.voiceId };
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('user gave up')), 300);
    await expect(sdk.textToSpeech.createAndWait(long, { signal: controller.signal, intervalMs: 5000 })).rejects.toThrow('user gave up');
    expect(Date.now() - started).toBeLessThan(2000);

    const before = new AbortController();
    before.abort();
    await expect(sdk.textToSpeech.create(long, { signal: before.signal })).rejects.toThrow();

    const slow = await sdk.textToSpeech.create(long);
    const timedOut = await sdk.textToSpeech.wait(slow.id, { timeoutMs: 200, intervalMs: 50 }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(WaitTimeoutError);
    expect((timedOut as WaitTimeoutError).task?.id).toBe(slow.id);
  }, 60_000);

  it('reads catalogs and the workspace with their documented types', async () => {
    const { remaining_credits } = await sdk.workspace.remainingCredits();
    expectTypeOf(remaining_credits).toEqualTypeOf<number>();
    expect(remaining_credits).toBeGreaterThan(0);
    const voices = await sdk.voices.list();
    expect(voices.length).toBeGreaterThan(0);
    const avatars = await sdk.avatars.paginated({ page_size: 2 });
    expect(avatars.results.length).toBe(2);
    expect((await sdk.music.categories()).length).toBeGreaterThan(0);
  });
});
