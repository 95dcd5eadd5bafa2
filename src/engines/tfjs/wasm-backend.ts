/**
 * TensorFlow.js on its WebAssembly backend, started once per process and shared by every model
 * that runs on it (face-api's nets, the selfie segmenter).
 *
 * Why WASM: the native `tfjs-node` build cannot install offline, and the plain CPU backend is
 * 10–20× slower. The backend's .wasm files are read from node_modules through emscripten's own
 * file loader (fetch cannot read paths); nothing is fetched from the network.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { onceUntilFailed } from '../../core/once-until-failed.js';

const require = createRequire(import.meta.url);

export type Tf = typeof import('@tensorflow/tfjs');

export const loadTfWasm: () => Promise<Tf> = onceUntilFailed(start);

async function start(): Promise<Tf> {
  // The emscripten glue adds process-wide uncaughtException/unhandledRejection handlers that
  // rethrow; remove whatever it adds so the service keeps its own error handling.
  const before = {
    uncaughtException: process.listeners('uncaughtException'),
    unhandledRejection: process.listeners('unhandledRejection'),
  };
  const tf = require('@tensorflow/tfjs') as Tf;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
  const wasmDir = `${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`;
  wasm.setWasmPaths(wasmDir);
  const ok = await tf.setBackend('wasm');
  await tf.ready();
  for (const listener of process.listeners('uncaughtException')) {
    if (!before.uncaughtException.includes(listener)) process.removeListener('uncaughtException', listener);
  }
  for (const listener of process.listeners('unhandledRejection')) {
    if (!before.unhandledRejection.includes(listener)) process.removeListener('unhandledRejection', listener);
  }
  if (!ok || tf.getBackend() !== 'wasm') throw new Error('TensorFlow.js could not start its WebAssembly backend');
  return tf;
}
