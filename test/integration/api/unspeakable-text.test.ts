/**
 * Text with nothing to speak is a 400 on its field at create, everywhere text is spoken, and a
 * failure that cannot pass is not retried (issue 11, point 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_ID } from '../../../src/domain/catalog/avatars.js';
import { LinkService } from '../../../src/domain/links/link-service.js';
import { TTS_JOB, TTS_KIND } from '../../../src/domain/speech/tts-service.js';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

/** Placeholder in a JSON body that is swapped for bytes that are not valid UTF-8. */
const INVALID_UTF8 = '@@invalid-utf8@@';
const UNSPEAKABLE = ['+', '😀😀', '...!?', INVALID_UTF8];

describe('Unspeakable text', () => {
  let db: TestDatabase;
  let t: TestApp;
  let voiceId: string;
  let linkId: string;

  beforeAll(async () => {
    db = await freshSqlite();
    // No consumer: everything here is decided at create.
    t = await startTestApp(db, {}, { credits: 100, consume: false });
    voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?language=en', headers: t.headers })).json().results[0].id;
    const unprobed = new LinkService(
      t.c.store,
      async () => {
        throw new Error('not scraping');
      },
      t.c.clock,
    );
    linkId = (await unprobed.createFromParams(t.account.account_id, { title: 'Aero Mug', imageUrls: ['https://example.com/mug.png'], videoUrls: [] })).id;
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  /** Sends `body` as raw JSON bytes, with the placeholder as the bytes ff fe 80 (never valid UTF-8). */
  const postRaw = (url: string, body: object) => {
    const parts = JSON.stringify(body)
      .split(INVALID_UTF8)
      .map((p) => Buffer.from(p));
    const payload = Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [p] : [Buffer.from([0xff, 0xfe, 0x80]), p])));
    return t.app.inject({ method: 'POST', url, headers: { ...t.headers, 'content-type': 'application/json' }, payload });
  };
  const credits = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits;

  const cases: { name: string; path: string; field: string; body: (text: string) => object }[] = [
    { name: 'text to speech', path: '/api/text_to_speech/', field: 'text', body: (text) => ({ text, voice_id: voiceId }) },
    { name: 'text to speech (script alias)', path: '/api/text_to_speech/', field: 'script', body: (text) => ({ script: text, accent: voiceId }) },
    { name: 'AI Avatar v1', path: '/api/lipsyncs/preview/', field: 'text', body: (text) => ({ aspect_ratio: '1:1', text }) },
    {
      name: 'AI Avatar v2 scene',
      path: '/api/lipsyncs_v2/preview/',
      field: 'video_inputs.1.voice.input_text',
      body: (text) => ({
        video_inputs: [1, 2].map((i) => ({
          character: { avatar_id: DEFAULT_AVATAR_ID },
          voice: { type: 'text', input_text: i === 1 ? 'Hello there.' : text },
        })),
      }),
    },
    {
      name: 'URL to video override_script',
      path: '/api/link_to_videos/preview/',
      field: 'override_script',
      body: (text) => ({ link: linkId, override_script: text }),
    },
  ];

  it.each(cases)('$name: "+", only emoji, only punctuation and invalid UTF-8 are a 400 on $field, nothing held', async ({ path, field, body }) => {
    const before = await credits();
    for (const text of UNSPEAKABLE) {
      const r = await postRaw(path, body(text));
      expect(r.statusCode, `${JSON.stringify(text)}: ${r.body}`).toBe(400);
      expect(r.json()[field]?.join(' '), JSON.stringify(text)).toMatch(text === INVALID_UTF8 ? /not valid UTF-8/ : /nothing to speak/);
    }
    expect(await credits()).toBe(before);
    // The same create with words in it is taken.
    expect((await postRaw(path, body('Hello, world!'))).statusCode).toBe(201);
  });
});

describe('A permanent task failure', () => {
  it('fails after one attempt, with a reason that does not say to try again, and releases the hold', async () => {
    const db = await freshSqlite();
    const t = await startTestApp(db, { JOB_MAX_ATTEMPTS: '3' }, { credits: 10 });
    try {
      const voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?language=en', headers: t.headers })).json().results[0].id;
      // A task the API now refuses, as one queued before this rule existed would be: speech of nothing.
      const task = await t.c.tasks.create({
        accountId: t.account.account_id,
        kind: TTS_KIND,
        input: { text: '...!?', voiceId },
        holdMillicredits: 1000,
        jobName: TTS_JOB,
      });
      const done = await waitForTask(t, `/api/text_to_speech/${task.id}/`, 30_000);
      expect(done.status).toBe('failed');
      expect(done.failed_reason).toMatch(/nothing to say/);
      expect(done.failed_reason).not.toMatch(/try again|later|retry/i);
      expect(await t.c.store.jobs.get(task.id)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await t.c.store.tasks.get(task.id)).toMatchObject({ heldMillicredits: 0, chargedMillicredits: 0 });
      expect((await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits).toBe(10);
    } finally {
      await t.close();
      await db.drop();
    }
  });
});
