import { spawn } from 'node:child_process';
import { FfmpegError, abortError } from './errors.js';

const STDERR_TAIL_LINES = 20;

export interface SpawnToolOptions {
  signal?: AbortSignal;
  cwd?: string;
  onStdout?: (chunk: Buffer) => void;
  /** Collect stdout and return it; off for long runs that only report progress there. */
  collectStdout?: boolean;
  /** Keep all of stderr (for filters such as ebur128 that print their results there). */
  collectStderr?: boolean;
}

export interface ToolResult {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs a command-line tool to completion. On abort the child is killed (SIGKILL after a grace
 * period) and the promise rejects with an AbortError; on a non-zero exit it rejects with an
 * FfmpegError carrying the last stderr lines.
 */
export function spawnTool(command: string, args: string[], opts: SpawnToolOptions = {}): Promise<ToolResult> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(abortError(signal));

  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdoutChunks: Buffer[] = [];
    const stderrTail = new TailBuffer(STDERR_TAIL_LINES);
    let fullStderr = '';
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;

    const onAbort = (): void => {
      aborted = true;
      child.kill('SIGTERM');
      // ffmpeg normally stops on SIGTERM at once; a stuck decoder may not.
      killTimer = setTimeout(() => child.kill('SIGKILL'), 2000);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (opts.collectStdout) stdoutChunks.push(chunk);
      opts.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderrTail.push(text);
      if (opts.collectStderr) fullStderr += text;
    });

    const finish = (): void => {
      signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
    };
    child.on('error', (err) => {
      finish();
      reject(aborted ? abortError(signal) : new FfmpegError(`${command} could not start: ${err.message}`, null, []));
    });
    child.on('close', (code) => {
      finish();
      if (aborted) return reject(abortError(signal));
      if (code !== 0) {
        return reject(new FfmpegError(`${command} exited with code ${code}`, code, stderrTail.lines()));
      }
      resolve({ stdout: Buffer.concat(stdoutChunks), stderr: fullStderr });
    });
  });
}

/** Keeps only the last N complete-or-partial lines of a text stream. */
class TailBuffer {
  private buffered: string[] = [];
  private partial = '';
  constructor(private readonly maxLines: number) {}

  push(text: string): void {
    const parts = (this.partial + text).split(/\r?\n|\r/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) if (line.trim() !== '') this.buffered.push(line);
    if (this.buffered.length > this.maxLines) this.buffered.splice(0, this.buffered.length - this.maxLines);
  }

  lines(): string[] {
    const all = this.partial.trim() !== '' ? [...this.buffered, this.partial] : [...this.buffered];
    return all.slice(-this.maxLines);
  }
}
