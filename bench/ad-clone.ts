/**
 * Ad Clone: shot detection over a set of reference ads made with ffmpeg (`test/helpers/reference-ads.ts`:
 * real photos — the face-api package's demo pictures when installed — and drawn products pushed in
 * and panned, drifting gradients, fractal zooms, living cells, a card sliding over each shot,
 * grain, captions), with every cut known to the frame. Per kind of cut — hard cuts (shots 1–3 s),
 * crossfades (0.3–0.5 s), fast cuts (shots 0.4–0.8 s), the three mixed, shots of one product
 * range on one pale ground, and slides (an extra: not asked for) — it prints recall and precision
 * within 2 frames of the detector (`pipelines/ad-clone/analysis/shot-boundaries.ts`) against the
 * baseline measured in the same run: ffmpeg's plain scene score (`scdet`) at a fixed threshold of
 * 10 on a 160 px tall copy, cuts closer than 0.4 s merged (what Ad Clone ran before).
 *
 * Then the analysis of a 1080×1920 reference (8 shots, crossfades among them, captions, speech)
 * against its bare decode, and with `--clone 1` the whole clone at full size: its shots, the
 * caption look it set, and how long before its end the voice stops.
 *
 * Run: npx tsx bench/ad-clone.ts [--refs 2] [--size 270x480] [--clone 1 [--scale 1]] [--keep 1] [--verbose 1] [--seed 1000] [--transcriber auto]
 * (`--refs 0` skips the set of references: only the full-size analysis, and the clone)
 * (`--scale` renders the clone smaller: 0.5 is 540×960)
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../src/app/config.js';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
import { createTesseractOcr } from '../src/engines/ocr/tesseract-ocr.js';
import { createTranscriber } from '../src/engines/transcribe/index.js';
import { analyseReference } from '../src/pipelines/ad-clone/analysis/analyse-reference.js';
import { detectShots } from '../src/pipelines/ad-clone/analysis/shot-cuts.js';
import { drawPicture } from '../src/pipelines/custom-templates/drawn-pictures.js';
import { mapWithConcurrency } from '../src/core/concurrency.js';
import { makeReferenceAd, scoreCuts, shotPlan, type CutKind, type ReferenceAd, type ReferenceScene } from '../test/helpers/reference-ads.js';
import { arg, timed } from './timing.js';

const run = promisify(execFile);
const ff = (args: string[], cwd?: string) =>
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { maxBuffer: 1 << 26, ...(cwd ? { cwd } : {}) });

/** The baseline: ffmpeg's scene score (scdet on RGB planes of a 160 px tall copy) ≥ 10, cuts closer than 0.4 s merged, none within 0.4 s of the ends. */
async function baselineCuts(path: string, durationSeconds: number, dir: string): Promise<number[]> {
  await ff(['-i', path, '-an', '-vf', 'scale=-2:160,format=gbrp,scdet=threshold=100,metadata=mode=print:file=scores.txt', '-f', 'null', '-'], dir);
  const text = await readFile(join(dir, 'scores.txt'), 'utf8');
  const scores: { t: number; s: number }[] = [];
  let t: number | null = null;
  for (const line of text.split('\n')) {
    const time = /pts_time:([\d.]+)/.exec(line);
    if (time) t = Number(time[1]);
    const score = /lavfi\.scd\.score=([\d.]+)/.exec(line);
    if (score && t !== null) scores.push({ t, s: Number(score[1]) });
  }
  const kept: number[] = [];
  for (const c of scores.filter((x) => x.s >= 10 && x.t >= 0.4 && x.t <= durationSeconds - 0.4).sort((a, b) => b.s - a.s))
    if (kept.every((k) => Math.abs(k - c.t) >= 0.4)) kept.push(c.t);
  return kept.sort((a, b) => a - b);
}

