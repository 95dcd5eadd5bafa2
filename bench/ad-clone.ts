/**
 * Ad clone of a 30 s 9:16 reference at 1080×1920: eight animated shots of known lengths, a
 * caption per shot drawn with a shipped font, speech over a music-like tone. Measures, in the
 * same run:
 *   - the analysis (shots, OCR per shot, transcript, energy) against the bare decode of the
 *     reference (ffmpeg reading every frame and doing nothing): goal under 20 s on 2 cores;
 *   - the whole clone (analysis + script + template render at 1080×1920) against the still-picture
 *     floor (one picture encoded for the clone's length at the same size and encoder settings).
 *
 * Run: npx tsx bench/ad-clone.ts [--transcriber auto|pocketsphinx|whisper] [--analysis-only 1] [--keep 1]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../src/app/config.js';
import { createContainer } from '../src/app/container.js';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
import { createTesseractOcr } from '../src/engines/ocr/tesseract-ocr.js';
import { createTranscriber } from '../src/engines/transcribe/index.js';
import { analyseReference } from '../src/pipelines/ad-clone/analysis/analyse-reference.js';
import { makeAdClone } from '../src/pipelines/ad-clone/make-ad-clone.js';
import { factsFrom } from '../src/domain/links/link-facts.js';
import { arg, timed } from './timing.js';

const run = promisify(execFile);
const ff = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { maxBuffer: 1 << 26 });
const FONT = '/usr/local/share/fonts/clipwright/Montserrat_700Bold.ttf';
const SHOTS = [2.5, 4, 3, 5, 3.5, 4.5, 3, 4.5];
const CAPTIONS = [
  'TIRED OF COLD COFFEE',
  'MEET THE BOTTLE',
  'HOT FOR 12 HOURS',
  'COLD FOR 24',
  'LEAK PROOF LID',
  'FITS EVERY CUP HOLDER',
  'RECYCLED STEEL',
  'SHOP NOW',
];

const dir = await mkdtemp(join(tmpdir(), 'cw-bench-adclone-'));
const ffmpeg = createFfmpegEngine();
try {
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
  const reference = join(dir, 'reference.mp4');
  let t = 0;
  const draws = SHOTS.map((s, i) => {
    const from = t;
    t += s;
    return `drawtext=fontfile=${FONT}:text='${CAPTIONS[i]}':fontcolor=#ffd400:borderw=4:bordercolor=black:fontsize=72:x=(w-text_w)/2:y=h*0.74:enable='between(t,${from.toFixed(2)},${(t - 0.01).toFixed(2)})'`;
  });
  const inputs = SHOTS.flatMap((s, i) => [
    '-f',
    'lavfi',
    '-i',
    `gradients=s=1080x1920:d=${s}:r=30:speed=0.02:seed=${i * 7 + 1}:c0=0x${(0x203040 + i * 0x152307).toString(16).slice(-6)}:c1=0x${(0xa05020 + i * 0x0a3061).toString(16).slice(-6)}`,
  ]);
  const total = SHOTS.reduce((a, b) => a + b, 0);
  await ff([
    ...inputs,
    '-i',
    speech,
    '-f',
    'lavfi',
    '-i',
    `sine=f=196:d=${total}`,
    '-filter_complex',
    `${SHOTS.map((_, i) => `[${i}:v]`).join('')}concat=n=${SHOTS.length}:v=1:a=0,${draws.join(',')}[v];[${SHOTS.length}:a]apad[s];[${SHOTS.length + 1}:a]volume=0.08[m];[s][m]amix=inputs=2:duration=longest[a]`,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-t',
    String(total),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    reference,
  ]);
  console.log(`reference: ${total} s, 1080x1920, ${SHOTS.length} shots; machine: ${cpus().length} cores`);

  const decodeSeconds = await timed(() => ff(['-i', reference, '-f', 'null', '-']));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', TRANSCRIBER: arg('transcriber', 'auto') });
  const transcriber = createTranscriber(ffmpeg, config.transcription);
  let analysis!: Awaited<ReturnType<typeof analyseReference>>;
  const analysisSeconds = await timed(async () => {
    analysis = await analyseReference({ ffmpeg, ocr: createTesseractOcr(), transcriber }, { videoPath: reference, workDir: dir });
  });
  // Each step alone (the analysis runs the recogniser beside the picture steps).
  const { detectShots } = await import('../src/pipelines/ad-clone/analysis/shot-cuts.js');
  const { readShotTexts } = await import('../src/pipelines/ad-clone/analysis/screen-text.js');
  const { measureEnergy } = await import('../src/pipelines/ad-clone/analysis/audio-energy.js');
  const shotsSeconds = await timed(() => detectShots(ffmpeg, reference, total));
  const ocrSeconds = await timed(() => readShotTexts({ ffmpeg, ocr: createTesseractOcr() }, { videoPath: reference, shots: analysis.shots, workDir: dir }));
  const hearSeconds = await timed(() => transcriber.transcribe({ mediaPath: reference }));
  const energySeconds = await timed(() => measureEnergy(ffmpeg, reference, true, []));
  transcriber.stop?.();
  const found = analysis.shots.map((s) => s.durationSeconds.toFixed(2)).join(' ');
  console.log(
    `analysis (${transcriber.id}): ${analysisSeconds.toFixed(1)} s; bare decode ${decodeSeconds.toFixed(1)} s; ratio ${(analysisSeconds / decodeSeconds).toFixed(1)}x; goal < 20 s: ${analysisSeconds < 20 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  steps alone: shots ${shotsSeconds.toFixed(1)} s, OCR of ${analysis.shots.length} frames ${ocrSeconds.toFixed(1)} s, transcript ${hearSeconds.toFixed(1)} s, energy ${energySeconds.toFixed(1)} s`,
  );
  console.log(`  shots found ${analysis.shots.length} (${found}); made ${SHOTS.length} (${SHOTS.join(' ')})`);
  console.log(`  caption look ${JSON.stringify(analysis.captionLook)}; sentences heard ${analysis.script.sentenceCount}; energy ${analysis.energy.level}`);

  if (arg('analysis-only', '0') !== '1') {
    // The whole clone through the container's engines, at full size.
    const c = await createContainer(
      loadConfig({ DATA_DIR: join(dir, 'service'), LOG_LEVEL: 'silent', TRANSCRIBER: arg('transcriber', 'auto'), ALLOW_PRIVATE_URLS: '1' }),
    );
    const still = join(dir, 'still.png');
    await ff(['-f', 'lavfi', '-i', 'gradients=s=1080x1920:seed=3', '-frames:v', '1', still]);
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
    const images = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const p = join(dir, `product-${i}.png`);
        await ff(['-f', 'lavfi', '-i', `gradients=s=1080x1350:seed=${i + 11}`, '-frames:v', '1', p]);
        return p;
      }),
    );
    // The renderer fetches link pictures by URL; file URLs are not served, so a tiny local server is.
    const { createServer } = await import('node:http');
    const { readFile } = await import('node:fs/promises');
    const server = createServer(async (req, res) => {
      const i = Number((req.url ?? '').replace(/\D/g, ''));
      res.setHeader('content-type', 'image/png');
      res.end(await readFile(images[i] ?? images[0]!));
    }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    let cloneDuration = 0;
    const cloneSeconds = await timed(async () => {
      const made = await makeAdClone(
        {
          analysis: { ffmpeg, ocr: createTesseractOcr(), transcriber: c.transcriber },
          render: {
            ffmpeg,
            speech: c.speech.synthesizer,
            avatars: null,
            fetcher: (await import('../src/app/link-wiring.js')).createFetcher(c.config),
            musicCacheDir: join(dir, 'music'),
            defaultVoiceId: c.speech.defaultVoiceId ?? '',
          },
          voiceFor: () => null,
          scriptLanguages: ['en'],
        },
        {
          accountId: 'bench',
          referencePath: reference,
          facts,
          imageUrls: [0, 1, 2].map((i) => `http://127.0.0.1:${port}/p${i}.png`),
          aspectRatio: '9:16',
          language: 'en',
          seed: 1,
          videoPath: join(dir, 'clone.mp4'),
          thumbnailPath: join(dir, 'clone.jpg'),
          workDir: join(dir, 'work'),
          outputScale: 1,
          onProgress: () => {},
        },
      );
      cloneDuration = made.durationSeconds;
    });
    server.close();
    const floorSeconds = await timed(() =>
      ff([
        '-loop',
        '1',
        '-framerate',
        '30',
        '-i',
        still,
        '-t',
        String(cloneDuration),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        join(dir, 'floor.mp4'),
      ]),
    );
    console.log(
      `whole clone (analysis + render of ${cloneDuration.toFixed(1)} s at 1080x1920): ${cloneSeconds.toFixed(1)} s; still-picture floor ${floorSeconds.toFixed(1)} s; ratio ${(cloneSeconds / floorSeconds).toFixed(1)}x`,
    );
    await c.close();
  }
} finally {
  if (arg('keep', '0') !== '1') await rm(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}
