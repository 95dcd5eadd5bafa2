import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startTestApp, waitForTask, type TestApp, fileUrl } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { decodeMono16k, medianPitchHz, speakingSeconds } from '../../helpers/voice-measure.js';
import type { VoiceGroup } from '../../helpers/api-types.js';

const run = promisify(execFile);

const SAMPLE_TEXT =
  'My grandmother grew up on a farm near the river. She told us stories about the long winters, ' +
  'the horses, and the old wooden school. We listened for hours, and we never got tired of them.';

/**
 * A speaker the service has never heard: flite's diphone voice "kal" (not one of the base voices)
 * two semitones lower and 10 % slower, as MP3.
 */
async function makeSamples(dir: string) {
  const kal = join(dir, 'kal.wav');
  await run('flite', ['-voice', 'kal', '-t', SAMPLE_TEXT, '-o', kal]);
  const shifted = join(dir, 'shifted.wav');
  await run('sox', [kal, shifted, 'pitch', '-200', 'tempo', '-s', '0.9']);
  const mp3 = join(dir, 'sample.mp3');
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', shifted, '-c:a', 'libmp3lame', '-q:a', '2', mp3]);
  const short = join(dir, 'short.wav');
  await run('sox', [shifted, short, 'trim', '0', '2']);
  const silence = join(dir, 'silence.wav');
  await run('sox', ['-n', '-r', '16000', '-b', '16', silence, 'trim', '0', '20']);
  return { mp3, short, silence };
}

