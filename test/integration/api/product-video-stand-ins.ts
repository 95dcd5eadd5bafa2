import sharp from 'sharp';
import type { RgbaImage } from '../../../src/core/raster.js';
import type { StagedLayerFiles, StagedScene } from '../../../src/pipelines/images/staging/staged-scene.js';

/** Test stand-ins for the lead's placeholders only (see product-videos.test.ts); the real modules pass through. */
function tint(img: RgbaImage, seed: number): RgbaImage {
  const shift = [(seed * 37) % 120, (seed * 71) % 120, (seed * 13) % 120];
  const data = new Uint8Array(img.data);
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, Math.abs(data[i + c]! - shift[c]!));
  return { width: img.width, height: img.height, data };
}

export async function tintBySeed(scene: StagedScene, seed: number): Promise<StagedScene> {
  const background = tint(scene.background, seed);
  const { x, y } = scene.product.box;
  const composite = await sharp(Buffer.from(background.data), { raw: { width: background.width, height: background.height, channels: 4 } })
    .composite([{ input: Buffer.from(scene.product.image.data), raw: { width: scene.product.image.width, height: scene.product.image.height, channels: 4 }, left: x, top: y }])
    .raw().toBuffer();
  return { ...scene, background, composite: { width: background.width, height: background.height, data: new Uint8Array(composite) } };
}

export function isPlaceholderDisplay(fn: (...a: never[]) => unknown): boolean {
  return fn.toString().includes("zoompan=z='1+0.1*on/");
}

export async function tintedLayers(layers: StagedLayerFiles, seed: number): Promise<StagedLayerFiles> {
  const out = layers.compositePng.replace(/\.png$/, `-seed${seed}.png`);
  const { data, info } = await sharp(layers.compositePng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const tinted = tint({ width: info.width, height: info.height, data: new Uint8Array(data) }, seed);
  await sharp(Buffer.from(tinted.data), { raw: { width: info.width, height: info.height, channels: 4 } }).png().toFile(out);
  return { ...layers, compositePng: out };
}
