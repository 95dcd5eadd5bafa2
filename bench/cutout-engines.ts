/**
 * Cut-out and person-mask engines on 1024-px photos: seconds per photo and the ISNet sidecar's
 * memory, against a baseline measured in the same run (sharp resizing the same photo to 1024 px
 * and back, what any cut-out pays at least).
 *
 *   npx tsx bench/cutout-engines.ts [--rounds 3] [--model medium|small]
 *
 * Photos: a real group photo from face-api's demo folder and the drawn product photo, both at
 * 1024 px on the longest side. The first ISNet call includes starting the worker and loading
 * the model; it is printed apart from the steady per-photo time.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createBorderKeyCutout } from '../src/engines/image/border-key-cutout.js';
import { createImglyCutout, imglySidecarInstalled } from '../src/engines/image/imgly-cutout.js';
import { createSelfieSegmenter } from '../src/engines/image/selfie-segmenter.js';
import type { RgbaImage } from '../src/core/raster.js';
import { decodeImage } from '../src/pipelines/images/raster-io.js';
import { groupPhoto } from '../test/helpers/face-fixtures.js';
import { productPhoto } from '../test/helpers/product-fixtures.js';
import { arg, timed } from './timing.js';

const rounds = Number(arg('rounds', '3'));
const model = arg('model', 'medium') === 'small' ? 'small' : 'medium';

async function at1024(photo: RgbaImage): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(photo.data), { raw: { width: photo.width, height: photo.height, channels: 4 } })
    .resize(1024, 1024, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

function rssMb(pid: number | null): { rss: number; peak: number } | null {
  if (!pid) return null;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const photos = {
    group: await at1024(await decodeImage(groupPhoto(1))),
    product: await at1024((await productPhoto({ width: 960, height: 1200 })).rgba),
  };
  for (const [name, photo] of Object.entries(photos)) {
    const base = await timed(() =>
      sharp(Buffer.from(photo.data), { raw: { width: photo.width, height: photo.height, channels: 4 } })
        .resize(512)
        .resize(photo.width, photo.height)
        .raw()
        .toBuffer(),
    );
    console.log(`${name} ${photo.width}×${photo.height}: baseline sharp resize round trip ${base.toFixed(3)} s`);
  }

  if (imglySidecarInstalled()) {
    const imgly = createImglyCutout({ model });
    const first = await timed(() => imgly.cutOut(photos.group));
    console.log(`imgly-isnet (${model}): first call (worker start + model load + photo) ${first.toFixed(2)} s`);
    for (const [name, photo] of Object.entries(photos)) {
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) times.push(await timed(() => imgly.cutOut(photo)));
      const mem = rssMb(imgly.worker.pid);
      console.log(
        `imgly-isnet (${model}) ${name}: median ${median(times).toFixed(2)} s per photo (${times.map((t) => t.toFixed(2)).join(', ')}); worker RSS ${mem?.rss} MB, peak ${mem?.peak} MB`,
      );
    }
    imgly.close();
  } else {
    console.log('imgly-isnet: sidecar not installed (run scripts/setup.sh)');
  }

  const borderKey = createBorderKeyCutout();
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) times.push(await timed(() => borderKey.cutOut(photos.product)));
  console.log(`border-key product: median ${median(times).toFixed(3)} s per photo`);

  const selfie = createSelfieSegmenter();
  const firstSelfie = await timed(() => selfie.segment(photos.group));
  const selfieTimes: number[] = [];
  for (let r = 0; r < rounds; r++) selfieTimes.push(await timed(() => selfie.segment(photos.group)));
  console.log(`selfie group: first (model load) ${firstSelfie.toFixed(2)} s, then median ${median(selfieTimes).toFixed(3)} s per photo`);
  console.log(
    `service process RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
}

await main();
