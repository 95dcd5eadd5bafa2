/**
 * AI Shorts and AI Editing, as a client sees them: wall time from POST to `done`, through the
 * HTTP API of a service started in this process (embedded database, local queue).
 *
 * Shorts: a ~30 s script (9:16, Cartoonish, built-in illustrator) previewed, then rendered.
 * Baselines measured in the same run: ffmpeg encoding the same number of seconds of one still
 * picture at the preview size and at the full size with the service's encoder settings (the
 * floor any short of that length pays).
 * Goals (issue 16): short preview under 20 s, render under 60 s on 2 cores.
 *
 *   npx tsx bench/shorts-editing.ts            (both halves)
 *   npx tsx bench/shorts-editing.ts --only shorts
 */
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../src/app/config.js';
import { createContainer, type Container } from '../src/app/container.js';
import { buildServer } from '../src/api/server.js';
import { apiDeps } from '../src/app/api-deps.js';
import { runFfmpeg } from '../src/engines/ffmpeg/index.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../test/helpers/media-fixtures.js';
import { arg, timed } from './timing.js';
import type { BenchAnswer } from './api-answer.js';

const SHORT_SCRIPT = [
  'Every morning my dog runs along the beach while the sun comes up over the ocean.',
  'Then we walk home through the city, past the bakery that sells fresh bread and coffee.',
  'At work I write code on my laptop and drink far too much tea.',
  'In the evening we cook pizza together and watch a movie about rockets flying to the moon.',
  'At night the stars come out, the city sleeps, and my dog dreams of tomorrow.',
  'Tomorrow we will do it all again, because every single day is a small adventure.',
].join(' ');

interface Api {
  call(method: string, path: string, body?: unknown): Promise<BenchAnswer>;
  /** Polls until done; `onProgress` sees each progress value (0–100) as it changes. */
  untilDone(path: string, onProgress?: (progress: number) => void): Promise<BenchAnswer>;
  fx: FixtureDir;
  c: Container;
  accountId: string;
}

async function benchShorts(api: Api): Promise<void> {
  // Warm-up: the script's library track is synthesised once per machine, then cached (the script
  // alone chooses it); the icon set is read once per worker.
  const warm = await api.call('POST', '/api/ai_shorts/preview/', { script: SHORT_SCRIPT, aspect_ratio: '9:16', style: 'Pixel art' });
  await api.untilDone(`/api/ai_shorts/${warm.id}/`);

  const previewStart = performance.now();
  const created = await api.call('POST', '/api/ai_shorts/preview/', { script: SHORT_SCRIPT, aspect_ratio: '9:16', style: 'Cartoonish' });
  // The job spends its first 45 % of progress on the plan (narration, pictures, music), the rest drawing.
  let planSeconds = NaN;
  const preview = await api.untilDone(`/api/ai_shorts/${created.id}/`, (p) => {
    if (p >= 45 && Number.isNaN(planSeconds)) planSeconds = (performance.now() - previewStart) / 1000;
  });
  const previewSeconds = (performance.now() - previewStart) / 1000;
  const renderStart = performance.now();
  await api.call('POST', `/api/ai_shorts/${created.id}/render/`);
  const rendered = await api.untilDone(`/api/ai_shorts/${created.id}/`);
  const renderSeconds = (performance.now() - renderStart) / 1000;

  const seconds = Number(rendered.duration);
  const photo = await makePhoto(api.fx.path('still.jpg'), { width: 1200, height: 1200 });
  const stillPreview = await timed(() => encodeStill(photo, api.fx.path('still-360.mp4'), '360:640', 'ultrafast', '30', seconds));
  const stillRender = await timed(() => encodeStill(photo, api.fx.path('still-1080.mp4'), '1080:1920', 'veryfast', '23', seconds));
  const narration = await timed(async () => {
    const voiceId = api.c.speech.defaultVoiceId!;
    await api.c.speech.synthesizer.synthesize({ accountId: api.accountId, text: SHORT_SCRIPT, voiceId, workDir: api.fx.path('') });
  });
  console.log(`shorts: ${seconds} s 9:16 Cartoonish, built-in illustrator; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  console.log(`  the narration alone (default voice, aligned): ${narration.toFixed(2)} s`);
  console.log(
    `  preview (POST → done, ${preview.duration} s of video): ${previewSeconds.toFixed(2)} s wall (goal < 20 s; of it the plan: ${planSeconds.toFixed(2)} s); still-picture encode at 360x640: ${stillPreview.toFixed(2)} s → ${(previewSeconds / stillPreview).toFixed(1)}x that floor`,
  );
  console.log(
    `  render  (POST → done, ${rendered.duration} s of video): ${renderSeconds.toFixed(2)} s wall (goal < 60 s); still-picture encode at 1080x1920: ${stillRender.toFixed(2)} s → ${(renderSeconds / stillRender).toFixed(1)}x that floor`,
  );
}

// ---------------------------------------------------------------------------------------------
// AI Editing half: the edit of a 60 s talking video (goal < 90 s) goes here, as
// `async function benchEditing(api: Api): Promise<void>`, called from main() below.
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const only = arg('only', 'all');
  const fx = await makeFixtureDir('clipwright-bench-shorts-');
  const c: Container = await createContainer(loadConfig({ DATA_DIR: fx.path('data'), LOG_LEVEL: 'silent', ALLOW_PRIVATE_URLS: '1', JOB_POLL_MS: '50' }));
  const app = await buildServer(apiDeps(c));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  await c.queue.startConsuming(c.runner.run);
  const account = await c.accounts.create('bench', 1000);
  const headers = { 'x-api-id': account.api_id, 'x-api-key': account.api_key, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await r.json()) as BenchAnswer;
  };
  const untilDone = async (path: string, onProgress?: (progress: number) => void) => {
    for (;;) {
      const t = await call('GET', path);
      onProgress?.(Number(t.progress));
      if (t.status === 'done') return t;
      if (t.status === 'failed') throw new Error(t.failed_reason ?? 'failed');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    if (only === 'all' || only === 'shorts') await benchShorts({ call, untilDone, fx, c, accountId: account.account_id });
    // if (only === 'all' || only === 'editing') await benchEditing({ call, untilDone, fx, c, accountId: account.account_id });
  } finally {
    await app.close();
    await c.close();
    await fx.cleanup();
  }
}

async function encodeStill(photo: string, output: string, size: string, preset: string, crf: string, seconds: number): Promise<void> {
  const [w, h] = size.split(':');
  await runFfmpeg([
    '-i',
    photo,
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=48000:cl=stereo',
    '-filter_complex',
    `[0:v]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1,format=yuv420p,loop=loop=${Math.ceil(seconds * 30) - 1}:size=1,settb=1/30,setpts=N,fps=30[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    crf,
    '-pix_fmt',
    'yuv420p',
    '-r',
    '30',
    '-c:a',
    'aac',
    '-t',
    seconds.toFixed(3),
    '-movflags',
    '+faststart',
    '-y',
    output,
  ]);
}

await main();
