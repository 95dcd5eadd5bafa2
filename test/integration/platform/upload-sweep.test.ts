import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/core/clock.js';
import { startTestApp, postMultipart, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';

const GRACE_SECONDS = 3600;

/** Uploads no task uses are deleted once the grace period is over; used ones stay. */
describe.each(databases)('upload sweep on %s', (_name, fresh) => {
  let db: TestDatabase;
  let t: TestApp;
  let fx: FixtureDir;
  let voice: Buffer;
  // File times are the file system's, so the pinned clock starts at the real time.
  const clock = fixedClock(Date.now());

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-upload-sweep-');
    voice = await readFile(await makeSpeech(fx.path('voice.wav'), 'Kept while a task uses it.'));
    db = await fresh();
    t = await startTestApp(db, { UPLOAD_SWEEP_GRACE_SECONDS: String(GRACE_SECONDS) }, { clock, consume: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await fx?.cleanup();
  });

  const postForm = (url: string, form: FormData) => postMultipart(t, url, form);
  const stored = async () => new Set((await t.c.blobs.list('uploads/')).map((e) => e.key.split('/')[1]));

  it('deletes, after the grace period, the uploads no task uses, and keeps those a task uses', async () => {
    // Used: the lipsync task's input holds the reference.
    const used = new FormData();
    used.append('aspect_ratio', '9:16');
    used.append('audio', new Blob([new Uint8Array(voice)], { type: 'audio/wav' }), 'voice.wav');
    const created = await postForm('/api/lipsyncs/preview/', used);
    expect(created.statusCode).toBe(201);
    const usedId = (created.json().audio as string).slice('upload:'.length);
    // Unused: a file part in a field the endpoint does not read; the request itself succeeds.
    const voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?language=en', headers: t.headers })).json().results[0].id;
    const stray = new FormData();
    stray.append('text', 'A file nobody asked for came along.');
    stray.append('voice_id', voiceId);
    stray.append('attachment', new Blob([new Uint8Array(voice)], { type: 'audio/wav' }), 'stray.wav');
    expect((await postForm('/api/text_to_speech/', stray)).statusCode).toBe(201);
    // Folders from before uploads had an owner: one a task still names, one nobody does.
    const legacyUsed = randomUUID();
    const legacyUnused = randomUUID();
    await t.c.blobs.putBuffer(`uploads/${legacyUsed}/old.wav`, voice);
    await t.c.blobs.putBuffer(`uploads/${legacyUnused}/old.wav`, voice);
    const now = clock.nowIso();
    await t.c.store.tasks.insert({
      id: randomUUID(),
      accountId: t.account.account_id,
      kind: 'lipsync',
      status: 'done',
      progress: 100,
      failedReason: null,
      input: { audioUrl: `upload:uploads/${legacyUsed}/old.wav` },
      result: {},
      heldMillicredits: 0,
      chargedMillicredits: 0,
      webhookUrl: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: now,
    });

    const all = await stored();
    expect(all.size).toBe(4);
    const strayId = [...all].find((id) => id !== usedId && id !== legacyUsed && id !== legacyUnused)!;

    // Within the grace period nothing goes.
    expect((await t.c.uploadSweep.sweepOnce()).removedUploadIds).toEqual([]);
    expect(await stored()).toEqual(all);

    clock.advance((GRACE_SECONDS + 300) * 1000);
    const swept = await t.c.uploadSweep.sweepOnce();
    expect(swept.removedUploadIds.sort()).toEqual([strayId, legacyUnused].sort());
    expect(await stored()).toEqual(new Set([usedId, legacyUsed]));

    // The used upload still works for its owner; a second pass finds nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/lipsyncs/preview/',
      headers: t.headers,
      payload: { aspect_ratio: '1:1', audio: `upload:${usedId}` },
    });
    expect(again.statusCode).toBe(201);
    expect((await t.c.uploadSweep.sweepOnce()).removedUploadIds).toEqual([]);
  });

  it("keeps an upload that only a link uses (its pictures make videos later), and only its owner's link counts", async () => {
    const [kept, notKept] = [randomUUID(), randomUUID()];
    for (const id of [kept, notKept]) await t.c.blobs.putBuffer(`uploads/${id}/${t.account.account_id}/upload.wav`, voice);
    const other = await t.c.accounts.create('link-owner', 10);
    const now = clock.nowIso();
    const link = (accountId: string, ref: string) => ({
      id: randomUUID(),
      accountId,
      url: null,
      facts: { title: 'Mug', imageUrls: [`upload:${ref}`], videoUrls: [] },
      chargedMillicredits: 1000,
      createdAt: now,
      updatedAt: now,
    });
    await t.c.store.links.insert(link(t.account.account_id, kept));
    await t.c.store.links.insert(link(other.account_id, notKept));
    clock.advance((GRACE_SECONDS + 300) * 1000);
    const swept = await t.c.uploadSweep.sweepOnce();
    expect(swept.removedUploadIds).toContain(notKept);
    expect(swept.removedUploadIds).not.toContain(kept);
    expect(await stored()).toContain(kept);
  });

  it("counts only the owner's tasks: another account's task naming the id does not keep it", async () => {
    const other = await t.c.accounts.create('other', 10);
    const id = randomUUID();
    await t.c.blobs.putBuffer(`uploads/${id}/${t.account.account_id}/voice.wav`, voice);
    const now = clock.nowIso();
    await t.c.store.tasks.insert({
      id: randomUUID(),
      accountId: other.account_id,
      kind: 'lipsync',
      status: 'done',
      progress: 100,
      failedReason: null,
      input: { audioUrl: `upload:${id}` },
      result: {},
      heldMillicredits: 0,
      chargedMillicredits: 0,
      webhookUrl: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: now,
    });
    clock.advance((GRACE_SECONDS + 300) * 1000);
    expect((await t.c.uploadSweep.sweepOnce()).removedUploadIds).toEqual([id]);
  });
});
