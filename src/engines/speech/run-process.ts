import { spawn } from 'node:child_process';
import { SpeechEngineError } from './port.js';

export interface ProcessOutput {
  stdout: Buffer;
  stderr: string;
}

const STDERR_TAIL_LINES = 8;

function tail(text: string): string {
  return text.trim().split('\n').slice(-STDERR_TAIL_LINES).join('\n');
}

/**
 * Runs a tool to completion. Aborting kills it (SIGKILL: these tools hold no state worth a clean
 * shutdown) and rejects with the signal's reason, so a cancelled task stops burning CPU at once.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  opts: { stdin?: string | Buffer; signal?: AbortSignal; cwd?: string } = {},
): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(opts.signal.reason ?? new Error('aborted'));
      return;
    }
    const child = spawn(command, args, { cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      // Keep memory bounded on chatty tools: only the tail is ever reported.
      err = (err + d.toString('utf8')).slice(-8192);
    });
    child.stdin.on('error', () => {
      /* the exit code reports the real failure */
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      opts.signal?.removeEventListener('abort', onAbort);
      const why = e.code === 'ENOENT' ? `${command} is not installed` : `${command} failed to start`;
      reject(new SpeechEngineError(why, e.message));
    });
    child.on('close', (code, sig) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) {
        reject(opts.signal.reason ?? new Error('aborted'));
      } else if (code === 0) {
        resolve({ stdout: Buffer.concat(out), stderr: err });
      } else {
        reject(new SpeechEngineError(`${command} exited with ${code ?? sig}`, tail(err)));
      }
    });
    child.stdin.end(opts.stdin ?? '');
  });
}
