/**
 * Loads @vladmandic/face-api on TensorFlow.js's WebAssembly backend, once per process.
 *
 * Why this build: the native `tfjs-node` build cannot install offline, and the plain CPU backend
 * is 10–20× slower than WASM. Everything is read from node_modules: the backend's .wasm files
 * (through emscripten's own file loader, not fetch, which cannot read paths) and the model
 * weights in face-api's `model/` folder. Nothing is fetched from the network.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

type FaceApi = typeof import('@vladmandic/face-api');

export interface LoadedFaceApi {
  faceapi: FaceApi;
  /** Loads a network's weights the first time it is asked for. */
  ensureNets(names: NetName[]): Promise<void>;
}

export type NetName = 'ssdMobilenetv1' | 'tinyFaceDetector' | 'faceLandmark68Net' | 'faceRecognitionNet';

let loading: Promise<LoadedFaceApi> | undefined;

export function loadFaceApi(): Promise<LoadedFaceApi> {
  loading ??= initialise().catch((err: unknown) => {
    loading = undefined; // let a later call try again rather than caching the failure
    throw err;
  });
  return loading;
}

/** The folder of the weights that ship inside the npm package. */
export function faceModelDir(): string {
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
}

async function initialise(): Promise<LoadedFaceApi> {
  // The emscripten glue adds process-wide uncaughtException/unhandledRejection handlers that
  // rethrow; remove whatever it adds so the service keeps its own error handling.
  const before = {
    uncaughtException: process.listeners('uncaughtException'),
    unhandledRejection: process.listeners('unhandledRejection'),
  };
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
  const wasmDir = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/';
  wasm.setWasmPaths(wasmDir);
  const tf = faceapi.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void>; getBackend(): string };
  const ok = await tf.setBackend('wasm');
  await tf.ready();
  for (const listener of process.listeners('uncaughtException')) {
    if (!before.uncaughtException.includes(listener)) process.removeListener('uncaughtException', listener);
  }
  for (const listener of process.listeners('unhandledRejection')) {
    if (!before.unhandledRejection.includes(listener)) process.removeListener('unhandledRejection', listener);
  }
  if (!ok || tf.getBackend() !== 'wasm') throw new Error('TensorFlow.js could not start its WebAssembly backend');

  const modelDir = faceModelDir();
  const loaded = new Map<NetName, Promise<void>>();
  return {
    faceapi,
    async ensureNets(names) {
      await Promise.all(names.map((name) => {
        let done = loaded.get(name);
        if (!done) {
          done = faceapi.nets[name].loadFromDisk(modelDir);
          loaded.set(name, done);
        }
        return done;
      }));
    },
  };
}
