import { productPhoto } from '../../test/helpers/product-fixtures.js';
import { stageProduct } from '../../src/pipelines/images/staging/stage-product.js';
import { encodePng } from '../../src/pipelines/images/raster-io.js';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
const p = await productPhoto();
const cut = { ...p.rgba, data: new Uint8Array(p.rgba.data) };
for (let i = 0; i < p.mask.length; i++) cut.data[i * 4 + 3] = p.mask[i]!;
const tiles: Buffer[] = [];
for (const [i, prompt] of ['', 'walnut wood table, warm', 'white marble luxury', 'outdoor garden sunny', 'podium pastel', 'glossy reflection dark moody'].entries()) {
  const s = await stageProduct({ product: cut, width: 640, height: 360, prompt, seed: i + 1 });
  tiles.push(await sharp(await encodePng(s.composite)).png().toBuffer());
  console.log(prompt, '→', s.kind, s.description);
}
const grid = await sharp({ create: { width: 1280, height: 1080, channels: 3, background: '#000' } }).composite(tiles.map((t, i) => ({ input: t, left: (i % 2) * 640, top: Math.floor(i / 2) * 360 }))).png().toFile('/tmp/stage-grid.png');
