/**
 * A small pool of worker threads for synchronous, CPU-heavy JavaScript (music synthesis, voice
 * analysis) so it never blocks the event loop that serves requests. One call per worker at a time,
 * the rest wait in order; a worker idle for a while exits, and idle workers never keep the process
 * alive. Aborting a running call terminates its worker (JavaScript cannot be interrupted otherwise).
 */
import { Worker } from 'node:worker_threads';
import { abortError } from '../ffmpeg/errors.js';
import { errorFromData, transferablesOf, type CpuCall, type CpuReply } from './protocol.js';

interface Job {
  call: CpuCall;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * Under tsx (the CLI, vitest, benches) this file is TypeScript and a worker needs tsx registered
 * first; compiled, the worker loop is plain JavaScript next to it.
 */
function workerEntry(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./tsx-worker.mjs', import.meta.url) : new URL('./worker-main.js', import.meta.url);
}

export class CpuWorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly idleMs = 30_000,
  ) {
    if (!(size >= 1)) throw new Error('a CPU pool needs at least one worker');
  }

  /** Calls `exportName` of the module at `moduleUrl` in a worker with `args` (plain data). */
  run<R>(moduleUrl: URL, exportName: string, args: unknown[], opts: { signal?: AbortSignal } = {}): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the CPU worker pool is closed'));
    if (opts.signal?.aborted) return Promise.reject(abortError(opts.signal));
    return new Promise<R>((resolve, reject) => {
      const job: Job = {
        call: { id: this.nextId++, moduleUrl: moduleUrl.href, exportName, args },
        resolve: resolve as (v: unknown) => void,
        reject,
        signal: opts.signal,
      };
      if (opts.signal) {
        job.onAbort = () => this.abort(job);
        opts.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Terminates every worker; calls still waiting or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error('the CPU worker pool is closed'));
    await Promise.all(
      [...this.slots].map((slot) => {
        if (slot.job) this.settle(slot.job, new Error('the CPU worker pool is closed'));
        return this.discard(slot);
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((s) => s.job === null) ?? (this.slots.size < this.size ? this.spawn() : null);
      if (!slot) return;
      const job = this.queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.call, transferablesOf(job.call.args));
    }
  }

  private spawn(): Slot {
    const worker = new Worker(workerEntry());
    const slot: Slot = { worker, job: null, idleTimer: null };
    this.slots.add(slot);
    worker.on('message', (reply: CpuReply) => {
      const job = slot.job;
      if (!job || job.call.id !== reply.id) return;
      slot.job = null;
      this.settle(job, reply.ok ? null : errorFromData(reply.error), reply.ok ? reply.value : undefined);
      this.rest(slot);
      this.dispatch();
    });
    // An error thrown outside a call (the worker failed to load) or an exit ends the worker: its
    // call fails with that error, and the next call starts a fresh worker.
    const fail = (err: Error) => {
      if (!this.slots.delete(slot)) return;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      if (slot.job) this.settle(slot.job, err);
      slot.job = null;
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a CPU worker exited (code ${code}) during the call`)));
    return slot;
  }

  /** An idle worker does not hold the process open and exits after `idleMs`. */
  private rest(slot: Slot): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.job === null) void this.discard(slot);
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private async discard(slot: Slot): Promise<void> {
    this.slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    await slot.worker.terminate();
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = [...this.slots].find((s) => s.job === job);
    if (slot) {
      slot.job = null;
      void this.discard(slot);
    }
    this.settle(job, abortError(job.signal));
    this.dispatch();
  }

  private settle(job: Job, err: unknown, value?: unknown): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (err) job.reject(err);
    else job.resolve(value);
  }
}
