/**
 * The images family end to end on 2 cores, against a baseline taken in the same run (sharp
 * resizing the same photo to 1024 px, what any image step pays at least):
 *
 *   - cut-out: the ISNet sidecar (first call with the model load, then warm) and border-key;
 *   - gen_image as the job does it: cut-out + staging at 1920×1080 + PNG (goal < 25 s);
 *   - the 12 IAB banners of a photo (goal < 8 s);
 *   - image-to-video: a 5 s Ken Burns at 1080p;
 *   - a 10 s display video at 1080p from the staged layers (goal < 30 s).
 *
 *   npx tsx bench/images.ts [--cutout imgly|border-key]
 *
 * The product photo is the drawn bottle of the tests at 1920×1536; the IAB photo is a real group
 * photo from face-api's demo folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
import { createFaceApiEngine } from '../src/engines/face/index.js';
import { createBorderKeyCutout } from '../src/engines/image/border-key-cutout.js';
import { createImglyCutout, imglySidecarInstalled } from '../src/engines/image/imgly-cutout.js';
import { createSmartcropCropper } from '../src/engines/image/smartcrop-cropper.js';
import type { CutoutEngine } from '../src/engines/image/port.js';
import { makeIabBanners } from '../src/pipelines/iab-images/make-iab-banners.js';
import { renderDisplayVideo } from '../src/pipelines/images/motion/display-video.js';
import { renderStillVideo } from '../src/pipelines/images/motion/still-video.js';
import { decodeImage, encodePng } from '../src/pipelines/images/raster-io.js';
import { saveStagedLayers } from '../src/pipelines/images/staging/save-layers.js';
import { stageProduct } from '../src/pipelines/images/staging/stage-product.js';
import { groupPhoto } from '../test/helpers/face-fixtures.js';
import { productPhoto } from '../test/helpers/product-fixtures.js';
import { arg, timed } from './timing.js';

const work = mkdtempSync(join(tmpdir(), 'cw-bench-images-'));
const ffmpeg = createFfmpegEngine();
const useImgly = arg('cutout', imglySidecarInstalled() ? 'imgly' : 'border-key') === 'imgly';
const imgly = useImgly ? createImglyCutout() : null;
const cutout: CutoutEngine = imgly ?? createBorderKeyCutout();
const rows: [string, number, number | null][] = [];
const row = (name: string, seconds: number, goal: number | null = null) => {
  rows.push([name, seconds, goal]);
  console.log(`${name.padEnd(44)} ${seconds.toFixed(2).padStart(7)} s${goal ? `   (goal < ${goal} s)` : ''}`);
};

try {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; cut-out engine: ${cutout.name}`,
  );
  const bottle = await productPhoto({ width: 1920, height: 1536 });
  const photoPath = join(work, 'bottle.jpg');
  writeFileSync(photoPath, bottle.jpeg);
  const baseline = await timed(() => sharp(photoPath).resize(1024, 1024, { fit: 'inside' }).png().toBuffer());
  row('baseline: sharp resize of the photo to 1024 px', baseline);

  const photo = await decodeImage(photoPath);
  let cut = photo;
  row(`cut-out (${cutout.name}), first call`, await timed(async () => (cut = await cutout.cutOut(photo))));
  if (imgly) row(`cut-out (${cutout.name}), warm`, await timed(() => cutout.cutOut(photo)));
  row('cut-out (border-key)', await timed(() => createBorderKeyCutout().cutOut(photo)));

  let layersDir = '';
  const genImage = await timed(async () => {
    const fresh = await cutout.cutOut(photo);
    const scene = await stageProduct({ product: fresh, width: 1920, height: 1080, prompt: 'walnut wood table, warm light', seed: 7 });
    writeFileSync(join(work, 'gen_image.png'), await encodePng(scene.composite));
    layersDir = join(work, 'layers');
    await import('node:fs/promises').then((fs) => fs.mkdir(layersDir, { recursive: true }));
    await saveStagedLayers(scene, layersDir);
  });
  row('gen_image: cut-out + staging 1920×1080 + PNG', genImage, 25);
  const staged = await stageProduct({ product: cut, width: 1920, height: 1080, prompt: 'white marble, bright', seed: 3 });
  const layers = await saveStagedLayers(staged, layersDir);

  const iabDir = join(work, 'iab');
  await import('node:fs/promises').then((fs) => fs.mkdir(iabDir, { recursive: true }));
  const faces = createFaceApiEngine();
  const group = await decodeImage(groupPhoto(4));
  await faces.detect(group); // the face models load once per process; a service has them warm
  row(
    '12 IAB banners of a 1920-px group photo',
    await timed(() => makeIabBanners({ photo: group, outDir: iabDir, faces, cutout, cropper: createSmartcropCropper() })),
    8,
  );

  row(
    'image-to-video: Ken Burns 5 s 1080p',
    await timed(() =>
      renderStillVideo(
        {
          imagePath: layers.compositePng,
          motion: 'ken-burns',
          width: 1920,
          height: 1080,
          durationSeconds: 5,
          seed: 1,
          outputPath: join(work, 'ken-burns.mp4'),
        },
        ffmpeg,
      ),
    ),
  );
  row(
    'display video: 3 shots, 10 s 1080p',
    await timed(() =>
      renderDisplayVideo(
        {
          layers,
          motions: ['orbit-parallax', 'push-in', 'light-sweep'],
          durationSeconds: 10,
          seed: 1,
          outputPath: join(work, 'display.mp4'),
        },
        ffmpeg,
      ),
    ),
    30,
  );

  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [name, seconds] of rows.slice(1)) console.log(`ratio ${name}: ${(seconds / baseline).toFixed(0)}× the baseline`);
  const missed = rows.filter(([, s, goal]) => goal !== null && s >= goal);
  console.log(missed.length ? `goals missed: ${missed.map(([n]) => n).join('; ')}` : 'every goal met');
} finally {
  imgly?.close();
  rmSync(work, { recursive: true, force: true });
}
