import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/core/clock.js';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { OutputRetentionSweep } from '../../../src/jobs/schedules/output-retention.js';
import { startTestApp, waitForTask, type TestApp, fileUrl } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const DAY_MS = 24 * 3600 * 1000;

/** Aurora's ttl_days: the output is kept that many days after the task is done, then deleted. */
describe.each(databases)('Aurora ttl_days on %s', (_name, fresh) => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  const clock = fixedClock(Date.now());

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-aurora-ttl-');
    pages = await startPageServer();
    pages.route('/face.jpg', {
      headers: { 'content-type': 'image/jpeg' },
      body: await readFile(await makePortrait(fx.path('face.jpg'), 'presenter', { width: 320 })),
    });
    pages.route('/speech.wav', { headers: { 'content-type': 'audio/wav' }, body: await readFile(await makeSpeech(fx.path('speech.wav'), 'Hello there.')) });
    db = await fresh();
    t = await startTestApp(db, {}, { credits: 20, clock });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/aurora/', headers: t.headers, payload });
  const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/aurora/${id}/`, headers: t.headers })).json();
  const balance = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits as number;
  const fetchFile = (url: string | null) => {
    const u = new URL(fileUrl(url));
    return t.app.inject({ method: 'GET', url: u.pathname + u.search });
  };

  it('refuses a ttl_days that is not a whole number of days from 1 to 36500, holding nothing', async () => {
    const before = await balance();
    for (const ttl of [0, -3, 1.5, 36_501, 'soon']) {
      const r = await post({ image: pages.url('/face.jpg'), audio: pages.url('/speech.wav'), ttl_days: ttl });
      expect(r.statusCode, String(ttl)).toBe(400);
      expect(Object.keys(r.json())).toEqual(['ttl_days']);
    }
    expect(await balance()).toBe(before);
  });

  it('keeps the output ttl_days after it is done, then deletes it and says so; the task stays done and charged', async () => {
    const body = { image: pages.url('/face.jpg'), audio: pages.url('/speech.wav'), model_version: 'aurora_v1_fast' };
    const created = await post({ ...body, ttl_days: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ttl_days: 1, expires_at: null, output_expired: false });
    const keptId = (await post(body)).json().id as string;

    const done = await waitForTask(t, `/api/aurora/${created.json().id}/`, 180_000);
    const kept = await waitForTask(t, `/api/aurora/${keptId}/`, 180_000);
    expect(done.status).toBe('done');
    expect(kept.status).toBe('done');
    // Finished at the clock's "now" (it stands still), so the expiry is exactly one day on.
    expect(Date.parse(done.expires_at!)).toBe(clock.nowMs() + DAY_MS);
    expect(Date.parse(done.expires_at!) - Date.parse(done.updated_at)).toBe(DAY_MS);
    expect(kept).toMatchObject({ ttl_days: null, expires_at: null, output_expired: false });
    const oldOutput = await fetchFile(done.output);
    expect(oldOutput.statusCode).toBe(200);
    expect(oldOutput.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect((await fetchFile(done.video_thumbnail)).statusCode).toBe(200);
    const charged = await balance();

    // An hour before the expiry nothing goes.
    clock.advance(DAY_MS - 3600_000);
    expect((await t.c.retention.sweepOnce()).expiredTaskIds).toEqual([]);
    expect((await get(done.id)).output_expired).toBe(false);

    // Past it, two workers sweep at once: one of them takes the task.
    clock.advance(3600_000 + 1000);
    const otherWorker = new OutputRetentionSweep(t.c.store, t.c.blobs, clock, t.c.log, { intervalMs: 60_000 });
    const passes = await Promise.all([t.c.retention.sweepOnce(), otherWorker.sweepOnce()]);
    expect(passes.flatMap((p) => p.expiredTaskIds)).toEqual([done.id]);

    const expired = await get(done.id);
    expect(expired).toMatchObject({
      status: 'done',
      output: null,
      video_output: null,
      video_thumbnail: null,
      output_expired: true,
      ttl_days: 1,
      expires_at: done.expires_at,
      credits_used: done.credits_used,
      width: done.width,
      height: done.height,
    });
    // The links handed out before still verify (7-day signatures), but the files are gone.
    expect((await fetchFile(done.output)).statusCode).toBe(404);
    expect((await fetchFile(done.video_thumbnail)).statusCode).toBe(404);
    expect(await balance()).toBe(charged);

    // The task without ttl_days keeps a playable output.
    const stillKept = await get(keptId);
    expect(stillKept).toMatchObject({ output_expired: false, expires_at: null });
    const keptFile = await fetchFile(stillKept.output);
    expect(keptFile.statusCode).toBe(200);
    await writeFile(fx.path('kept.mp4'), keptFile.rawPayload);
    // A 4:5 portrait comes out square, the contract's nearest shape, at the 480p short side.
    expect((await probeMedia(fx.path('kept.mp4'))).video).toMatchObject({ width: 480, height: 480 });

    const listed = (await t.app.inject({ method: 'GET', url: `/api/aurora/?ids=${done.id},${keptId}`, headers: t.headers })).json() as {
      id: string;
      output_expired: boolean;
    }[];
    expect(Object.fromEntries(listed.map((x) => [x.id, x.output_expired]))).toEqual({ [done.id]: true, [keptId]: false });
    expect((await t.c.retention.sweepOnce()).expiredTaskIds).toEqual([]);
  }, 240_000);
});