describe('Voice cloning over HTTP', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let dir: string;
  let samplePath: string;
  let other: Record<string, string>;
  let cloneId: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cw-clone-'));
    const files = await makeSamples(dir);
    samplePath = files.mp3;
    pages = await startPageServer({
      '/sample.mp3': { headers: { 'content-type': 'audio/mpeg' }, body: await readFile(files.mp3) },
      // A generic type: the fetcher recognises WAV from its bytes.
      '/short.wav': { headers: { 'content-type': 'application/octet-stream' }, body: await readFile(files.short) },
      '/silence.wav': { headers: { 'content-type': 'audio/wav' }, body: await readFile(files.silence) },
      '/junk.mp3': { headers: { 'content-type': 'audio/mpeg' }, body: 'this is not audio at all, only text with an audio label' },
      '/page.html': { headers: { 'content-type': 'text/html' }, body: '<html><body>Hello</body></html>' },
    });
    db = await freshSqlite();
    t = await startTestApp(db, { VOICE_CLONE_CREDITS: '1' }, { credits: 10 });
    const o = await t.c.accounts.create('other', 10);
    other = { 'x-api-id': o.api_id, 'x-api-key': o.api_key };
  });
  afterAll(async () => {
    await t?.close();
    await pages?.close();
    await db?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = t.headers) => t.app.inject({ method, url, headers, payload });
  const balance = async (headers = t.headers) => (await req('GET', '/api/remaining_credits/', undefined, headers)).json().remaining_credits;
  const download = async (url: string | null, name: string) => {
    const r = await t.app.inject({ method: 'GET', url: fileUrl(url).replace(/^https?:\/\/[^/]+/, '') });
    expect(r.statusCode).toBe(200);
    const file = join(dir, name);
    await writeFile(file, r.rawPayload);
    return file;
  };

  it("clones a voice from a sample URL; speech in it matches the sample's pitch (10 %) and speaking rate (15 %)", async () => {
    const created = await req('POST', '/api/voices/clone/', { audio_url: pages.url('/sample.mp3'), name: 'Deep Karl' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Deep Karl',
      status: 'processing',
      preview_url: null,
      language: 'en',
      created_at: expect.any(String),
    });
    cloneId = created.json().id;

    const done = await waitForTask(t, `/api/voices/${cloneId}/`);
    expect(done).toMatchObject({ status: 'done', progress: 100, failed_reason: null, credits_used: 1, gender: 'male' });
    const preview = await download(done.preview_url, 'preview.mp3');
    const previewProbe = await probeMedia(preview);
    expect(previewProbe.audio?.codec).toBe('mp3');
    expect(previewProbe.durationSeconds).toBeGreaterThan(1);
    expect(await balance()).toBe(9);

    // The same words in the cloned voice, through Text to Speech.
    const tts = await req('POST', '/api/text_to_speech/', { text: SAMPLE_TEXT, voice_id: cloneId });
    expect(tts.statusCode).toBe(201);
    const spoken = await waitForTask(t, `/api/text_to_speech/${tts.json().id}/`);
    expect(spoken.status).toBe('done');
    expect(spoken.voice_id).toBe(cloneId);
    expect(spoken.words).toHaveLength(SAMPLE_TEXT.split(/\s+/).length);
    const output = await download(spoken.output, 'cloned-speech.mp3');
    expect((await probeMedia(output)).audio?.codec).toBe('mp3');

    const sample = await decodeMono16k(samplePath);
    const clone = await decodeMono16k(output);
    const samplePitch = medianPitchHz(sample);
    const clonePitch = medianPitchHz(clone);
    expect(samplePitch).toBeGreaterThan(60);
    expect(Math.abs(clonePitch / samplePitch - 1)).toBeLessThan(0.1);
    // Same words, so the speaking rate ratio is the inverse ratio of time spent sounding.
    const rateRatio = speakingSeconds(sample) / speakingSeconds(clone);
    expect(Math.abs(rateRatio - 1)).toBeLessThan(0.15);
    // The preview is spoken in the clone, not in the bare base voice.
    expect(Math.abs(medianPitchHz(await decodeMono16k(preview)) / samplePitch - 1)).toBeLessThan(0.1);
  }, 120_000);

  it('shows the clone in every voice listing of its owner, and nowhere for another account', async () => {
    const grouped = (await req('GET', '/api/voices/')).json();
    expect(grouped[0]).toMatchObject({
      name: 'Deep Karl',
      gender: 'male',
      accents: [{ id: cloneId, language: 'en', accent_name: expect.any(String), preview_url: expect.stringMatching(/^http/) }],
    });
    const page = (await req('GET', '/api/voices/paginated/?language=en&gender=male&page_size=100')).json();
    expect(page.results[0]).toMatchObject({ id: cloneId, name: 'Deep Karl', language: 'en', gender: 'male', preview_url: expect.stringMatching(/^http/) });
    const femaleOnly = (await req('GET', '/api/voices/paginated/?gender=female&page_size=100')).json();
    expect(femaleOnly.results.map((v: { id: string }) => v.id)).not.toContain(cloneId);
    const cloned = (await req('GET', '/api/voices/cloned/')).json();
    expect(cloned.map((v: { id: string }) => v.id)).toEqual([cloneId]);
    expect(cloned[0]).toMatchObject({ status: 'done', name: 'Deep Karl', preview_url: expect.stringMatching(/^http/), failed_reason: null });
    expect((await req('GET', `/api/voices/cloned/?ids=${cloneId}`)).json()).toHaveLength(1);
    // Ids are matched case-insensitively, like the catalog's.
    expect((await req('GET', `/api/voices/${cloneId.toUpperCase()}/`)).json().id).toBe(cloneId);

    const theirs = (await req('GET', '/api/voices/', undefined, other)).json();
    expect(theirs.flatMap((g: VoiceGroup) => g.accents.map((a) => a.id))).not.toContain(cloneId);
    expect(theirs.length).toBe(grouped.length - 1);
    const theirPage = (await req('GET', '/api/voices/paginated/?page_size=100', undefined, other)).json();
    expect(theirPage.count).toBe((await req('GET', '/api/voices/paginated/?page_size=100')).json().count - 1);
    expect((await req('GET', '/api/voices/cloned/', undefined, other)).json()).toEqual([]);
    const get = await req('GET', `/api/voices/${cloneId}/`, undefined, other);
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ detail: 'No Voice matches the given query.', code: 'not_found' });
    expect((await req('DELETE', `/api/voices/${cloneId}/`, undefined, other)).statusCode).toBe(404);
    // Text to Speech answers an unknown voice with 400 on voice_id (contract §9); another
    // account's clone is unknown to this one.
    const tts = await req('POST', '/api/text_to_speech/', { text: 'Hello.', voice_id: cloneId }, other);
    expect(tts.statusCode).toBe(400);
    expect(tts.json().voice_id[0]).toMatch(/Unknown voice/);
    expect((await req('GET', `/api/voices/${cloneId}/`)).statusCode).toBe(200);
  });

  it('refuses samples it cannot use with 400 and the reason, creating and holding nothing', async () => {
    const before = { credits: await balance(), clones: (await req('GET', '/api/voices/cloned/')).json().length };
    const refused = async (path: string, pattern: RegExp) => {
      const r = await req('POST', '/api/voices/clone/', { audio_url: pages.url(path), name: 'Bad' });
      expect(r.statusCode, path).toBe(400);
      expect(Object.keys(r.json())).toEqual(['audio_url']);
      expect(r.json().audio_url[0]).toMatch(pattern);
    };
    await refused('/short.wav', /only \d+\.\d s of speech; at least 5 s/);
    await refused('/silence.wav', /of speech; at least 5 s/);
    await refused('/junk.mp3', /not audio that can be decoded/);
    await refused('/page.html', /Expected an audio file but the file is a web page \(HTML\)/);
    await refused('/missing.mp3', /404/);
    const noName = await req('POST', '/api/voices/clone/', { audio_url: pages.url('/sample.mp3') });
    expect(noName.json()).toEqual({ name: ['This field is required.'] });
    const blank = await req('POST', '/api/voices/clone/', { audio_url: pages.url('/sample.mp3'), name: '  ' });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const badUrl = await req('POST', '/api/voices/clone/', { audio_url: 'ftp://example.com/a.mp3', name: 'X' });
    expect(badUrl.json()).toEqual({ audio_url: ['Enter a valid URL.'] });
    const language = await req('POST', '/api/voices/clone/', { audio_url: pages.url('/sample.mp3'), name: 'X', language: 'tlh' });
    expect(language.statusCode).toBe(400);
    expect(language.json().language[0]).toMatch(/cannot be cloned in "tlh".*Available: .*en/);
    expect(await balance()).toBe(before.credits);
    expect((await req('GET', '/api/voices/cloned/')).json()).toHaveLength(before.clones);
  });

  it('answers 402 before fetching anything when the account cannot pay', async () => {
    const poor = await t.c.accounts.create('poor', 0);
    const headers = { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key };
    const hits = pages.hits.length;
    const r = await req('POST', '/api/voices/clone/', { audio_url: pages.url('/sample.mp3'), name: 'Free' }, headers);
    expect(r.statusCode).toBe(402);
    expect(r.json().code).toBe('insufficient_credits');
    expect(pages.hits.length).toBe(hits);
  });

  it('takes the compatible path POST /api/voices/ as an alias', async () => {
    const r = await req('POST', '/api/voices/', { audio_url: pages.url('/sample.mp3'), name: 'Alias Karl' });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/voices/${r.json().id}/`);
    expect(done.status).toBe('done');
    expect((await req('DELETE', `/api/voices/${done.id}/`)).statusCode).toBe(204);
  }, 60_000);

  it('deletes a clone with its files: 204, then gone everywhere; built-in voices cannot be deleted', async () => {
    const task = (await t.c.store.tasks.get(cloneId))!;
    const keys = [String(task.input.sampleKey), String(task.result.previewKey)];
    for (const key of keys) expect(await t.c.blobs.stat(key)).not.toBeNull();
    const builtin = t.c.speech.defaultVoiceId!;
    expect((await req('DELETE', `/api/voices/${builtin}/`)).statusCode).toBe(404);

    const del = await req('DELETE', `/api/voices/${cloneId}/`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    for (const key of keys) expect(await t.c.blobs.stat(key)).toBeNull();
    expect((await req('GET', `/api/voices/${cloneId}/`)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/voices/${cloneId}/`)).statusCode).toBe(404);
    expect((await req('GET', '/api/voices/cloned/')).json()).toEqual([]);
    expect((await req('GET', '/api/voices/')).json()[0].accents[0].id).not.toBe(cloneId);
    const tts = await req('POST', '/api/text_to_speech/', { text: 'Hello.', voice_id: cloneId });
    expect(tts.statusCode).toBe(400);
    expect((await req('GET', `/api/voices/${builtin}/`)).statusCode).toBe(200);
  });
});

