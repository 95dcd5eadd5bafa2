import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SpeechEngineError } from './port.js';

const STDERR_TAIL_CHARS = 2000;

/** The process ended while a request was in flight. */
class WorkerExited extends SpeechEngineError {}

/**
 * A long-lived helper process spoken to with one JSON object per line each way. Started on the
 * first request (so a service that never uses it pays nothing), asked one thing at a time (the
 * helper holds one model and answers in order), and started again on the next request after it
 * dies or is killed for running past its time. The process is unref'd: it never keeps Node alive.
 */
export class JsonLinesWorker {
  private child: ChildProcessWithoutNullStreams | null = null;
  /** The request in flight and the process it was sent to. */
  private waiting: { child: ChildProcessWithoutNullStreams; resolve: (line: string) => void; reject: (err: Error) => void } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private stderrTail = '';

  constructor(
    private readonly command: string,
    private readonly args: readonly string[],
    /** Added to the service's environment for the process. */
    private readonly env: Readonly<Record<string, string>> = {},
  ) {}

  /** The process id while one runs (tests kill it to check the restart). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  request<T>(message: object, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<T> {
    // A worker that died between requests is only noticed on the next write, so a request that
    // meets a dead process is sent once more to a fresh one.
    const turn = this.queue.then(() =>
      this.send<T>(message, opts).catch((err: unknown) => {
        if (err instanceof WorkerExited) return this.send<T>(message, opts);
        throw err;
      }),
    );
    this.queue = turn.catch(() => {});
    return turn;
  }

  stop(): void {
    this.child?.kill('SIGKILL');
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.command, this.args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...this.env } });
    this.stderrTail = '';
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const w = this.waiting;
      if (w?.child !== child) return;
      this.waiting = null;
      w.resolve(line);
    });
    const gone = (err?: Error) => {
      if (this.child === child) this.child = null;
      const w = this.waiting;
      if (w?.child !== child) return;
      this.waiting = null;
      const why = err ? err.message : `exited (code ${child.exitCode}, signal ${child.signalCode})`;
      w.reject(new WorkerExited(`${this.command} ${why}`, this.stderrTail.trim().split('\n').slice(-8).join('\n')));
    };
    child.on('exit', () => gone());
    child.on('error', (err) => gone(err));
    child.stdin.on('error', () => {}); // a dead worker's EPIPE surfaces through 'exit'
    child.unref();
    for (const s of [child.stdin, child.stdout, child.stderr]) (s as unknown as { unref?: () => void }).unref?.();
    return child;
  }

  private send<T>(message: object, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<T> {
    if (opts.signal?.aborted) return Promise.reject(opts.signal.reason ?? new Error('aborted'));
    this.child ??= this.start();
    const child = this.child;
    return new Promise<T>((resolve, reject) => {
      const finish = (fn: () => void) => {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        fn();
      };
      // A stuck or cancelled request kills the worker: its model state is unknown, and the
      // next request starts a fresh one.
      const kill = () => {
        this.waiting = null;
        if (this.child === child) this.child = null;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => {
        kill();
        finish(() => reject(new SpeechEngineError(`${this.command} gave no answer in ${opts.timeoutMs} ms`)));
      }, opts.timeoutMs);
      const onAbort = () => {
        kill();
        finish(() => reject(opts.signal!.reason ?? new Error('aborted')));
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting = {
        child,
        resolve: (line) =>
          finish(() => {
            try {
              resolve(JSON.parse(line) as T);
            } catch {
              reject(new SpeechEngineError(`${this.command} answered with a line that is not JSON`, line.slice(0, 200)));
            }
          }),
        reject: (err) => finish(() => reject(err)),
      };
      child.stdin.write(`${JSON.stringify(message)}\n`);
    });
  }
}
