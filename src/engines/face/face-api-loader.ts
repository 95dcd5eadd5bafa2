/**
 * Loads @vladmandic/face-api on TensorFlow.js's WebAssembly backend (tfjs/wasm-backend.ts, shared
 * with the other tfjs models), once per process. The model weights are read from face-api's
 * `model/` folder in node_modules. Nothing is fetched from the network.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { onceUntilFailed } from '../../core/once-until-failed.js';
import { loadTfWasm } from '../tfjs/wasm-backend.js';

const require = createRequire(import.meta.url);

type FaceApi = typeof import('@vladmandic/face-api');

export interface LoadedFaceApi {
  faceapi: FaceApi;
  /** Loads a network's weights the first time it is asked for. */
  ensureNets(names: NetName[]): Promise<void>;
}

export type NetName = 'ssdMobilenetv1' | 'tinyFaceDetector' | 'faceLandmark68Net' | 'faceRecognitionNet';

export const loadFaceApi: () => Promise<LoadedFaceApi> = onceUntilFailed(initialise);

/** The folder of the weights that ship inside the npm package. */
export function faceModelDir(): string {
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
}

async function initialise(): Promise<LoadedFaceApi> {
  // The backend first (shared with the other tfjs models); face-api's build uses the same
  // `@tensorflow/tfjs` module, so it finds the backend already set.
  await loadTfWasm();
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const tf = faceapi.tf as unknown as { getBackend(): string };
  if (tf.getBackend() !== 'wasm') throw new Error('face-api did not pick up the shared TensorFlow.js WebAssembly backend');

  const modelDir = faceModelDir();
  const loaded = new Map<NetName, Promise<void>>();
  return {
    faceapi,
    async ensureNets(names) {
      await Promise.all(
        names.map((name) => {
          let done = loaded.get(name);
          if (!done) {
            done = faceapi.nets[name].loadFromDisk(modelDir);
            loaded.set(name, done);
          }
          return done;
        }),
      );
    },
  };
}
