/**
 * The built-in illustrator as the CPU pool runs it on a worker thread: 0.1–1.5 s of drawing and
 * pixel work per scene that must not block the thread serving requests, and that two workers
 * share between the cores.
 */
import { offThreadFunction } from '../../../engines/cpu/off-thread.js';
import { illustrateScene, type SceneIllustration } from './illustrate-scene.js';

export async function illustrateSceneData(req: Parameters<typeof illustrateScene>[0]): Promise<SceneIllustration> {
  const drawn = await illustrateScene(req);
  const { data } = drawn.image;
  // A whole buffer moves between threads uncopied; a view on a larger one would be copied.
  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : new Uint8Array(data);
  return { ...drawn, image: { ...drawn.image, data: whole } };
}

export const illustrateOffThread = offThreadFunction(new URL('./illustrate-worker.js', import.meta.url), 'illustrateSceneData', illustrateSceneData);
