/** Functions the CPU-pool tests run on worker threads: where they ran, moved buffers, errors, a call that never ends. */
import { isMainThread, threadId } from 'node:worker_threads';
import { NotFound, TaskFailure } from '../../src/core/errors.js';

export function whereAmI(): { isMainThread: boolean; threadId: number } {
  return { isMainThread, threadId };
}

/** Doubles every sample into a new array, and reports how many samples arrived. */
export function doubled(samples: Float32Array): { received: number; out: Float32Array } {
  return { received: samples.length, out: samples.map((v) => v * 2) };
}

export function failWith(kind: 'task' | 'not-found' | 'plain'): never {
  if (kind === 'task') throw new TaskFailure('The sample is unusable.', true);
  if (kind === 'not-found') throw new NotFound('music track');
  const err = new Error('plain failure') as Error & { code: string };
  err.code = 'E_PLAIN';
  throw err;
}

/** Never returns: only terminating its thread ends it. */
export function spinForever(): never {
  for (;;) {
    // Busy on purpose.
  }
}

/** Ends the worker thread itself mid-call (in a worker, process.exit ends only the thread). */
export function exitThread(): void {
  process.exit(3);
}
