/**
 * AI Editing, as a client sees it: wall time from POST to `done` for the full-quality edit of a
 * 60 s talking video (1920×1080, 30 fps, a face moving across the frame, spoken phrases with
 * pauses) reframed to 9:16 with captions, punch-in zooms and ducked music (`editing_style`
 * vlog), through the HTTP API of a service started in this process; then a preview of it.
 * Baseline measured in the same run (the floor): ffmpeg alone decoding the same source and
 * encoding a centre-cropped 1080×1920 with the service's render settings (no analysis, no cuts,
 * no captions, no mix).
 * Goal (issue 16): the edit of 60 s under 90 s on 2 cores.
 *
 *   npx tsx bench/editing.ts
 */
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../src/app/config.js';
import { createContainer } from '../src/app/container.js';
import { buildServer } from '../src/api/server.js';
import { apiDeps } from '../src/app/api-deps.js';
import { h264Args, probeMedia, runFfmpeg } from '../src/engines/ffmpeg/index.js';
import { makeTalkingVideo } from '../test/helpers/editing-fixtures.js';
import { makeFixtureDir } from '../test/helpers/media-fixtures.js';
import { startPageServer } from '../test/helpers/page-server.js';
import { timed } from './timing.js';
import type { BenchAnswer } from './api-answer.js';

const PHRASES = [
  'Welcome back to the channel where we cook simple food at home.',
  'Today I will show you how to make a fresh tomato pasta in twenty minutes.',
  'First put a large pot of water on the stove and bring it to a boil.',
  'While the water heats up we chop two cloves of garlic and a handful of basil.',
  'Cut the tomatoes into small pieces and keep all of the juice.',
  'Warm some olive oil in a pan and add the garlic for one minute.',
  'Now the tomatoes go in with a pinch of salt and a little pepper.',
  'Let the sauce simmer gently while the pasta cooks.',
  'Taste the pasta a minute before the time on the packet.',
  'Drain it and keep a cup of the cooking water for later.',
  'Toss the pasta in the sauce with a splash of that water.',
  'Finish with the basil and a little grated cheese on top.',
  'That is all it takes for a quick dinner that everyone will love.',
  'Thanks for watching and see you next time in the kitchen.',
];

async function main(): Promise<void> {
  const fx = await makeFixtureDir('clipwright-bench-edit-');
  const gaps = PHRASES.map((_, i) => [0.4, 1.2, 0.6, 2.0, 0.8][i % 5]!);
  const talk = await makeTalkingVideo(fx, 'talk', gaps, { phrases: PHRASES, width: 1920, height: 1080, framesPerSecond: 30, faceWidth: 360 });
  const source = await probeMedia(talk.path);
  const pages = await startPageServer();
  pages.route('/talk.mp4', { headers: { 'content-type': 'video/mp4' }, body: await readFile(talk.path) });

  const c = await createContainer(loadConfig({ DATA_DIR: fx.path('data'), LOG_LEVEL: 'silent', ALLOW_PRIVATE_URLS: '1', JOB_POLL_MS: '50' }));
  const app = await buildServer(apiDeps(c));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  await c.queue.startConsuming(c.runner.run);
  const account = await c.accounts.create('bench', 1000);
  const headers = { 'x-api-id': account.api_id, 'x-api-key': account.api_key, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await r.json()) as BenchAnswer;
  };
  // The job plans (fetch, silences, speech, shots, faces) up to 45 % and draws after: when that mark is passed splits the time.
  let plannedAt = 0;
  const untilDone = async (id: string) => {
    const start = Date.now();
    for (;;) {
      const t = await call('GET', `/api/ai_editing/${id}/`);
      if (!plannedAt && (t.progress ?? 0) >= 45) plannedAt = (Date.now() - start) / 1000;
      if (t.status === 'done') return t;
      if (t.status === 'failed') throw new Error(t.failed_reason ?? 'failed');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  let task: BenchAnswer = { id: '' };
  const editSeconds = await timed(async () => {
    plannedAt = 0;
    const created = await call('POST', '/api/ai_editing/', {
      video_url: pages.url('/talk.mp4'),
      aspect_ratio: '9:16',
      editing_style: 'vlog',
      instructions: 'remove silences, add captions, zoom on the speaker',
    });
    task = await untilDone(created.id);
  });
  const planSeconds = plannedAt;
  const previewSeconds = await timed(async () => {
    await call('POST', `/api/ai_editing/${task.id}/preview/`);
    task = await untilDone(task.id);
  });

  // The floor: the same source decoded and encoded once at the output size, nothing else.
  const floorSeconds = await timed(() =>
    runFfmpeg([
      '-y',
      '-i',
      talk.path,
      '-vf',
      'crop=ih*9/16:ih,scale=1080:1920,format=yuv420p',
      ...h264Args({ preset: 'veryfast', crf: 23 }),
      '-c:a',
      'aac',
      '-b:a',
      '192k',
      fx.path('floor.mp4'),
    ]),
  );

  const r = (v: number) => v.toFixed(1);
  console.log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; transcriber ${c.transcriber.id}`,
  );
  console.log(
    `source: ${r(source.durationSeconds)} s ${source.video?.width}x${source.video?.height}; edited to ${r(task.duration ?? Number.NaN)} s (${(task.edit_notes ?? []).join(' ')})`,
  );
  console.log(
    `edit (create → done, 1080x1920 render): ${r(editSeconds)} s   goal < 90 s  (planning ${r(planSeconds)} s: fetch, silences, speech, shots and faces; drawing ${r(editSeconds - planSeconds)} s)`,
  );
  console.log(`preview of it ({id}/preview/, 360x640): ${r(previewSeconds)} s`);
  console.log(
    `floor (ffmpeg: decode + centre crop + encode 1080x1920, same settings): ${r(floorSeconds)} s   edit / floor = ${(editSeconds / floorSeconds).toFixed(2)}`,
  );

  await app.close();
  await c.close();
  await pages.close();
  await fx.cleanup();
}

await main();
