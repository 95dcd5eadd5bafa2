/**
 * Many workers, measured: the scaled mode (PostgreSQL + BullMQ) with 1, 2 and 4 worker processes
 * beside one API process, each round on a fresh database and an empty Redis database, against the
 * same fixed batch of mixed tasks sent at once: text to speech, short AI Avatar v1 lipsyncs and
 * URL-to-video previews from a product page served on loopback.
 *
 * Prints, per round: makespan, throughput (tasks/minute), queue wait p50/p95 (POST → first seen
 * taken, polled every 100 ms) for all tasks and for the TTS tasks alone (the light kind that must
 * not wait behind renders), and the efficiency per added worker: throughput(N) / (N ×
 * throughput(1)). The 1-worker round is the baseline, measured in the same run.
 *
 *   npx tsx bench/scale.ts [--workers 1,2,4] [--concurrency 1] [--tts 8] [--lipsyncs 3] [--previews 3]
 */
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { makeFixtureDir, makePhoto } from '../test/helpers/media-fixtures.js';
import { startPageServer } from '../test/helpers/page-server.js';
import { freshPostgres } from '../test/helpers/databases.js';
import { client, randomPort, runAdmin, startService, type ServiceProcess } from '../test/helpers/service-process.js';
import { arg } from './timing.js';

/** A Redis database of its own, emptied before every round, so no earlier job is in the way. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const workerCounts = arg('workers', '1,2,4').split(',').map(Number);
const concurrency = arg('concurrency', '1');
const counts = { tts: Number(arg('tts', '8')), lipsync: Number(arg('lipsyncs', '3')), preview: Number(arg('previews', '3')) };

const SENTENCES = [
  'Fresh coffee, ready when you are.',
  'Our new bottle keeps drinks cold all day.',
  'Order today and get free shipping.',
  'Five stars from over a thousand happy customers.',
  'Light, strong, and made to last.',
  'Try it for thirty days, risk free.',
  'Designed in Oslo, loved everywhere.',
  'The gift they will actually use.',
];

/** The GET of a task the round sent: one of the kinds below. */
type SentPath = `/api/${'link_to_videos' | 'lipsyncs' | 'text_to_speech'}/${string}/`;
interface Sent {
  kind: keyof typeof counts;
  path: SentPath;
  sentAtMs: number;
  takenAtMs?: number;
  doneAtMs?: number;
}
interface Round {
  workers: number;
  makespanS: number;
  perMinute: number;
  waitAll: number[];
  waitTts: number[];
  failed: number;
}

