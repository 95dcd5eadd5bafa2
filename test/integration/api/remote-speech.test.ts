import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startTestApp, waitForTask, type TestApp, fileUrl } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { decodeMono16k, medianPitchHz } from '../../helpers/voice-measure.js';
import type { Voice, VoiceGroup } from '../../helpers/api-types.js';

const run = promisify(execFile);
const API_KEY = 'sk-loopback-42';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A provider speaking OpenAI's `POST /v1/audio/speech` on loopback, with espeak-ng as its
 * "model": "nova" is a female voice, "onyx" a male one. It answers in the format asked for.
 */
async function startSpeechProvider(dir: string) {
  const requests: Array<{ auth?: string; body: Record<string, unknown> }> = [];
  let broken = false;
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/speech') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"Not found"}}');
      return;
    }
    const body = JSON.parse(await bodyOf(req)) as Record<string, unknown>;
    requests.push({ auth: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"Incorrect API key provided"}}');
      return;
    }
    if (String(body.input).includes('forbidden')) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"The input was refused by the content policy"}}');
      return;
    }
    if (broken) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"The model is overloaded"}}');
      return;
    }
    const voice = body.voice === 'nova' ? 'en-us+f3' : 'en-gb';
    const wav = join(dir, `provider-${requests.length}.wav`);
    await run('espeak-ng', ['-v', voice, '-w', wav, String(body.input)]);
    if (body.response_format === 'mp3') {
      await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', `${wav}.mp3`]);
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(await readFile(`${wav}.mp3`));
      return;
    }
    res.writeHead(200, { 'content-type': 'audio/wav' }).end(await readFile(wav));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setBroken: (b: boolean) => {
      broken = b;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('A remote OpenAI-compatible speech provider, through the API', () => {
  let db: TestDatabase;
  let t: TestApp;
  let dir: string;
  let provider: Awaited<ReturnType<typeof startSpeechProvider>>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cw-remote-'));
    provider = await startSpeechProvider(dir);
    db = await freshSqlite();
    t = await startTestApp(db, {
      SPEECH_REMOTE_BASE_URL: `${provider.baseUrl}/`,
      SPEECH_REMOTE_API_KEY: API_KEY,
      SPEECH_REMOTE_MODEL: 'loopback-tts',
      SPEECH_REMOTE_VOICES: 'nova:en-US:female,onyx:en-GB:male',
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
    await db?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: t.headers })).json();
  const download = async (url: string | null, name: string) => {
    const r = await t.app.inject({ method: 'GET', url: fileUrl(url).replace(/^https?:\/\/[^/]+/, '') });
    expect(r.statusCode).toBe(200);
    const file = join(dir, name);
    await writeFile(file, r.rawPayload);
    return file;
  };
  const remoteVoices = async () => (await get('/api/voices/paginated/?page_size=100&language=en')).results.filter((v: Voice) => v.engine === 'remote');

  it("lists the provider's voices in the catalog with stable ids", async () => {
    const remote = await remoteVoices();
    expect(remote.map((v: Voice) => [v.name, v.gender, v.locale])).toEqual([
      ['Onyx', 'male', 'en-GB'],
      ['Nova', 'female', 'en-US'],
    ]);
    const grouped = await get('/api/voices/');
    const nova = grouped.find((g: VoiceGroup) => g.name === 'Nova');
    expect(nova).toMatchObject({ gender: 'female', accents: [{ id: remote[1].id, language: 'en' }] });
    expect((await get(`/api/voices/${remote[0].id}/`)).name).toBe('Onyx');
    const males = (await get('/api/voices/paginated/?page_size=100&gender=male')).results.map((v: { id: string }) => v.id);
    expect(males).toContain(remote[0].id);
    expect(males).not.toContain(remote[1].id);
  });

  it('speaks a TTS task with a provider voice into a real MP3 with word timings', async () => {
    const onyx = (await remoteVoices())[0];
    const text = 'The remote voice reads this sentence. It costs $12 today.';
    const created = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: t.headers, payload: { text, voice_id: onyx.id } });
    expect(created.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/text_to_speech/${created.json().id}/`);
    expect(done.status).toBe('done');
    expect(done.credits_used).toBe(1);
    const last = provider.requests.at(-1)!;
    expect(last.auth).toBe(`Bearer ${API_KEY}`);
    expect(last.body).toMatchObject({ model: 'loopback-tts', voice: 'onyx' });
    expect(String(last.body.input)).toMatch(/twelve dollars/);
    expect(done.words!.map((w) => w.word)).toEqual(['The', 'remote', 'voice', 'reads', 'this', 'sentence', 'It', 'costs', 'twelve', 'dollars', 'today']);

    const file = await download(done.output, 'remote.mp3');
    const probe = await probeMedia(file);
    expect(probe.audio?.codec).toBe('mp3');
    expect(Math.abs(probe.durationSeconds - done.duration!)).toBeLessThan(0.15);
    expect(probe.durationSeconds).toBeGreaterThan(2);
    // It is the provider's voice: espeak-ng's male en-gb speaks far below its female en-us+f3.
    const pitch = medianPitchHz(await decodeMono16k(file));
    expect(pitch).toBeGreaterThan(70);
    expect(pitch).toBeLessThan(160);
  });

  it('serves a preview spoken by the provider', async () => {
    const nova = (await remoteVoices())[1];
    const before = provider.requests.length;
    const file = await download(nova.preview_url, 'nova-preview.mp3');
    expect(provider.requests.length).toBe(before + 1);
    expect(provider.requests.at(-1)!.body.voice).toBe('nova');
    expect((await probeMedia(file)).durationSeconds).toBeGreaterThan(1);
    expect(medianPitchHz(await decodeMono16k(file))).toBeGreaterThan(160);
  });

  it("fails a task with the provider's answer when the provider keeps refusing, releasing the hold", async () => {
    const onyx = (await remoteVoices())[0];
    const balance = async () => (await get('/api/remaining_credits/')).remaining_credits;
    const before = await balance();
    provider.setBroken(true);
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/text_to_speech/',
        headers: t.headers,
        payload: { text: 'Nobody will hear this.', voice_id: onyx.id },
      });
      const failed = await waitForTask(t, `/api/text_to_speech/${created.json().id}/`);
      expect(failed.status).toBe('failed');
      expect(failed.failed_reason).toMatch(/speech provider answered 503.*Try again later or choose another voice/);
      expect(failed.output).toBeNull();
      expect(await balance()).toBe(before);
    } finally {
      provider.setBroken(false);
    }
  });

  it('fails at once, without retries or "try again", when the provider refuses the request itself (a 4xx)', async () => {
    const onyx = (await remoteVoices())[0];
    const before = provider.requests.length;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: t.headers,
      payload: { text: 'A forbidden sentence.', voice_id: onyx.id },
    });
    const failed = await waitForTask(t, `/api/text_to_speech/${created.json().id}/`);
    expect(failed.status).toBe('failed');
    expect(failed.failed_reason).toMatch(/speech provider answered 400.*Change the text or choose another voice/);
    expect(failed.failed_reason).not.toMatch(/try again/i);
    expect(provider.requests.length).toBe(before + 1);
    expect(await t.c.store.jobs.get(created.json().id)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