const dir = await mkdtemp(join(tmpdir(), 'cw-bench-adclone-'));
const ffmpeg = createFfmpegEngine();
const [W, H] = arg('size', '270x480').split('x').map(Number) as [number, number];
const perKind = Number(arg('refs', '2'));
try {
  // The scenes: real photos (when the face-api package ships its demo pictures), drawn products on
  // grounds of their own and on one shared pale ground, and ffmpeg's generators.
  const demo = (i: number) => resolve('node_modules/@vladmandic/face-api/demo', `sample${i}.jpg`);
  const photos: string[] = [];
  for (let i = 1; i <= 6; i++) {
    if (!existsSync(demo(i))) continue;
    const small = join(dir, `photo${i}.jpg`);
    await ff(['-i', demo(i), '-vf', `scale=-2:${Math.max(2 * H, 720)}`, '-q:v', '3', small]);
    photos.push(small);
  }
  const objects = ['bottle', 'mug', 'shoe', 'box', 'phone'] as const;
  const grounds = ['#e8e4dc', '#dfe7ef', '#f2e6d8', '#e6efe6', '#ece4ec'];
  const products = await Promise.all(
    objects.map((object, i) =>
      drawPicture({ draw: 'object', object, colors: ['#c81e3a', '#ecebe8', grounds[i]!] }, { width: 720, height: 720 }, join(dir, `product-${i}.png`)),
    ),
  );
  const oneGround = await Promise.all(
    (['bottle', 'bottle', 'mug', 'box'] as const).map((object, i) =>
      drawPicture(
        { draw: 'object', object, colors: [['#c81e3a', '#1e5ac8', '#c81e3a', '#2a8a4a'][i]!, '#ecebe8', '#e9e6e1'] },
        { width: 720, height: 720 },
        join(dir, `range-${i}.png`),
      ),
    ),
  );
  const generated: ReferenceScene[] = [
    { kind: 'gradient', colors: ['#203040', '#e08020'], seed: 3 },
    { kind: 'fractal', hue: 120, zoomFrom: 2 },
    { kind: 'cells', color: '#ffcc00', ground: '#102030', seed: 5 },
    { kind: 'gradient', colors: ['#f0e0d0', '#c0a080'], seed: 9 },
  ];
  const photo = (path: string): ReferenceScene => ({ kind: 'photo', path });
  // Interleaved: neighbours are sometimes alike (two photos of people, two products), sometimes not.
  const pool: ReferenceScene[] = [];
  for (let i = 0; i < 6; i++) {
    if (photos[i]) pool.push(photo(photos[i]!));
    if (products[i % products.length]) pool.push(photo(products[i % products.length]!));
    if (generated[i % generated.length]) pool.push(generated[i % generated.length]!);
  }
  const range: ReferenceScene[] = [
    { kind: 'photo', path: oneGround[0]!, startZoom: 1.1 },
    { kind: 'photo', path: oneGround[0]!, startZoom: 1.8, at: { x: 0.5, y: 0.2 } },
    { kind: 'photo', path: oneGround[1]!, startZoom: 1.1, zoom: 1.3 },
    // A jump cut: the same picture framed a little closer.
    { kind: 'photo', path: oneGround[1]!, startZoom: 1.45 },
    { kind: 'photo', path: oneGround[2]!, startZoom: 1.2 },
    { kind: 'photo', path: oneGround[3]!, startZoom: 1.1, zoom: 1.25 },
    ...(photos[0] ? [photo(photos[0]), { kind: 'photo' as const, path: photos[0], startZoom: 1.7, at: { x: 0.2, y: 0.3 } }] : []),
  ];
  const captions = ['TIRED OF COLD COFFEE', 'MEET THE BOTTLE', 'HOT FOR 12 HOURS', 'COLD FOR 24', 'LEAK PROOF LID', 'SHOP NOW'];
  const kinds: (CutKind | 'similar')[] = ['cuts', 'fades', 'fast', 'mixed', 'similar', 'slides'];
  const jobs = kinds.flatMap((kind) =>
    Array.from({ length: perKind }, (_, i) => {
      const seed = Number(arg('seed', '1000')) + kinds.indexOf(kind) * 100 + i;
      const plan =
        kind === 'similar' ? shotPlan(i % 2 ? 'fades' : 'cuts', 10, seed, range, captions) : shotPlan(kind, kind === 'fast' ? 16 : 10, seed, pool, captions);
      return { kind, i, seed, plan, fps: i % 3 === 2 ? 25 : 30 };
    }),
  );
  console.log(
    `machine: ${cpus().length} cores; ${jobs.length} references at ${W}x${H} (${perKind} per kind), photos: ${photos.length ? `${photos.length} real (face-api demo)` : 'none installed'}, ${products.length + oneGround.length} drawn products`,
  );
  let made: { kind: string; ad: ReferenceAd }[] = [];
  const makeSeconds = await timed(async () => {
    made = await mapWithConcurrency(jobs, 2, async (job) => ({
      kind: job.kind,
      ad: await makeReferenceAd({
        path: join(dir, `${job.kind}-${job.i}.mp4`),
        width: W,
        height: H,
        fps: job.fps,
        shots: job.plan,
        caption: { centreY: 0.72, sizeFraction: 0.04, color: '#ffffff', reveal: job.i % 2 ? 'words' : 'shot' },
        ...(job.i % 3 === 0 ? { title: { text: 'THERMOFLASK', centreY: 0.1, sizeFraction: 0.045, color: '#ffffff' } } : {}),
      }),
    }));
  });
  console.log(`references made in ${makeSeconds.toFixed(1)} s`);

  const totals = new Map<string, { cuts: number; found: number; hits: number; baseFound: number; baseHits: number; ms: number; baseMs: number }>();
  for (const { kind, ad } of made) {
    const work = join(dir, `work-${kind}-${ad.path.length}-${totals.size}`);
    let found: number[] = [];
    const ms =
      (await timed(async () => {
        found = (await detectShots(ffmpeg, ad.path, ad.durationSeconds, { workDir: join(work, 'ours') })).slice(1).map((s) => s.startSeconds);
      })) * 1000;
    let base: number[] = [];
    await mkdir(join(work, 'base'), { recursive: true });
    const baseMs =
      (await timed(async () => {
        base = await baselineCuts(ad.path, ad.durationSeconds, join(work, 'base'));
      })) * 1000;
    const ours = scoreCuts(found, ad.cuts, ad.fps);
    const theirs = scoreCuts(base, ad.cuts, ad.fps);
    if (arg('verbose', '0') === '1' && (ours.misses.length || ours.falseCuts.length))
      console.log(
        `  ${ad.path}: missed ${ours.misses.map((m) => `${m.kind} at frame ${Math.round(m.timeSeconds * ad.fps)}`).join(', ') || 'none'}; false at frames ${ours.falseCuts.map((t) => Math.round(t * ad.fps)).join(', ') || 'none'}`,
      );
    const t = totals.get(kind) ?? { cuts: 0, found: 0, hits: 0, baseFound: 0, baseHits: 0, ms: 0, baseMs: 0 };
    totals.set(kind, {
      cuts: t.cuts + ad.cuts.length,
      found: t.found + found.length,
      hits: t.hits + ours.hits,
      baseFound: t.baseFound + base.length,
      baseHits: t.baseHits + theirs.hits,
      ms: t.ms + ms,
      baseMs: t.baseMs + baseMs,
    });
  }
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)} %` : '–');
  if (jobs.length) console.log('kind       cuts | detector: recall precision | baseline scdet>=10: recall precision | time ours/baseline');
  const all = { cuts: 0, found: 0, hits: 0, baseFound: 0, baseHits: 0 };
  for (const [kind, t] of totals) {
    console.log(
      `${kind.padEnd(10)} ${String(t.cuts).padStart(4)} | ${pct(t.hits, t.cuts).padStart(6)} ${pct(t.hits, t.found).padStart(9)} | ${pct(t.baseHits, t.cuts).padStart(19)} ${pct(t.baseHits, t.baseFound).padStart(9)} | ${(t.ms / 1000).toFixed(1)} s / ${(t.baseMs / 1000).toFixed(1)} s`,
    );
    if (kind === 'slides') continue;
    for (const key of Object.keys(all) as (keyof typeof all)[]) all[key] += t[key];
  }
  if (all.cuts)
    console.log(
      `asked kinds (all but slides): ${all.cuts} cuts; detector recall ${pct(all.hits, all.cuts)}, precision ${pct(all.hits, all.found)}; baseline recall ${pct(all.baseHits, all.cuts)}, precision ${pct(all.baseHits, all.baseFound)}; goal recall >= 90 %: ${all.hits / all.cuts >= 0.9 ? 'met' : 'NOT met'}`,
    );

  // A full-size reference: analysis against the bare decode.
  const speech = join(dir, 'speech.wav');
  await run('espeak-ng', [
    '-v',
    'en-us',
    '-s',
    '160',
    '-w',
    speech,
    'Tired of cold coffee by nine? Meet the bottle that fixes it. It keeps drinks hot for twelve hours and cold for twenty four. The lid never leaks, and it fits every cup holder. Made from recycled steel. Shop now and get free shipping today.',
  ]);
  const fullShots = [2.5, 4, 3, 5, 3.5, 4.5, 3, 4.5].map((seconds, i) => ({
    seconds,
    scene: photos.length && i % 2 === 0 ? photo(photos[(i / 2) % photos.length]!) : photo(products[i % products.length]!),
    join: i % 3 === 1 ? { kind: 'fade' as const, seconds: 0.4 } : { kind: 'cut' as const },
    caption: captions[i % captions.length]!,
  }));
  let reference!: ReferenceAd;
  const fullMakeSeconds = await timed(async () => {
    reference = await makeReferenceAd({
      path: join(dir, 'reference-full.mp4'),
      width: 1080,
      height: 1920,
      fps: 30,
      shots: fullShots,
      caption: { centreY: 0.72, sizeFraction: 0.04, color: '#ffd400' },
      title: { text: 'THERMOFLASK', centreY: 0.1, sizeFraction: 0.04, color: '#ffffff' },
      audioPath: speech,
    });
  });
  const decodeSeconds = await timed(() => ff(['-i', reference.path, '-f', 'null', '-']));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', TRANSCRIBER: arg('transcriber', 'auto') });
  const transcriber = createTranscriber(ffmpeg, config.transcription);
  let analysis!: Awaited<ReturnType<typeof analyseReference>>;
  const analysisSeconds = await timed(async () => {
    analysis = await analyseReference({ ffmpeg, ocr: createTesseractOcr(), transcriber }, { videoPath: reference.path, workDir: join(dir, 'analysis') });
  });
  const shotsSeconds = await timed(() => detectShots(ffmpeg, reference.path, reference.durationSeconds, { workDir: join(dir, 'shots') }));
  transcriber.stop?.();
  const score = scoreCuts(
    analysis.shots.slice(1).map((s) => s.startSeconds),
    reference.cuts,
    30,
  );
  console.log(
    `full size: ${reference.durationSeconds.toFixed(1)} s 1080x1920 reference (made in ${fullMakeSeconds.toFixed(1)} s), ${reference.cuts.length} cuts (${reference.cuts.filter((c) => c.kind === 'fade').length} crossfades): found ${score.hits}/${reference.cuts.length}, ${score.falseCuts.length} false`,
  );
  console.log(
    `  analysis (${transcriber.id}): ${analysisSeconds.toFixed(1)} s; bare decode ${decodeSeconds.toFixed(1)} s; ratio ${(analysisSeconds / decodeSeconds).toFixed(1)}x; goal < 20 s: ${analysisSeconds < 20 ? 'met' : 'NOT met'}; shots alone ${shotsSeconds.toFixed(1)} s`,
  );
  console.log(`  caption look ${JSON.stringify(analysis.captionLook)}`);
  console.log(`  texts ${JSON.stringify(analysis.texts.map((t) => [t.shotIndex, t.role, t.text]))}`);

  if (arg('clone', '0') === '1') await benchClone(reference.path, analysis.durationSeconds);
} finally {
  if (arg('keep', '0') !== '1') await rm(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}

/** The whole clone at full size through the container's engines: length, shots, captions, where the voice stops. */
async function benchClone(referencePath: string, referenceSeconds: number): Promise<void> {
  const { createContainer } = await import('../src/app/container.js');
  const { makeAdClone } = await import('../src/pipelines/ad-clone/make-ad-clone.js');
  const { factsFrom } = await import('../src/domain/links/link-facts.js');
  const { createFetcher } = await import('../src/app/link-wiring.js');
  const { createServer } = await import('node:http');
  const c = await createContainer(
    loadConfig({ DATA_DIR: join(dir, 'service'), LOG_LEVEL: 'silent', TRANSCRIBER: arg('transcriber', 'auto'), ALLOW_PRIVATE_URLS: '1' }),
  );
  // The link's pictures: one product range on its own grounds (a bottle, a mug, a box).
  const images = await Promise.all(
    (['bottle', 'mug', 'box'] as const).map((object, i) =>
      drawPicture(
        { draw: 'object', object, colors: ['#1d3557', '#ecebe8', ['#f1e9dc', '#dde8f0', '#e8f0dd'][i]!] },
        { width: 1000, height: 1250 },
        join(dir, `link-${i}.png`),
      ),
    ),
  );
  const server = createServer(async (req, res) => {
    const i = Number((req.url ?? '').replace(/\D/g, ''));
    res.setHeader('content-type', 'image/png');
    res.end(await readFile(images[i] ?? images[0]!));
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  const facts = factsFrom(
    {
      title: 'ThermoFlask Pro',
      description: 'Keeps coffee hot for 12 hours and water cold for 24. Leak-proof lid, fits every cup holder.',
      imageUrls: [],
      videoUrls: [],
      logoUrl: null,
      price: { amount: 24.99, currency: 'USD' },
      reviews: null,
    },
    'bench',
  );
  let made!: Awaited<ReturnType<typeof makeAdClone>>;
  const videoPath = join(dir, 'clone.mp4');
  const cloneSeconds = await timed(async () => {
    made = await makeAdClone(
      {
        analysis: { ffmpeg, ocr: createTesseractOcr(), transcriber: c.transcriber },
        render: {
          ffmpeg,
          speech: c.speech.synthesizer,
          avatars: null,
          fetcher: createFetcher(c.config),
          musicCacheDir: join(dir, 'music'),
          defaultVoiceId: c.speech.defaultVoiceId ?? '',
        },
        voiceFor: () => null,
        scriptLanguages: ['en'],
      },
      {
        accountId: 'bench',
        referencePath,
        facts,
        imageUrls: [0, 1, 2].map((i) => `http://127.0.0.1:${port}/p${i}.png`),
        aspectRatio: '9:16',
        language: 'en',
        seed: 1,
        videoPath,
        thumbnailPath: join(dir, 'clone.jpg'),
        workDir: join(dir, 'clone-work'),
        outputScale: Number(arg('scale', '1')),
      },
    );
  });
  server.close();
  await c.close();
  const clonedShots = await detectShots(ffmpeg, videoPath, made.durationSeconds, { workDir: join(dir, 'clone-shots') });
  console.log(
    `whole clone at ${Math.round(1080 * Number(arg('scale', '1')))} px wide: ${cloneSeconds.toFixed(1)} s for ${made.durationSeconds.toFixed(1)} s (reference ${referenceSeconds.toFixed(1)} s); shots found in it ${clonedShots.length} (${clonedShots.map((s) => s.durationSeconds.toFixed(2)).join(' ')}); its voice stops ${made.speechEndSeconds === null ? '(none)' : `${(made.durationSeconds - made.speechEndSeconds).toFixed(2)} s before the end`}`,
  );
  console.log(`  script: ${JSON.stringify(made.script)}`);
  console.log(`  captions set: ${JSON.stringify(made.template.captions)}`);
}
