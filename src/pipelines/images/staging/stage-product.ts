import sharp from 'sharp';
import type { RgbaImage } from '../../../core/raster.js';
import type { StageRequest, StagedScene } from './staged-scene.js';
import { renderBackground } from '../backgrounds/procedural.js';

// PLACEHOLDER written by the lead so dependents can build; the img-staging helper replaces this file.
function raw(img: RgbaImage) {
  return sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 4 } });
}

export async function stageProduct(req: StageRequest): Promise<StagedScene> {
  const background = req.background ?? (await renderBackground('linear-gradient', { width: req.width, height: req.height, seed: req.seed, colors: ['#eeeeee', '#bbbbbb'] }));
  const scale = Math.min((req.height * 0.6) / req.product.height, (req.width * 0.6) / req.product.width);
  const w = Math.max(1, Math.round(req.product.width * scale)), h = Math.max(1, Math.round(req.product.height * scale));
  const { data } = await raw(req.product).resize(w, h).raw().toBuffer({ resolveWithObject: true });
  const productImg: RgbaImage = { width: w, height: h, data: new Uint8Array(data) };
  const box = { x: Math.round((req.width - w) / 2), y: Math.round(req.height * 0.8 - h), width: w, height: h };
  const comp = await raw(background).composite([{ input: Buffer.from(productImg.data), raw: { width: w, height: h, channels: 4 }, left: box.x, top: box.y }]).raw().toBuffer();
  return { kind: 'studio-gradient', description: 'placeholder', composite: { width: req.width, height: req.height, data: new Uint8Array(comp) }, background, shadow: null, product: { image: productImg, box }, palette: ['#c0392b'] };
}
