import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/core/clock.js';
import type { Task, TaskStatus } from '../../../src/core/task.js';
import { TASK_GROUPS } from '../../../src/api/schemas/tasks.js';
import { taskListItemResponse, taskListResponse } from '../../../src/api/schemas/responses/tasks.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

/** Every task kind the service creates, and the group it is listed under. */
const KIND_GROUPS: [kind: string, group: string][] = [
  ['text_to_speech', 'text_to_speech'],
  ['link_to_video', 'link_to_videos'],
  ['lipsync', 'lipsyncs'],
  ['lipsync_v2', 'lipsyncs_v2'],
  ['aurora', 'aurora'],
  ['product_video', 'product_to_videos'],
  ['ai_editing', 'ai_editing'],
  ['ai_short', 'ai_shorts'],
  ['custom_template_job', 'custom_template_jobs'],
  ['text_generation', 'text_generator'],
  ['ai_script', 'ai_scripts'],
  ['asset_generation', 'ai_generation'],
  ['iab_images', 'iab_images'],
  ['cloned_voice', 'voices'],
  ['custom_avatar', 'personas'],
  ['inspiration_job', 'inspiration_jobs'],
  ['ads_clone', 'ads_clone'],
];
const STATUSES: TaskStatus[] = ['done', 'failed', 'processing', 'pending'];
const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const minutes = (n: number) => new Date(T0 + n * 60_000).toISOString();

