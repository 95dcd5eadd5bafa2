import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, postMultipart, type TestApp } from '../../helpers/app.js';
import type { AnswerOf } from '../../helpers/api-types.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';

const REF = /^upload:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An upload is usable only by the account that sent it, under an opaque `upload:<id>`: another
 * account's id is a 400 on the field, worded like an id that never existed, and the storage key
 * is never on the wire.
 */
describe('upload ownership', () => {
  let db: TestDatabase;
  let t: TestApp;
  let fx: FixtureDir;
  let other: Record<string, string>;
  let aurora: AnswerOf<'/api/aurora/', 'post'>;
  let imageRef: string;
  let audioRef: string;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-upload-owner-');
    const voice = await readFile(await makeSpeech(fx.path('voice.wav'), 'My own recording, sent as a file.'));
    const portrait = await readFile(await makePortrait(fx.path('face.jpg'), 'presenter', { width: 300 }));
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 60, consume: false });
    const o = await t.c.accounts.create('other', 60);
    other = { 'x-api-id': o.api_id, 'x-api-key': o.api_key };
    // The owner sends a portrait and a recording as file parts of an Aurora create.
    const form = new FormData();
    form.append('name', 'mine');
    form.append('image', new Blob([new Uint8Array(portrait)], { type: 'image/jpeg' }), 'face.jpg');
    form.append('audio', new Blob([new Uint8Array(voice)], { type: 'audio/wav' }), 'voice.wav');
    const r = await postMultipart(t, '/api/aurora/', form);
    expect(r.statusCode).toBe(201);
    aurora = r.json();
    // Null would fail the REF checks below.
    imageRef = aurora.image ?? '';
    audioRef = aurora.audio ?? '';
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await fx?.cleanup();
  });

  const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
  const missingMessage = async () => {
    const r = await post('/api/lipsyncs/preview/', t.headers, { aspect_ratio: '9:16', audio: `upload:${randomUUID()}` });
    expect(r.statusCode).toBe(400);
    return r.json().audio as string[];
  };

  it('shows an opaque id, never the storage key, in the create answer, GET, list and the webhook body', async () => {
    expect(imageRef).toMatch(REF);
    expect(audioRef).toMatch(REF);
    const got = await t.app.inject({ method: 'GET', url: `/api/aurora/${aurora.id}/`, headers: t.headers });
    const listed = await t.app.inject({ method: 'GET', url: '/api/aurora/', headers: t.headers });
    const task = (await t.c.store.tasks.get(aurora.id))!;
    const webhookBody = t.c.taskWire.toWire(task);
    for (const shown of [JSON.stringify(aurora), got.body, listed.body, JSON.stringify(webhookBody), JSON.stringify(task.input)]) {
      expect(shown).not.toContain('uploads/');
      expect(shown).not.toContain(t.account.account_id);
    }
    expect(got.json()).toMatchObject({ image: imageRef, audio: audioRef });
  });

  it("refuses another account's upload in Aurora, lipsyncs and voice clone, as if it did not exist", async () => {
    const missing = await missingMessage();
    const a = await post('/api/aurora/', other, { image: imageRef, audio: audioRef });
    expect(a.statusCode).toBe(400);
    expect(a.json()).toEqual({ image: missing, audio: missing });
    const l = await post('/api/lipsyncs/preview/', other, { aspect_ratio: '9:16', audio: audioRef });
    expect(l.statusCode).toBe(400);
    expect(l.json()).toEqual({ audio: missing });
    const lb = await post('/api/lipsyncs/', other, { aspect_ratio: '9:16', text: 'Hello there.', background_asset_image_url: imageRef });
    expect(lb.statusCode).toBe(400);
    expect(lb.json()).toEqual({ background_asset_image_url: missing });
    const v = await post('/api/voices/clone/', other, { name: 'stolen', audio_url: audioRef });
    expect(v.statusCode).toBe(400);
    expect(v.json()).toEqual({ audio_url: missing });
    // Nothing was created for the other account.
    for (const url of ['/api/aurora/', '/api/lipsyncs/', '/api/voices/cloned/']) {
      expect((await t.app.inject({ method: 'GET', url, headers: other })).json()).toEqual([]);
    }
  });

  it('lets the owner use its upload again by id, in a JSON body', async () => {
    const l = await post('/api/lipsyncs/preview/', t.headers, { aspect_ratio: '9:16', audio: audioRef });
    expect(l.statusCode).toBe(201);
    expect(l.json().audio).toBe(audioRef);
    const a = await post('/api/aurora/', t.headers, { image: imageRef, audio: audioRef });
    expect(a.statusCode).toBe(201);
  });

  it('does not take a storage key in place of an id, from anyone', async () => {
    const stored = await t.c.blobs.list('uploads/');
    const key = stored.find((e) => e.key.endsWith('/voice.wav'))!.key;
    for (const headers of [t.headers, other]) {
      for (const value of [`upload:${key}`, `upload:uploads/${audioRef.slice('upload:'.length)}/voice.wav`]) {
        const r = await post('/api/lipsyncs/preview/', headers, { aspect_ratio: '9:16', audio: value });
        expect(r.statusCode).toBe(400);
        expect(Object.keys(r.json())).toEqual(['audio']);
      }
    }
  });
});