describe('Voice cloning jobs that cannot finish', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cw-clone-fail-'));
    const files = await makeSamples(dir);
    pages = await startPageServer({ '/sample.mp3': { headers: { 'content-type': 'audio/mpeg' }, body: await readFile(files.mp3) } });
    db = await freshSqlite();
    // Jobs are not consumed until the test says so, so the state before the job is certain.
    t = await startTestApp(db, { VOICE_CLONE_CREDITS: '2' }, { credits: 10, consume: false });
  });
  afterAll(async () => {
    await t?.close();
    await pages?.close();
    await db?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: t.headers, payload });
  const balance = async () => (await req('GET', '/api/remaining_credits/')).json().remaining_credits;

  it('fails with the reason and releases the hold when the sample is gone; a clone deleted mid-way is released too', async () => {
    const lost = (await req('POST', '/api/voices/clone/', { audio_url: pages.url('/sample.mp3'), name: 'Lost' })).json();
    const dropped = (await req('POST', '/api/voices/clone/', { audio_url: pages.url('/sample.mp3'), name: 'Dropped' })).json();
    expect([lost.status, dropped.status]).toEqual(['processing', 'processing']);
    expect(await balance()).toBe(6);

    // Deleted before its job ran: the hold comes back at once and the job finds nothing to do.
    expect((await req('DELETE', `/api/voices/${dropped.id}/`)).statusCode).toBe(204);
    expect(await balance()).toBe(8);

    const task = (await t.c.store.tasks.get(lost.id))!;
    await t.c.blobs.remove(String(task.input.sampleKey));
    await t.c.queue.startConsuming(t.c.runner.run);
    const failed = await waitForTask(t, `/api/voices/${lost.id}/`);
    expect(failed).toMatchObject({ status: 'failed', preview_url: null, credits_used: 0 });
    expect(failed.failed_reason).toMatch(/sample is no longer stored; create the voice again/);
    expect(await balance()).toBe(10);
    // A failed clone is listed for its owner (to read why) but is no voice to speak with.
    expect((await req('GET', '/api/voices/cloned/')).json().map((v: { id: string }) => v.id)).toEqual([lost.id]);
    expect((await req('GET', '/api/voices/')).json()[0].name).not.toBe('Lost');
    const tts = await req('POST', '/api/text_to_speech/', { text: 'Hello.', voice_id: lost.id });
    expect(tts.statusCode).toBe(400);
  }, 60_000);
});

describe('Voice cloning and private addresses', () => {
  it('refuses a sample on a private address unless ALLOW_PRIVATE_URLS is set', async () => {
    const db = await freshSqlite();
    const t = await startTestApp(db, { ALLOW_PRIVATE_URLS: '0' }, { consume: false });
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/voices/clone/',
        headers: t.headers,
        payload: { audio_url: 'http://127.0.0.1:9/sample.mp3', name: 'Local' },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().audio_url[0]).toMatch(/private|not allowed|local/i);
    } finally {
      await t.close();
      await db.drop();
    }
  });
});
