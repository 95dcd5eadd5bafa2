import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLoudness, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startTestApp, waitForTask, type TestApp, fileUrl } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import type { Voice, VoiceGroup } from '../../helpers/api-types.js';

describe('Text to Speech and the voice catalog', () => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 3 });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: t.headers })).json();
  const download = async (url: string | null, name: string) => {
    const r = await t.app.inject({ method: 'GET', url: fileUrl(url).replace(/^https?:\/\/[^/]+/, '') });
    expect(r.statusCode).toBe(200);
    const file = join(db.dataDir, name);
    writeFileSync(file, r.rawPayload);
    return { file, contentType: r.headers['content-type'] };
  };

  it('lists voices with stable ids, filters by language and gender, and groups by name', async () => {
    const en = await get('/api/voices/paginated/?language=en&gender=female&page_size=5');
    expect(en.count).toBeGreaterThan(1);
    expect(en.results).toHaveLength(5);
    expect(en.results.every((v: Voice) => v.language === 'en' && v.gender === 'female')).toBe(true);
    const fr = await get('/api/voices/paginated/?language=fr');
    expect(fr.count).toBeGreaterThan(0);
    expect(fr.results[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: expect.any(String),
      accent: expect.any(String),
      preview_url: expect.stringMatching(/^http/),
    });
    const all = await get('/api/voices/paginated/?page_size=100');
    const bad = await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?page=0', headers: t.headers });
    expect(bad.statusCode).toBe(400);
    const grouped = await get('/api/voices/');
    const accentIds = grouped.flatMap((g: VoiceGroup) => g.accents.map((a) => a.id));
    expect(accentIds.length).toBe(all.count);
    const one = await get(`/api/voices/${en.results[0].id}/`);
    expect(one.id).toBe(en.results[0].id);
    expect((await t.app.inject({ method: 'GET', url: '/api/voices/00000000-0000-0000-0000-000000000000/', headers: t.headers })).statusCode).toBe(404);
  });

  it('serves a real spoken preview for a voice', async () => {
    const v = (await get('/api/voices/paginated/?language=es&page_size=1')).results[0];
    const { file, contentType } = await download(v.preview_url, 'preview.mp3');
    expect(contentType).toBe('audio/mpeg');
    const probe = await probeMedia(file);
    expect(probe.durationSeconds).toBeGreaterThan(1);
  });

  it('speaks text into a playable MP3 with word timings, charges 1 credit per started 30 s', async () => {
    const voiceId = t.c.speech.defaultVoiceId!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: t.headers,
      payload: { text: 'Our lamp wakes you gently at 7 a.m. for just $49.90.', voice_id: voiceId },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', text: expect.any(String), voice_id: voiceId, output: null });
    const done = await waitForTask(t, `/api/text_to_speech/${created.json().id}/`);
    expect(done.status).toBe('done');
    expect(done.progress).toBe(100);
    expect(done.credits_used).toBe(1);
    const words = done.words!;
    expect(words.length).toBeGreaterThanOrEqual(8);
    expect(words.every((w, i) => w.end > w.start && (i === 0 || w.start >= words[i - 1]!.start))).toBe(true);
    const { file } = await download(done.output, 'speech.mp3');
    const probe = await probeMedia(file);
    expect(probe.audio?.codec).toBe('mp3');
    expect(Math.abs(probe.durationSeconds - done.duration!)).toBeLessThan(0.15);
    expect(words.at(-1)!.end).toBeLessThanOrEqual(done.duration! + 0.05);
    const loud = await measureLoudness(file);
    expect(loud.integratedLufs).toBeGreaterThan(-40);
    expect((await get('/api/remaining_credits/')).remaining_credits).toBe(2);
    const list = await get('/api/text_to_speech/');
    expect(list.map((x: { id: string }) => x.id)).toContain(done.id);
  });

  it('accepts the aliases script and accent', async () => {
    const voiceId = (await get('/api/voices/paginated/?language=en&page_size=1')).results[0].id;
    const r = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: t.headers, payload: { script: 'Alias check.', accent: voiceId } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ script: 'Alias check.', accent: voiceId });
    expect((await waitForTask(t, `/api/text_to_speech/${r.json().id}/`)).status).toBe('done');
  });

  it('refuses empty text, unknown voices and missing fields with 400, creating nothing', async () => {
    const before = (await get('/api/text_to_speech/')).length;
    const voiceId = t.c.speech.defaultVoiceId!;
    const empty = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: t.headers, payload: { text: '   ', voice_id: voiceId } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('text');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: t.headers, payload: { text: 'Hi', voice_id: 'nope' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().voice_id[0]).toMatch(/Unknown voice/);
    const missing = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: t.headers, payload: { text: 'Hi' } });
    expect(missing.json()).toEqual({ voice_id: ['This field is required.'] });
    expect((await get('/api/text_to_speech/')).length).toBe(before);
  });

  it("answers 402 when the hold cannot be covered, and hides other accounts' tasks", async () => {
    const poor = await t.c.accounts.create('poor', 0);
    const headers = { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key };
    const r = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers, payload: { text: 'Hello', voice_id: t.c.speech.defaultVoiceId } });
    expect(r.statusCode).toBe(402);
    expect(r.json().code).toBe('insufficient_credits');
    const mine = (await get('/api/text_to_speech/'))[0];
    expect((await t.app.inject({ method: 'GET', url: `/api/text_to_speech/${mine.id}/`, headers })).statusCode).toBe(404);
  });
});
