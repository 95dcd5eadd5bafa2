/**
 * A long-lived helper process spoken to over stdin/stdout in length-prefixed frames
 * (`[u32 BE length of the rest][u8 kind][payload]`), one request at a time. Used for engines that
 * must stay out of the service's process (the AGPL cut-out) or that hold a large model in memory.
 *
 * The process starts on the first request and says it is ready with a READY frame; a request that
 * times out or is aborted while it runs kills the process (it cannot be interrupted otherwise);
 * a crash fails only the request in flight, and the next request starts a fresh process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { TaskFailure } from '../../core/errors.js';
import { abortError } from '../ffmpeg/errors.js';

export const FRAME_REQUEST = 1;
export const FRAME_READY = 2;
export const FRAME_RESULT = 3;
export const FRAME_ERROR = 4;

export interface FramedWorkerOptions {
  /** Shown in failure reasons, e.g. "cut-out worker". */
  label: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** How long the process may take to load its model and send READY. */
  startTimeoutMs: number;
  /** How long one request may run once the process has it. */
  requestTimeoutMs: number;
  /** The process exits after this long without requests, giving its memory back (0 = never). */
  idleExitMs?: number;
}

/** The worker answered with an error frame: the request was bad or the tool failed on it. */
export class WorkerReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerReplyError';
  }
}

interface Frame {
  kind: number;
  payload: Buffer;
}

interface Waiter {
  resolve(frame: Frame): void;
  reject(err: Error): void;
}

export class FramedWorker {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private waiter: Waiter | null = null;
  private buffered: Buffer = Buffer.alloc(0);
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;
  private stderrTail = '';
  private starts = 0;

  constructor(private readonly opts: FramedWorkerOptions) {}

  /** The running process's id, or null (for diagnostics and crash tests). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** How many times a process was started (a restart after a crash counts). */
  get startCount(): number {
    return this.starts;
  }

  /** Sends one request once those before it are done; resolves with the RESULT payload. */
  request(payload: Buffer, opts: { signal?: AbortSignal } = {}): Promise<Buffer> {
    const run = this.queue.then(() => this.runOne(payload, opts.signal));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the process; a later request starts a new one. */
  close(): void {
    this.kill();
  }

  private async runOne(payload: Buffer, signal: AbortSignal | undefined): Promise<Buffer> {
    if (signal?.aborted) throw abortError(signal);
    this.clearIdle();
    try {
      await this.withGuards(this.ensureStarted(), this.opts.startTimeoutMs, 'start', signal);
      const frame = await this.withGuards(this.exchange(payload), this.opts.requestTimeoutMs, 'answer', signal);
      if (frame.kind === FRAME_ERROR) throw new WorkerReplyError(frame.payload.toString('utf8'));
      if (frame.kind !== FRAME_RESULT) throw new TaskFailure(`The ${this.opts.label} sent an unexpected reply (frame kind ${frame.kind}).`, true);
      return frame.payload;
    } finally {
      this.armIdle();
    }
  }

  /** Races a step against its time limit and the caller's signal; either one kills the process. */
  private withGuards<T>(step: Promise<T>, timeoutMs: number, what: 'start' | 'answer', signal: AbortSignal | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        this.kill();
        reject(
          new TaskFailure(
            `The ${this.opts.label} did not ${what} within ${Math.round(timeoutMs / 1000)} s; it was stopped and restarts on the next try.`,
            true,
          ),
        );
      }, timeoutMs);
      const onAbort = () => {
        cleanup();
        this.kill();
        reject(abortError(signal));
      };
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      step.then(
        (v) => {
          cleanup();
          resolve(v);
        },
        (err: unknown) => {
          cleanup();
          reject(err);
        },
      );
    });
  }

  private ensureStarted(): Promise<void> {
    if (this.ready !== null) return this.ready;
    this.starts++;
    this.buffered = Buffer.alloc(0);
    this.stderrTail = '';
    const child = spawn(this.opts.command, this.opts.args, {
      cwd: this.opts.cwd,
      env: { ...process.env, ...this.opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    // An idle worker must not keep the service (or a CLI command) from exiting: pending requests
    // hold their own timers, which keep the loop alive while they wait.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
    child.stdout!.on('data', (chunk: Buffer) => this.onData(child, chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    // A closed pipe surfaces as 'exit' below; without a listener an EPIPE would be thrown.
    child.stdin!.on('error', () => undefined);
    child.on('error', (err) => this.onGone(child, `could not start (${err.message})`));
    child.on('exit', (code, sig) => this.onGone(child, sig ? `was killed by ${sig}` : `exited with code ${code}`));
    const ready = new Promise<void>((resolve, reject) => {
      this.waiter = {
        resolve: (frame) =>
          frame.kind === FRAME_READY ? resolve() : reject(new TaskFailure(`The ${this.opts.label} sent frame kind ${frame.kind} before it was ready.`, true)),
        reject,
      };
    });
    this.ready = ready;
    return ready;
  }

  private exchange(payload: Buffer): Promise<Frame> {
    const child = this.child;
    if (!child?.stdin) return Promise.reject(new TaskFailure(`The ${this.opts.label} is not running.`, true));
    return new Promise<Frame>((resolve, reject) => {
      this.waiter = { resolve, reject };
      const head = Buffer.alloc(5);
      head.writeUInt32BE(payload.length + 1, 0);
      head.writeUInt8(FRAME_REQUEST, 4);
      child.stdin!.write(head);
      child.stdin!.write(payload);
    });
  }

  private onData(child: ChildProcess, chunk: Buffer): void {
    if (child !== this.child) return;
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    while (this.buffered.length >= 4) {
      const length = this.buffered.readUInt32BE(0);
      if (this.buffered.length < 4 + length) return;
      const frame = { kind: this.buffered.readUInt8(4), payload: Buffer.from(this.buffered.subarray(5, 4 + length)) };
      this.buffered = this.buffered.subarray(4 + length);
      const waiter = this.waiter;
      this.waiter = null;
      waiter?.resolve(frame);
    }
  }

  private onGone(child: ChildProcess, how: string): void {
    if (child !== this.child) return;
    this.child = null;
    this.ready = null;
    this.clearIdle();
    const waiter = this.waiter;
    this.waiter = null;
    const detail = this.stderrTail.trim().split('\n').slice(-3).join(' | ');
    waiter?.reject(new TaskFailure(`The ${this.opts.label} ${how}${detail ? ` (${detail.slice(0, 300)})` : ''}; it restarts on the next try.`, true));
  }

  private kill(): void {
    const child = this.child;
    if (!child) return;
    // Forget it first: its exit must not fail the next request's waiter.
    this.child = null;
    this.ready = null;
    this.waiter = null;
    this.clearIdle();
    child.kill('SIGKILL');
  }

  private armIdle(): void {
    const ms = this.opts.idleExitMs ?? 0;
    if (!ms || !this.child) return;
    this.clearIdle();
    this.idleTimer = setTimeout(() => this.kill(), ms);
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
