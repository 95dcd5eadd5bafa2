/**
 * Functions that run on the process's shared CPU pool. A pipeline declares one with the module
 * and export the worker should load plus the same function for the in-thread path:
 *
 *   const renderJob = offThreadFunction(new URL('./render-worker.js', import.meta.url), 'render', render);
 *   await renderJob.run([trackId], { signal });
 *
 * With zero workers configured (the benchmark's baseline) calls run in the calling thread.
 */
import { availableParallelism } from 'node:os';
import { CpuWorkerPool } from './worker-pool.js';

/** Two cores are common here and the API thread needs one; never more than four. */
export const DEFAULT_CPU_WORKERS = Math.max(1, Math.min(4, availableParallelism()));

let workers = DEFAULT_CPU_WORKERS;
let pool: CpuWorkerPool | null = null;

/** The pool every off-thread function shares, started on first use. */
export function sharedCpuPool(): CpuWorkerPool | null {
  if (workers === 0) return null;
  pool ??= new CpuWorkerPool(workers);
  return pool;
}

/** Sets the pool size for later calls (0 runs them in the calling thread); ends the old pool. */
export async function configureCpuPool(opts: { workers: number }): Promise<void> {
  const old = pool;
  pool = null;
  workers = Math.max(0, Math.trunc(opts.workers));
  await old?.close();
}

export interface OffThreadFunction<A extends unknown[], R> {
  /** Runs on a worker thread (args and result must be plain data; whole typed arrays are moved). */
  run(args: A, opts?: { signal?: AbortSignal }): Promise<R>;
  /** The same function in the calling thread. */
  inThread(...args: A): Promise<R>;
}

export function offThreadFunction<A extends unknown[], R>(
  moduleUrl: URL,
  exportName: string,
  fn: (...args: A) => R | Promise<R>,
): OffThreadFunction<A, Awaited<R>> {
  const inThread = async (...args: A): Promise<Awaited<R>> => await fn(...args);
  return {
    inThread,
    run(args, opts = {}) {
      const target = sharedCpuPool();
      if (!target) {
        opts.signal?.throwIfAborted();
        return inThread(...args);
      }
      return target.run<Awaited<R>>(moduleUrl, exportName, args, opts);
    },
  };
}