async function main(): Promise<void> {
  const fx = await makeFixtureDir('clipwright-bench-scale-');
  const pages = await startPageServer();
  const photos = await Promise.all([0, 1, 2].map((i) => makePhoto(fx.path(`p${i}.jpg`), { width: 800, height: 800 }, i)));
  for (const [i, p] of photos.entries()) pages.route(`/img/${i}.jpg`, { headers: { 'content-type': 'image/jpeg' }, body: await readFile(p) });
  pages.route('/product', {
    headers: { 'content-type': 'text/html' },
    body: `<html><head><title>ThermoFlask Pro – Insulated Bottle</title><meta name="description" content="Keeps coffee hot for 12 hours and water cold for 24. Leak-proof lid, recycled steel.">
<script type="application/ld+json">{"@type":"Product","name":"ThermoFlask Pro","image":[${photos.map((_, i) => `"${pages.baseUrl}/img/${i}.jpg"`).join(',')}],"offers":{"price":"24.99","priceCurrency":"USD"}}</script></head><body></body></html>`,
  });
  const rounds: Round[] = [];
  try {
    for (const workers of workerCounts) rounds.push(await runRound(workers, pages.url('/product')));
  } finally {
    await pages.close();
    await fx.cleanup();
  }
  const base = rounds.find((r) => r.workers === 1) ?? rounds[0]!;
  const total = counts.tts + counts.lipsync + counts.preview;
  console.log(
    `\nscale bench: ${total} tasks (${counts.tts} TTS, ${counts.lipsync} lipsyncs, ${counts.preview} URL-to-video previews) sent at once; WORKER_CONCURRENCY=${concurrency}; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log('workers | makespan s | tasks/min | wait p50 s | wait p95 s | TTS wait p50 s | TTS wait p95 s | efficiency | failed');
  for (const r of rounds) {
    const efficiency = r.perMinute / (r.workers * (base.perMinute / base.workers));
    console.log(
      `${String(r.workers).padStart(7)} | ${r.makespanS.toFixed(1).padStart(10)} | ${r.perMinute.toFixed(1).padStart(9)} | ${pct(r.waitAll, 50)} | ${pct(r.waitAll, 95)} | ${pct(r.waitTts, 50).padStart(14)} | ${pct(r.waitTts, 95).padStart(14)} | ${(efficiency * 100).toFixed(0).padStart(9)}% | ${r.failed}`,
    );
  }
}

async function runRound(workers: number, productUrl: string): Promise<Round> {
  const db = await freshPostgres();
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  const port = randomPort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl!,
    REDIS_URL,
    SIGNING_SECRET: 'bench-scale-secret',
    ALLOW_PRIVATE_URLS: '1',
    WORKER_CONCURRENCY: concurrency,
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_PER_SECOND: '100000',
  };
  const creds = await runAdmin(['accounts', 'create', '--name', 'bench', '--credits', '100000'], env);
  const procs: ServiceProcess[] = [startService('api', env)];
  try {
    await procs[0]!.waitFor(/clipwright started/, 60_000);
    for (let i = 0; i < workers; i++) procs.push(startService('worker', env));
    await Promise.all(procs.slice(1).map((p) => p.waitFor(/clipwright started/, 60_000)));
    const api = client(base, creds);
    const link = await api.post('/api/links/', { url: productUrl });
    if (link.status >= 300) throw new Error(`link: ${JSON.stringify(link.body)}`);
    const voices = await api.get('/api/voices/paginated/?language=en&page_size=1');
    const voice_id = voices.body.results[0]?.id;
    if (!voice_id) throw new Error(`no English voice: ${JSON.stringify(voices.body)}`);
    // Warm-up, one small task per worker: engines load and the library track is made once.
    const warm = await Promise.all(Array.from({ length: workers }, () => api.post('/api/text_to_speech/', { text: 'Warm up.', voice_id })));
    await Promise.all(warm.map((w) => api.until(`/api/text_to_speech/${w.body.id}/`, (b) => b.status === 'done' || b.status === 'failed', 120_000)));

    const started = Date.now();
    const sent: Sent[] = [];
    const send = async (
      kind: Sent['kind'],
      path: '/api/link_to_videos/preview/' | '/api/lipsyncs/' | '/api/text_to_speech/',
      body: unknown,
      getPath: (id: string) => SentPath,
    ) => {
      const r = await api.post(path, body);
      if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
      sent.push({ kind, path: getPath(r.body.id), sentAtMs: Date.now() });
    };
    // Renders first, then the TTS tasks: a light task must not wait behind the heavy ones already queued.
    for (let i = 0; i < counts.preview; i++)
      await send(
        'preview',
        '/api/link_to_videos/preview/',
        { link: link.body.id, video_length: 15, aspect_ratio: '9:16' },
        (id) => `/api/link_to_videos/${id}/`,
      );
    for (let i = 0; i < counts.lipsync; i++)
      await send('lipsync', '/api/lipsyncs/', { text: SENTENCES[i % SENTENCES.length], aspect_ratio: '9:16' }, (id) => `/api/lipsyncs/${id}/`);
    for (let i = 0; i < counts.tts; i++)
      await send('tts', '/api/text_to_speech/', { text: SENTENCES[i % SENTENCES.length], voice_id }, (id) => `/api/text_to_speech/${id}/`);

    let failed = 0;
    while (sent.some((s) => s.doneAtMs === undefined)) {
      if (Date.now() - started > 20 * 60_000) throw new Error('round did not finish in 20 minutes');
      await Promise.all(
        sent
          .filter((s) => s.doneAtMs === undefined)
          .map(async (s) => {
            const t = (await api.get(s.path)).body;
            if (t.status !== 'pending') s.takenAtMs ??= Date.now();
            if (t.status === 'done' || t.status === 'failed') {
              s.doneAtMs = Date.now();
              if (t.status === 'failed') {
                failed++;
                console.error(`${s.kind} failed: ${t.failed_reason}`);
              }
            }
          }),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
    const makespanS = (Math.max(...sent.map((s) => s.doneAtMs!)) - started) / 1000;
    const waits = (list: Sent[]) => list.map((s) => (s.takenAtMs! - s.sentAtMs) / 1000);
    const round = {
      workers,
      makespanS,
      perMinute: (sent.length / makespanS) * 60,
      waitAll: waits(sent),
      waitTts: waits(sent.filter((s) => s.kind === 'tts')),
      failed,
    };
    console.log(`${workers} worker(s): ${sent.length} tasks in ${makespanS.toFixed(1)} s`);
    return round;
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await db.drop();
  }
}

function pct(values: number[], p: number): string {
  if (values.length === 0) return '     –    ';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1).padStart(10);
}

await main();
