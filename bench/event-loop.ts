/**
 * How long the API's event loop stalls while CPU-heavy JavaScript runs for a request: a library
 * track's first signed-URL download (synthesis + MP3) and a `POST /api/voices/clone/` (the sample
 * is fetched, decoded and analysed before the answer). Each is measured with the work in the
 * calling thread (the old path, as the baseline) and on the CPU pool's worker threads, in the same
 * run, with perf_hooks.monitorEventLoopDelay (max and p99), plus the number of loop turns.
 *
 * Run: npx tsx bench/event-loop.ts [--runs 2]
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { configureCpuPool, DEFAULT_CPU_WORKERS } from '../src/engines/cpu/off-thread.js';
import { startTestApp } from '../test/helpers/app.js';
import { freshSqlite } from '../test/helpers/databases.js';
import { makeFixtureDir } from '../test/helpers/media-fixtures.js';
import { startPageServer } from '../test/helpers/page-server.js';
import { arg, timed } from './timing.js';

const run = promisify(execFile);
const runs = Number(arg('runs', '2'));

interface Stall {
  maxMs: number;
  /** The longest time between two turns of the loop, measured directly. */
  gapMs: number;
  p99Ms: number;
  turns: number;
  seconds: number;
}

/** Event-loop delay and loop turns while `work` runs. */
async function stallDuring(work: () => Promise<void>): Promise<Stall> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  // The histogram records from its second timer tick on: let it start before the work does.
  await new Promise((r) => setTimeout(r, 30));
  histogram.reset();
  let turns = 0;
  let gapMs = 0;
  let last = performance.now();
  let running = true;
  const turn = () => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  const seconds = await timed(work);
  running = false;
  histogram.disable();
  return { maxMs: histogram.max / 1e6, gapMs, p99Ms: histogram.percentile(99) / 1e6, turns, seconds };
}

const show = (s: Stall) =>
  `max ${s.maxMs.toFixed(0).padStart(5)} ms  longest gap ${s.gapMs.toFixed(0).padStart(5)} ms  p99 ${s.p99Ms.toFixed(0).padStart(5)} ms  ${String(s.turns).padStart(7)} loop turns  ${s.seconds.toFixed(2)} s`;
const worst = (all: Stall[]): Stall => all.reduce((a, b) => (b.maxMs > a.maxMs ? b : a));

const fixtures = await makeFixtureDir();
const kal = fixtures.path('kal.wav');
const sampleMp3 = fixtures.path('sample.mp3');
const story =
  'My grandmother grew up on a farm near the river. She told us stories about the long winters, the horses, and the old wooden school. We listened for hours, and we never got tired of them.';
// About 30 s of speech, the length the clone endpoint recommends.
await run('flite', ['-voice', 'kal', '-t', `${story} ${story} ${story}`, '-o', kal]);
await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', kal, '-c:a', 'libmp3lame', '-q:a', '2', sampleMp3]);
const pages = await startPageServer({ '/sample.mp3': { headers: { 'content-type': 'audio/mpeg' }, body: await readFile(sampleMp3) } });
const db = await freshSqlite();
// Jobs are not consumed: only the request itself (and what it runs before answering) is measured.
const t = await startTestApp(db, { VOICE_CLONE_CREDITS: '0' }, { credits: 1000, consume: false });

const track = (await t.app.inject({ method: 'GET', url: '/api/musics/?page_size=1', headers: t.headers })).json().results[0] as { id: string; url: string };
const trackPath = track.url.replace(/^https?:\/\/[^/]+/, '');

async function downloadTrack(): Promise<void> {
  // The rendered MP3 is kept as a blob; removing it makes every run a first request.
  await t.c.blobs.remove(`music/${track.id}.mp3`);
  const r = await t.app.inject({ method: 'GET', url: trackPath });
  if (r.statusCode !== 200) throw new Error(`track download answered ${r.statusCode}`);
}

async function requestClone(): Promise<void> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/voices/clone/',
    headers: t.headers,
    payload: { audio_url: pages.url('/sample.mp3'), name: 'Bench' },
  });
  if (r.statusCode !== 201) throw new Error(`clone answered ${r.statusCode}: ${r.body}`);
}

const results: Record<string, Record<string, Stall[]>> = { music: {}, clone: {} };
try {
  for (const [mode, workers] of [
    ['in-thread', 0],
    ['worker pool', DEFAULT_CPU_WORKERS],
  ] as const) {
    await configureCpuPool({ workers });
    for (const [name, work] of [
      ['music', downloadTrack],
      ['clone', requestClone],
    ] as const) {
      const all: Stall[] = [];
      for (let i = 0; i < runs; i++) {
        const s = await stallDuring(work);
        console.log(`${name.padEnd(5)} ${mode.padEnd(11)} run ${i + 1}: ${show(s)}`);
        all.push(s);
      }
      results[name]![mode] = all;
    }
  }
  console.log(`\nworst of ${runs} runs; ${DEFAULT_CPU_WORKERS} pool workers; ratio = in-thread / worker pool`);
  for (const name of ['music', 'clone'] as const) {
    const before = worst(results[name]!['in-thread']!);
    const after = worst(results[name]!['worker pool']!);
    console.log(
      `${name.padEnd(5)} max ${before.maxMs.toFixed(0)} → ${after.maxMs.toFixed(0)} ms (${(before.maxMs / after.maxMs).toFixed(1)}x), ` +
        `longest gap ${before.gapMs.toFixed(0)} → ${after.gapMs.toFixed(0)} ms (${(before.gapMs / after.gapMs).toFixed(1)}x), ` +
        `p99 ${before.p99Ms.toFixed(0)} → ${after.p99Ms.toFixed(0)} ms (${(before.p99Ms / after.p99Ms).toFixed(1)}x), ` +
        `request ${before.seconds.toFixed(2)} → ${after.seconds.toFixed(2)} s`,
    );
  }
} finally {
  await t.close();
  await pages.close();
  await db.drop();
  await configureCpuPool({ workers: 0 });
  await fixtures.cleanup();
}
