import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { RgbaImage } from '../../../src/core/raster.js';
import { AssetModelCatalog } from '../../../src/domain/asset-generation/asset-model-catalog.js';
import { builtinAssetModels, type AssetModel } from '../../../src/domain/asset-generation/asset-models.js';
import { validateAssetInputs } from '../../../src/domain/asset-generation/asset-inputs.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { fakeCropper, fakeCutout, fakeSegmenter } from '../../../src/engines/image/fakes.js';
import type { ImageEngines } from '../../../src/engines/image/port.js';
import { assetModelOptions } from '../../../src/pipelines/asset-generation/asset-model-options.js';
import { assetRunnerFor } from '../../../src/pipelines/asset-generation/asset-runners.js';
import type { AssetOutput } from '../../../src/pipelines/images/asset-output.js';

export const engines: ImageEngines = { cutout: fakeCutout, segmenter: fakeSegmenter, cropper: fakeCropper, generator: null };
export const ffmpeg = createFfmpegEngine();
export const catalog = new AssetModelCatalog(builtinAssetModels(assetModelOptions(null)));

export async function writeRgbaPng(path: string, img: RgbaImage): Promise<string> {
  await writeFile(
    path,
    await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 4 } })
      .png()
      .toBuffer(),
  );
  return path;
}

/** Runs one model as the job does (validated inputs with defaults, local files), one variation. */
export async function runModel(
  model: AssetModel | string,
  params: Record<string, unknown>,
  files: Record<string, string | string[]>,
  workDir: string,
  variation = 0,
  seed = 1234,
): Promise<AssetOutput> {
  const m = typeof model === 'string' ? catalog.find(model)! : model;
  const { values, errors } = validateAssetInputs(m.inputs, params);
  if (Object.keys(errors).length) throw new Error(JSON.stringify(errors));
  const runner = assetRunnerFor(m)!;
  return runner({
    model: m,
    inputs: values,
    files,
    variation,
    seed: seed + variation * 7919,
    workDir,
    engines,
    ffmpeg,
    signal: new AbortController().signal,
    onProgress: () => {},
  });
}

export function asImage(out: AssetOutput): RgbaImage {
  if (out.type !== 'image') throw new Error('expected an image output');
  return out.image;
}

export function distinctColours(img: RgbaImage): number {
  const s = new Set<number>();
  for (let i = 0; i < img.data.length; i += 4) s.add((img.data[i]! << 16) | (img.data[i + 1]! << 8) | img.data[i + 2]!);
  return s.size;
}

/** Mean of |Laplacian| of the brightness: how much edge detail a picture has. */
export function edgeEnergy(img: RgbaImage): number {
  const L = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    return 0.299 * img.data[i]! + 0.587 * img.data[i + 1]! + 0.114 * img.data[i + 2]!;
  };
  let sum = 0,
    n = 0;
  for (let y = 1; y < img.height - 1; y++)
    for (let x = 1; x < img.width - 1; x++) {
      sum += Math.abs(4 * L(x, y) - L(x - 1, y) - L(x + 1, y) - L(x, y - 1) - L(x, y + 1));
      n++;
    }
  return sum / n;
}

export function pixel(img: RgbaImage, x: number, y: number): [number, number, number, number] {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]!];
}

export function meanIn(
  img: RgbaImage,
  box: { x: number; y: number; width: number; height: number },
  where?: (x: number, y: number) => boolean,
): [number, number, number] {
  let r = 0,
    g = 0,
    b = 0,
    n = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      if (where && !where(x, y)) continue;
      const [pr, pg, pb] = pixel(img, x, y);
      r += pr;
      g += pg;
      b += pb;
      n++;
    }
  return [r / n, g / n, b / n];
}

export function variance(img: RgbaImage, where: (x: number, y: number) => boolean): number {
  let s = 0,
    s2 = 0,
    n = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      if (!where(x, y)) continue;
      const [r, g, b] = pixel(img, x, y);
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      s += l;
      s2 += l * l;
      n++;
    }
  return s2 / n - (s / n) ** 2;
}
