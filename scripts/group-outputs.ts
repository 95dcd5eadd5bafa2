/**
 * One output of each picture-making group, made through the API as a client would, for people to
 * look at: the in-process service on a fresh embedded database, a product page served on loopback.
 *
 *   npx tsx scripts/group-outputs.ts [out-dir=/tmp/group-outputs] [photo.png|jpg] [groups=all]
 *
 * The product photo is the page's main image (default: the drawn bottle of the test fixtures; a real
 * photo gives a truer picture — scikit-image's CC0 `coffee.png` is one). Writes each output into
 * out-dir and prints a table: group, file, length, size, loudness, true peak. Frames are for eyes:
 * run `../shared/tools/contact-sheet FILE` (or any frame grabber) on the files.
 * `groups` is a comma list of the names in the table (url-to-video, v1, v2, aurora, product-video,
 * shorts, template, iab, asset, ad-clone).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEFAULT_AVATAR_ID } from '../src/domain/catalog/avatars.js';
import { probeMedia } from '../src/engines/ffmpeg/index.js';
import { downloadTo, startTestApp, type TestApp } from '../test/helpers/app.js';
import { freshSqlite } from '../test/helpers/databases.js';
import { makePortrait } from '../test/helpers/face-fixtures.js';
import { truePeakAndLoudness } from '../test/helpers/loudness-measure.js';
import { makeLogoPng, makeSpeech } from '../test/helpers/media-fixtures.js';
import { startPageServer } from '../test/helpers/page-server.js';
import { productPhoto } from '../test/helpers/product-fixtures.js';

const outDir = process.argv[2] ?? '/tmp/group-outputs';
const photoArg = process.argv[3];
const only = process.argv[4]?.split(',');
const wanted = (name: string) => !only || only.includes(name);

const PRODUCT = {
  name: 'Pikolo Duo Espresso Cup & Saucer',
  brand: 'Pikolo',
  price: '24.00',
  description: 'A hand-glazed porcelain espresso cup with a matching saucer, made for a thick crema.',
  features: [
    'Thick porcelain walls keep espresso hot longer',
    'Hand-glazed in a deep red finish',
    'Holds a double shot: 90 ml',
    'Dishwasher and microwave safe',
  ],
  review: 'The crema stays perfect and the cup feels great in the hand.',
};

await mkdir(outDir, { recursive: true });
const mainJpeg = photoArg
  ? await sharp(await readFile(photoArg))
      .jpeg({ quality: 92 })
      .toBuffer()
  : (await productPhoto({ width: 800, height: 1000 })).jpeg;
const meta = await sharp(mainJpeg).metadata();
const w = meta.width ?? 800;
const h = meta.height ?? 800;
// Two more views: what a shop's gallery has (a closer crop and a wider one).
const closeJpeg = await sharp(mainJpeg)
  .extract({ left: Math.round(w * 0.15), top: Math.round(h * 0.05), width: Math.round(w * 0.7), height: Math.round(h * 0.7) })
  .jpeg()
  .toBuffer();
const flippedJpeg = await sharp(mainJpeg).flop().jpeg().toBuffer();
const logoPath = await makeLogoPng(join(outDir, 'logo.png'), 256, '#8b1a1a');
const speechPath = await makeSpeech(join(outDir, 'speech.wav'), 'Hello! Let me show you my favourite espresso cup. It keeps the coffee hot.');
const portraitPath = await makePortrait(join(outDir, 'portrait.jpg'), 'presenter');

const pages = await startPageServer();
const jpeg = (body: Buffer) => ({ headers: { 'content-type': 'image/jpeg' }, body });
pages.route('/img/main.jpg', jpeg(mainJpeg));
pages.route('/img/close.jpg', jpeg(closeJpeg));
pages.route('/img/other.jpg', jpeg(flippedJpeg));
pages.route('/img/logo.png', { headers: { 'content-type': 'image/png' }, body: await readFile(logoPath) });
pages.route('/img/portrait.jpg', jpeg(await readFile(portraitPath)));
pages.route('/audio/speech.wav', { headers: { 'content-type': 'audio/wav' }, body: await readFile(speechPath) });
const jsonLd = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: PRODUCT.name,
  brand: { '@type': 'Brand', name: PRODUCT.brand },
  description: PRODUCT.description,
  image: [pages.url('/img/main.jpg'), pages.url('/img/close.jpg'), pages.url('/img/other.jpg')],
  offers: { '@type': 'Offer', price: PRODUCT.price, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
  aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', reviewCount: '1,204' },
  review: [{ '@type': 'Review', reviewBody: PRODUCT.review, author: { '@type': 'Person', name: 'Ana' } }],
};
pages.route('/product', {
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${PRODUCT.name} | Pikolo</title>
<meta property="og:image" content="${pages.url('/img/main.jpg')}"><link rel="icon" href="${pages.url('/img/logo.png')}">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body><main>
<img class="logo" src="${pages.url('/img/logo.png')}" alt="Pikolo logo"><h1>${PRODUCT.name}</h1><p>${PRODUCT.description}</p>
<ul>${PRODUCT.features.map((f) => `<li>${f}</li>`).join('')}</ul></main></body></html>`,
});

const db = await freshSqlite();
// The service's own default cut-out (the tests pin the quick border key for their drawn photos).
const t: TestApp = await startTestApp(db, { CUTOUT_ENGINE: 'auto' }, { credits: 100_000 });
const post = async (url: string, payload: unknown) => {
  const r = await t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });
  if (r.statusCode >= 300) throw new Error(`POST ${url}: ${r.statusCode} ${r.body.slice(0, 400)}`);
  return r.json();
};
const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: t.headers })).json();
async function waitDone(path: string, until = (b: Record<string, unknown>) => b.status === 'done' || b.status === 'failed') {
  for (const deadline = Date.now() + 900_000; Date.now() < deadline; ) {
    const body = await get(path);
    if (until(body)) {
      if (body.status === 'failed') throw new Error(`${path} failed: ${body.failed_reason}`);
      return body;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${path} not done in 15 min`);
}

interface Row {
  group: string;
  file: string;
  seconds: number | null;
  size: string;
  lufs: number | null;
  peak: number | null;
  madeSeconds: number;
}
const rows: Row[] = [];
async function keep(group: string, url: string, name: string, startedMs: number) {
  const file = await downloadTo(t, url, join(outDir, name));
  const probe = await probeMedia(file);
  const video = probe.video;
  const sound = probe.audio ? await truePeakAndLoudness(file) : null;
  rows.push({
    group,
    file,
    seconds: probe.durationSeconds ?? null,
    size: video ? `${video.width}x${video.height}` : '',
    lufs: sound?.integratedLufs ?? null,
    peak: sound?.truePeakDbtp ?? null,
    madeSeconds: Math.round((Date.now() - startedMs) / 100) / 10,
  });
}
async function run(group: string, make: (started: number) => Promise<void>) {
  if (!wanted(group)) return;
  const started = Date.now();
  try {
    await make(started);
  } catch (e) {
    console.error(`${group}: ${(e as Error).message}`);
  }
}

const link = await post('/api/links/', { url: pages.url('/product') });
await waitDone(`/api/links/${link.id}/`, (b) => b.status !== 'pending' && b.status !== 'processing');
let adPreviewFile: string | undefined;

await run('url-to-video', async (started) => {
  const styles = ['AvatarBubbleTemplate', 'FullScreenTemplate', 'FeatureHighlightTemplate'];
  const task = await post('/api/link_to_videos/preview_list_async/', { link: link.id, video_length: 30, aspect_ratio: '9:16', visual_styles: styles });
  const done = await waitDone(`/api/link_to_videos/${task.id}/`);
  for (const [i, p] of (done.previews as { url: string }[]).entries()) await keep(`url-to-video ${styles[i]} 9:16`, p.url, `url-to-video-${i}.mp4`, started);
  adPreviewFile = join(outDir, 'url-to-video-0.mp4');
  const wide = await post('/api/link_to_videos/preview/', { link: link.id, video_length: 15, aspect_ratio: '16:9', visual_style: 'SideBySideTemplate' });
  await keep('url-to-video SideBySide 16:9', (await waitDone(`/api/link_to_videos/${wide.id}/`)).preview, 'url-to-video-wide.mp4', started);
});

await run('v1', async (started) => {
  const task = await post('/api/lipsyncs/preview/', {
    aspect_ratio: '9:16',
    text: `Meet the ${PRODUCT.name}. ${PRODUCT.features[0]}. Get yours for $${PRODUCT.price}.`,
    background_asset_image_url: pages.url('/img/main.jpg'),
    no_caption: false,
  });
  await keep('AI Avatar v1', (await waitDone(`/api/lipsyncs/${task.id}/`)).preview, 'v1.mp4', started);
});

await run('v2', async (started) => {
  const task = await post('/api/lipsyncs_v2/preview/', {
    aspect_ratio: '9:16',
    video_inputs: [
      {
        character: { type: 'avatar', avatar_id: DEFAULT_AVATAR_ID },
        voice: { type: 'text', input_text: `This is the ${PRODUCT.name}.` },
        background: { type: 'image', url: pages.url('/img/main.jpg') },
        visual_style: 'SideBySide',
      },
      {
        character: { type: 'avatar', avatar_id: DEFAULT_AVATAR_ID },
        voice: { type: 'text', input_text: `${PRODUCT.features[0]}.` },
        background: { type: 'image', url: pages.url('/img/close.jpg'), effect: 'imageZoomIn' },
        visual_style: 'FullAvatar',
        cta: { cta_caption: { caption: 'Shop the Duo' } },
      },
    ],
    cta_end: true,
    cta_background: pages.url('/img/other.jpg'),
  });
  await keep('AI Avatar v2', (await waitDone(`/api/lipsyncs_v2/${task.id}/`)).preview, 'v2.mp4', started);
});

await run('aurora', async (started) => {
  const task = await post('/api/aurora/', { image: pages.url('/img/portrait.jpg'), audio: pages.url('/audio/speech.wav') });
  await keep('Aurora', (await waitDone(`/api/aurora/${task.id}/`)).output, 'aurora.mp4', started);
});

await run('product-video', async (started) => {
  const image = await post('/api/product_to_videos/gen_image/', {
    product_url: pages.url('/img/main.jpg'),
    aspect_ratio: '9:16',
    image_prompt: 'granite ledge, mountain morning',
  });
  await waitDone(`/api/product_to_videos/${image.id}/`);
  await post(`/api/product_to_videos/${image.id}/gen_video/`, { motion_style: 'display' });
  const done = await waitDone(`/api/product_to_videos/${image.id}/`, (b) => b.video_url != null || b.status === 'failed');
  await keep('Product Video display', done.video_url, 'product-video.mp4', started);
});

await run('shorts', async (started) => {
  const task = await post('/api/ai_shorts/preview/', {
    script: `Mornings start with a proper espresso. The ${PRODUCT.name} keeps it hot to the last sip. Thick porcelain, a deep red glaze. It goes in the dishwasher. Order yours today.`,
    aspect_ratio: '9:16',
    style: 'Cinematic',
    link: link.id,
  });
  await keep('AI Shorts Cinematic', (await waitDone(`/api/ai_shorts/${task.id}/`)).preview, 'shorts.mp4', started);
});

await run('template', async (started) => {
  const list = (await get('/api/custom_templates/')) as { id: string; name: string }[];
  const showcase = list.find((x) => /Product Showcase \(vertical\)/.test(x.name)) ?? list[0]!;
  const detail = await get(`/api/custom_templates/${showcase.id}/`);
  const parameters: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(detail.variables as Record<string, { type: string }>)) {
    if (v.type === 'image') parameters[name] = pages.url('/img/main.jpg');
    else if (v.type === 'text') parameters[name] = /price/i.test(name) ? `$${PRODUCT.price}` : /call to action|cta/i.test(name) ? 'Shop now' : PRODUCT.name;
    else if (v.type === 'voiceover') parameters[name] = { text: `${PRODUCT.name}. ${PRODUCT.features[0]}.` };
    else if (v.type === 'avatar') parameters[name] = DEFAULT_AVATAR_ID;
  }
  const task = await post('/api/custom_template_jobs/preview_async/', { template_id: showcase.id, parameters });
  await keep(`Template ${showcase.name}`, (await waitDone(`/api/custom_template_jobs/${task.id}/`)).preview, 'template.mp4', started);
});

await run('iab', async (started) => {
  const task = await post('/api/iab_images/', { link: link.id, call_to_action: 'Shop now' });
  const done = await waitDone(`/api/iab_images/${task.id}/`);
  for (const banner of done.output as { size: string; url: string; type: string }[]) {
    if (['300x250', '970x250', '160x600'].includes(banner.size)) await keep(`IAB ${banner.size}`, banner.url, `iab-${banner.size}-${banner.type}.png`, started);
  }
});

await run('asset', async (started) => {
  const task = await post('/api/ai_generation/', {
    model_name: 'product-staging',
    input_params: { image_url: pages.url('/img/main.jpg'), prompt: 'on a marble cafe counter, warm morning light' },
  });
  const done = await waitDone(`/api/ai_generation/${task.id}/`);
  await keep('Asset product-staging', done.output, 'asset.png', started);
});

await run('ad-clone', async (started) => {
  if (!adPreviewFile) throw new Error('needs the url-to-video output as its reference (run both)');
  pages.route('/ref.mp4', { headers: { 'content-type': 'video/mp4' }, body: await readFile(adPreviewFile) });
  const task = await post('/api/ads_clone/', { link: link.id, video_url: pages.url('/ref.mp4') });
  await keep('Ad Clone', (await waitDone(`/api/ads_clone/${task.id}/`)).output, 'ad-clone.mp4', started);
});

const table = [
  '| group | file | length s | size | LUFS | true peak dBTP | made in s |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.group} | ${r.file.replace(`${outDir}/`, '')} | ${r.seconds?.toFixed(2) ?? ''} | ${r.size} | ${r.lufs ?? ''} | ${r.peak ?? ''} | ${r.madeSeconds} |`,
  ),
].join('\n');
console.log(table);
await writeFile(join(outDir, 'outputs.md'), `${table}\n`);
await t.close();
await db.drop();
await pages.close();
