import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodePng } from '../raster-io.js';
import type { StagedLayerFiles, StagedScene } from './staged-scene.js';

/** Writes a staged scene's layers as PNG files in `dir`, for the motion renderers. */
export async function saveStagedLayers(scene: StagedScene, dir: string): Promise<StagedLayerFiles> {
  const save = async (name: string, img: Parameters<typeof encodePng>[0]) => {
    const path = join(dir, name);
    await writeFile(path, await encodePng(img));
    return path;
  };
  const files: StagedLayerFiles = {
    width: scene.composite.width,
    height: scene.composite.height,
    backgroundPng: await save('background.png', scene.background),
    shadowPng: scene.shadow ? await save('shadow.png', scene.shadow) : null,
    product: { png: await save('product.png', scene.product.image), box: scene.product.box },
    compositePng: await save('composite.png', scene.composite),
  };
  if (scene.showcase) files.showcase = { png: await save('showcase.png', scene.showcase.image), box: scene.showcase.box };
  if (scene.presenter) files.presenter = { png: await save('presenter.png', scene.presenter.image), box: scene.presenter.box };
  return files;
}