describe.each(databases)('GET /api/tasks/ (extension) on %s', (_name, makeDb) => {
  let db: TestDatabase;
  let t: TestApp;
  let otherHeaders: Record<string, string>;
  /** The caller's tasks as inserted, newest first by (created_at, id). */
  let mine: Task[];
  let theirs: Task[];

  const insert = async (
    accountId: string,
    kind: string,
    status: TaskStatus,
    createdAt: string,
    input: Record<string, unknown>,
    result: Record<string, unknown> = {},
  ) => {
    const task: Task = {
      id: crypto.randomUUID(),
      accountId,
      kind,
      status,
      progress: status === 'done' ? 100 : status === 'processing' ? 40 : 0,
      failedReason: status === 'failed' ? 'Broken on purpose.' : null,
      input,
      result,
      heldMillicredits: status === 'done' ? 0 : 3000,
      chargedMillicredits: status === 'done' ? 2500 : 0,
      webhookUrl: null,
      createdAt,
      updatedAt: createdAt,
      finishedAt: status === 'done' ? createdAt : null,
    };
    await t.c.store.tasks.insert(task);
    return task;
  };
  const list = async (query = '', headers = t.headers) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/tasks/${query}`, headers });
    expect(r.statusCode, r.body).toBe(200);
    // The documented shape, strictly (the envelope, then each item).
    const page = taskListResponse.parse(r.json());
    return { ...page, results: page.results.map((item) => taskListItemResponse.parse(item)) };
  };
  const ids = (page: { results: { id: string }[] }) => page.results.map((r) => r.id);
  const newestFirst = (tasks: Task[]) => [...tasks].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));

  beforeAll(async () => {
    db = await makeDb();
    // A pinned clock: file URLs signed by the list and by a group's GET are then the same text.
    t = await startTestApp(db, {}, { consume: false, clock: fixedClock(T0 + 86_400_000) });
    const other = await t.c.accounts.create('other', 10);
    otherHeaders = { 'x-api-id': other.api_id, 'x-api-key': other.api_key };
    const me = t.account.account_id;
    mine = [];
    theirs = [];
    // One task of every kind, a minute apart, statuses in turn; the other account's interleaved.
    for (const [i, [kind]] of KIND_GROUPS.entries()) {
      mine.push(await insert(me, kind, STATUSES[i % 4]!, minutes(i * 2), { name: `Mine ${kind}` }));
      theirs.push(await insert(other.account_id, kind, 'done', minutes(i * 2 + 1), { name: `Theirs ${kind}` }));
    }
    // Done tasks with files, whose items must show the group GET's signed URLs.
    mine.push(
      await insert(
        me,
        'text_to_speech',
        'done',
        minutes(100),
        { text: 'Fresh coffee, ready when you are.', voiceId: 'en-us' },
        { outputKey: `${me}/t/speech.mp3`, durationSeconds: 2.5, words: [] },
      ),
    );
    const video = await insert(
      me,
      'link_to_video',
      'done',
      minutes(101),
      { echo: { name: 'Summer sale' }, linkUrl: 'https://shop.test/p', linkId: 'l-1', voiceId: 'en-us' },
      { outputKey: `${me}/x/output.mp4`, thumbnailKey: `${me}/x/thumbnail.jpg`, durationSeconds: 15 },
    );
    mine.push(video);
    // Two created at the same instant: the id breaks the tie, so pages never overlap or skip.
    mine.push(await insert(me, 'text_to_speech', 'failed', minutes(200), { text: 'Same time, A.', voiceId: 'en-us' }));
    mine.push(await insert(me, 'text_to_speech', 'pending', minutes(200), { text: 'Same time, B.', voiceId: 'en-us' }));
    mine = newestFirst(mine);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it("lists the caller's tasks of every group, newest first (the id breaks ties), in the pagination envelope", async () => {
    const page = await list('?page_size=100');
    expect(page).toMatchObject({ count: mine.length, page: 1, page_size: 100, next: null, previous: null });
    expect(ids(page)).toEqual(mine.map((m) => m.id));
    expect(new Set(page.results.map((r) => r.group))).toEqual(new Set(TASK_GROUPS));
    const byId = new Map(page.results.map((r) => [r.id, r]));
    for (const [kind, group] of KIND_GROUPS) {
      const task = mine.find((m) => m.kind === kind)!;
      expect(byId.get(task.id)!.group, kind).toBe(group);
    }
  });

  it('pages join up to the whole list through next, with previous links back, and a page past the end is empty with the count', async () => {
    const seen: string[] = [];
    let url: string | null = '?page_size=7';
    let pages = 0;
    while (url) {
      const page = await list(url.startsWith('?') ? url : url.slice(url.indexOf('?')));
      expect(page.count).toBe(mine.length);
      expect(page.previous === null).toBe(pages === 0);
      seen.push(...ids(page));
      url = page.next;
      pages++;
    }
    expect(pages).toBe(Math.ceil(mine.length / 7));
    expect(seen).toEqual(mine.map((m) => m.id));
    const second = await list('?page=2&page_size=7');
    expect(second.previous).toContain('page=1');
    expect(second.next).toContain('page=3');
    const past = await list('?page=50&page_size=7');
    expect(past).toMatchObject({ count: mine.length, results: [] });
    // The contract's clamp: a page size above 100 is 100.
    expect((await list('?page_size=1000')).page_size).toBe(100);
  });

  it('filters by group: one, several (comma-separated or repeated), counted alike', async () => {
    const tts = mine.filter((m) => m.kind === 'text_to_speech');
    const one = await list('?group=text_to_speech');
    expect(ids(one)).toEqual(tts.map((m) => m.id));
    expect(one.count).toBe(tts.length);
    const videos = mine.filter((m) => m.kind === 'link_to_video' || m.kind === 'lipsync_v2');
    expect(ids(await list('?group=link_to_videos,lipsyncs_v2'))).toEqual(videos.map((m) => m.id));
    expect(ids(await list('?group=link_to_videos&group=lipsyncs_v2'))).toEqual(videos.map((m) => m.id));
    // A count beyond the page comes from the count, not the page.
    expect(await list('?group=text_to_speech&page_size=1')).toMatchObject({ count: tts.length, results: [{ id: tts[0]!.id }] });
  });

  it('filters by status, one or several', async () => {
    for (const status of STATUSES) {
      const expected = mine.filter((m) => m.status === status);
      const page = await list(`?status=${status}`);
      expect(ids(page), status).toEqual(expected.map((m) => m.id));
      expect(page.count).toBe(expected.length);
      expect(page.results.every((r) => r.status === status)).toBe(true);
    }
    expect(ids(await list('?status=failed,pending'))).toEqual(mine.filter((m) => m.status === 'failed' || m.status === 'pending').map((m) => m.id));
    // An empty list (as a form serializer writes one) is no filter.
    expect((await list('?status=&group=')).count).toBe(mine.length);
  });

  it('filters by creation time, both bounds exclusive, in any ISO 8601 form; with the other filters', async () => {
    const after = minutes(10);
    const before = minutes(101);
    const expected = mine.filter((m) => m.createdAt > after && m.createdAt < before);
    expect(expected.length).toBeGreaterThan(3);
    expect(ids(await list(`?created_after=${after}&created_before=${before}`))).toEqual(expected.map((m) => m.id));
    // The same instants with an offset (+ encoded), and a date alone (midnight UTC).
    expect(ids(await list('?created_after=2025-01-01T13:10:00%2B01:00&created_before=2025-01-01T13:41:00Z'))).toEqual(expected.map((m) => m.id));
    expect((await list('?created_before=2025-01-01')).count).toBe(0);
    expect((await list('?created_after=2025-01-02')).count).toBe(0);
    const combined = mine.filter((m) => m.createdAt > after && m.kind === 'text_to_speech' && m.status === 'done');
    expect(combined.length).toBeGreaterThan(0);
    expect(ids(await list(`?created_after=${after}&group=text_to_speech&status=done`))).toEqual(combined.map((m) => m.id));
  });

  it("never shows another account's tasks, whatever the filters", async () => {
    const theirIds = new Set(theirs.map((x) => x.id));
    for (const query of [
      '?page_size=100',
      '?group=voices,personas&page_size=100',
      '?status=done&page_size=100',
      `?created_after=${minutes(-1)}&page_size=100`,
    ]) {
      const page = await list(query);
      expect(
        ids(page).filter((id) => theirIds.has(id)),
        query,
      ).toEqual([]);
    }
    const asThem = await list('?page_size=100', otherHeaders);
    expect(asThem.count).toBe(theirs.length);
    expect(ids(asThem)).toEqual(newestFirst(theirs).map((x) => x.id));
  });

  it("each item carries its group GET's name, thumbnail and output (signed the same way), status, progress and credits; GET /api/{group}/{id}/ reads it", async () => {
    const page = await list('?page_size=100');
    const tts = page.results.find((r) => r.name === 'Fresh coffee, ready when you are.')!;
    const ttsGet = (await t.app.inject({ method: 'GET', url: `/api/text_to_speech/${tts.id}/`, headers: t.headers })).json();
    expect(tts).toMatchObject({
      group: 'text_to_speech',
      status: 'done',
      progress: 100,
      credits_used: 2.5,
      duration: 2.5,
      thumbnail: null,
      failed_reason: null,
    });
    expect(tts.output).toMatch(/^http.*speech\.mp3\?/);
    expect(tts.output).toBe(ttsGet.output);
    const video = page.results.find((r) => r.name === 'Summer sale')!;
    const videoGet = (await t.app.inject({ method: 'GET', url: `/api/link_to_videos/${video.id}/`, headers: t.headers })).json();
    expect(video.group).toBe('link_to_videos');
    expect(video.output).toBe(videoGet.output);
    expect(video.thumbnail).toBe(videoGet.video_thumbnail);
    expect(video.thumbnail).toMatch(/thumbnail\.jpg\?/);
    const failed = page.results.find((r) => r.status === 'failed')!;
    expect(failed).toMatchObject({ failed_reason: 'Broken on purpose.', credits_used: 0, output: null });
    for (const item of page.results) {
      const r = await t.app.inject({ method: 'GET', url: `/api/${item.group}/${item.id}/`, headers: t.headers });
      expect(r.statusCode, `${item.group}: ${r.body}`).toBe(200);
      expect(r.json().id).toBe(item.id);
    }
  });

  it('answers 400 with field errors for a bad group, status, date or page, and leaves the event stream route alone', async () => {
    const bad = async (query: string) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/tasks/${query}`, headers: t.headers });
      expect(r.statusCode, query).toBe(400);
      return r.json();
    };
    expect(await bad('?group=videos')).toEqual({ group: [expect.stringMatching(/"videos" is not a valid choice\. Allowed: text_to_speech, .*ads_clone\./)] });
    expect(await bad('?group=aurora,nope')).toEqual({ group: [expect.stringContaining('"nope" is not a valid choice')] });
    expect(await bad('?status=running&group=x')).toEqual({
      status: [expect.stringContaining('"running" is not a valid choice. Allowed: pending, processing, done, failed.')],
      group: [expect.any(String)],
    });
    for (const date of ['yesterday', '2025-13-01', '2025-02-30', '2025-01-01T25:00:00Z', '1735732800']) {
      expect(await bad(`?created_after=${date}`), date).toEqual({ created_after: [expect.stringContaining('Enter a valid date/time')] });
    }
    expect(await bad('?created_before=2025-01-01T10:00:00%2B24:00')).toHaveProperty('created_before');
    expect(await bad('?page=0')).toHaveProperty('page');
    expect(await bad('?page_size=abc')).toHaveProperty('page_size');
    const events = await t.app.inject({ method: 'GET', url: `/api/tasks/${crypto.randomUUID()}/events`, headers: t.headers });
    expect(events.statusCode).toBe(404);
    expect(events.json()).toMatchObject({ code: 'not_found' });
  });

  it('asks for credentials like every route', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/tasks/' });
    expect(r.statusCode).toBe(401);
  });
});
