/**
 * URL to Video, as a client sees it: wall time from POST to `done` for a 30 s 9:16 preview and
 * for its full render, through the HTTP API of a service started in this process (embedded
 * database, local queue), from a product page with four photos served on loopback.
 * Baselines measured in the same run: ffmpeg encoding 30 s of one still picture at the preview
 * size and at the full size with the service's encoder settings.
 * Goal (issue 6): preview under 20 s, render under 60 s on 2 cores. Each job's stage table
 * (issue 30) follows, read from the task.
 *
 *   npx tsx bench/url-to-video.ts
 */
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../src/app/config.js';
import { createContainer } from '../src/app/container.js';
import { buildServer } from '../src/api/server.js';
import { apiDeps } from '../src/app/api-deps.js';
import { runFfmpeg } from '../src/engines/ffmpeg/index.js';
import { makeFixtureDir, makePhoto } from '../test/helpers/media-fixtures.js';
import { startPageServer } from '../test/helpers/page-server.js';
import { timed } from './timing.js';
import type { BenchAnswer } from './api-answer.js';
import { stageTable } from './stage-table.js';

const SECONDS = 30;

async function main(): Promise<void> {
  const fx = await makeFixtureDir('clipwright-bench-l2v-');
  const pages = await startPageServer();
  const photos = await Promise.all([0, 1, 2, 3].map((i) => makePhoto(fx.path(`p${i}.jpg`), { width: 1200, height: 1200 }, i)));
  for (const [i, p] of photos.entries()) pages.route(`/img/${i}.jpg`, { headers: { 'content-type': 'image/jpeg' }, body: await readFile(p) });
  pages.route('/product', {
    headers: { 'content-type': 'text/html' },
    body: `<html><head><title>ThermoFlask Pro – Insulated Bottle</title><meta name="description" content="Keeps coffee hot for 12 hours and water cold for 24. Leak-proof lid, fits every cup holder, recycled steel.">
<script type="application/ld+json">{"@type":"Product","name":"ThermoFlask Pro","image":[${photos.map((_, i) => `"${pages.baseUrl}/img/${i}.jpg"`).join(',')}],"offers":{"price":"24.99","priceCurrency":"USD"}}</script></head><body></body></html>`,
  });

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
  const untilDone = async (id: string) => {
    for (;;) {
      const t = await call('GET', `/api/link_to_videos/${id}/`);
      if (t.status === 'done') return t;
      if (t.status === 'failed') throw new Error(t.failed_reason ?? 'failed');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  try {
    const link = await call('POST', '/api/links/', { url: pages.url('/product') });
    // Warm-up: the library track is synthesised once per machine, then cached.
    const warm = await call('POST', '/api/link_to_videos/preview/', { link: link.id, video_length: 15 });
    await untilDone(warm.id);

    const previewStart = performance.now();
    const created = await call('POST', '/api/link_to_videos/preview/', {
      link: link.id,
      video_length: SECONDS,
      aspect_ratio: '9:16',
      visual_style: 'AvatarBubbleTemplate',
    });
    const preview = await untilDone(created.id);
    const previewSeconds = (performance.now() - previewStart) / 1000;
    // Printed at once: on a loaded machine the render may take long enough to be cut short.
    console.log(stageTable(`preview stages (the task's own, GET stages; ${previewSeconds.toFixed(2)} s POST → done)`, preview));
    const renderStart = performance.now();
    await call('POST', `/api/link_to_videos/${created.id}/render/`);
    const rendered = await untilDone(created.id);
    const renderSeconds = (performance.now() - renderStart) / 1000;

    const stillPreview = await timed(() => encodeStill(photos[0]!, fx.path('still-360.mp4'), '360:640', 'ultrafast', '30'));
    const stillRender = await timed(() => encodeStill(photos[0]!, fx.path('still-1080.mp4'), '1080:1920', 'veryfast', '23'));

    console.log(`url-to-video bench: ${SECONDS} s 9:16, AvatarBubbleTemplate, 4 photos; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
    console.log(
      `preview (POST → done, ${preview.duration} s of video): ${previewSeconds.toFixed(2)} s wall (goal < 20 s); still-picture encode at 360x640: ${stillPreview.toFixed(2)} s → ${(previewSeconds / stillPreview).toFixed(1)}x that baseline`,
    );
    console.log(
      `render  (POST → done, ${rendered.duration} s of video): ${renderSeconds.toFixed(2)} s wall (goal < 60 s); still-picture encode at 1080x1920: ${stillRender.toFixed(2)} s → ${(renderSeconds / stillRender).toFixed(1)}x that baseline`,
    );
    console.log(stageTable('render stages', rendered));
  } finally {
    await app.close();
    await c.close();
    await pages.close();
    await fx.cleanup();
  }
}

async function encodeStill(photo: string, output: string, size: string, preset: string, crf: string): Promise<void> {
  const [w, h] = size.split(':');
  await runFfmpeg([
    '-i',
    photo,
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=48000:cl=stereo',
    '-filter_complex',
    `[0:v]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1,format=yuv420p,loop=loop=${SECONDS * 30 - 1}:size=1,settb=1/30,setpts=N,fps=30[v]`,
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
    String(SECONDS),
    '-movflags',
    '+faststart',
    '-y',
    output,
  ]);
}

await main();
