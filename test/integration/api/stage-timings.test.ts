import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMetricsServer } from '../../../src/api/metrics-server.js';
import { buildServer } from '../../../src/api/server.js';
import { apiDeps } from '../../../src/app/api-deps.js';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

const TOKEN = 'ops-secret-for-the-test';

describe('stage timings on the task, in the log and on /metrics', () => {
  let db: TestDatabase;
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    db = await freshSqlite();
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestApp(db, { OPERATIONS_TOKEN: TOKEN }, { credits: 5, log: pino({ level: 'info' }, sink) });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const scrape = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', headers });

  it('records a TTS job stage by stage: on its GET, in its log line and as Prometheus histograms', async () => {
    const voice = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?language=en&page_size=1', headers: t.headers })).json().results[0].id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: t.headers,
      payload: { text: 'Stage timings, visible.', voice_id: voice },
    });
    expect(created.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/text_to_speech/${created.json().id}/`);
    expect(done.status).toBe('done');

    const stages = done.stages!;
    // The ports the job went through, in the order they began; the whole handler last.
    expect(stages.map((s) => s.name)).toEqual(['speak', 'upload', 'run']);
    for (const s of stages) {
      expect(s.wall_ms).toBeGreaterThanOrEqual(0);
      expect(s.cpu_ms).toBeGreaterThanOrEqual(0);
      // Speech runs engines and ffmpeg as child processes; Linux tells their CPU.
      expect(s.child_cpu_ms).toEqual(expect.any(Number));
      expect(s.count).toBeGreaterThanOrEqual(1);
    }
    const run = stages.at(-1)!;
    expect(stages.every((s) => s.started_ms >= 0 && s.wall_ms <= run.wall_ms)).toBe(true);
    expect(stages[0]!.started_ms).toBeLessThanOrEqual(stages[1]!.started_ms);
    // Speaking spawns the voice and ffmpeg: some CPU shows up for it, in-process or in children.
    expect(stages[0]!.cpu_ms + (stages[0]!.child_cpu_ms ?? 0)).toBeGreaterThan(0);

    const jobDone = lines.find((l) => l.msg === 'job done' && l.taskId === done.id);
    expect(jobDone?.stages).toEqual(stages.map((s) => expect.objectContaining({ name: s.name, wallMs: s.wall_ms, cpuMs: s.cpu_ms, count: s.count })));

    const metrics = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = metrics.body;
    for (const stage of ['speak', 'upload', 'run']) {
      expect(text).toMatch(new RegExp(`clipwright_job_stage_wall_seconds_count\\{kind="text_to_speech",stage="${stage}"\\} 1\\n`));
      expect(text).toMatch(new RegExp(`clipwright_job_stage_cpu_seconds_bucket\\{le="\\+Inf",kind="text_to_speech",stage="${stage}"\\} 1\\n`));
    }
    expect(text).toMatch(/clipwright_job_run_seconds_count\{kind="text_to_speech",outcome="done"\} 1\n/);
    expect(text).toMatch(/clipwright_job_wait_seconds_count\{kind="text_to_speech"\} 1\n/);
    expect(text).toMatch(/clipwright_tasks_finished_total\{kind="text_to_speech",status="done"\} 1\n/);
    expect(text).toMatch(/clipwright_queue_jobs\{status="queued"\} 0\n/);
    expect(text).toMatch(/clipwright_ffmpeg_seconds_total\{call="\w+"\} [\d.e-]+\n/);
    // The hold is settled: what was held is what was charged plus what went back.
    const credit = (movement: string) =>
      Number(text.match(new RegExp(`clipwright_credits_millicredits_total\\{kind="text_to_speech",movement="${movement}"\\} ([\\d.]+)`))?.[1] ?? 0);
    expect(credit('held')).toBeGreaterThan(0);
    expect(credit('charged') + credit('released')).toBe(credit('held'));
    expect(credit('charged')).toBe(done.credits_used * 1000);
    expect(text).toMatch(/clipwright_process_cpu_seconds_total /);
  });

  it('refuses /metrics without the operations token, or with a wrong one, in the contract body', async () => {
    const none = await scrape();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: expect.any(String), code: 'not_authenticated' });
    const wrong = await scrape({ authorization: 'Bearer not-the-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('authentication_failed');
    // An API key is not an operations credential.
    const apiKey = await scrape(t.headers);
    expect(apiKey.statusCode).toBe(401);
    expect(apiKey.body).not.toContain('clipwright_');
  });

  it('answers 404 when no operations token is configured, and a worker serves the same route on its own port', async () => {
    const off = await buildServer({ ...apiDeps(t.c), operationsToken: null });
    try {
      const r = await off.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const worker = await buildMetricsServer({ log: pino({ level: 'silent' }), metrics: t.c.metrics, operationsToken: TOKEN });
    try {
      expect((await worker.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const ok = await worker.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE clipwright_job_stage_wall_seconds histogram');
      expect((await worker.inject({ method: 'GET', url: '/api/tasks/' })).statusCode).toBe(404);
    } finally {
      await worker.close();
    }
  });
});
