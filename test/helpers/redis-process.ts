import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './free-port.js';

/**
 * A redis-server of the test's own on a free loopback port, so a test can freeze (SIGSTOP),
 * kill and restart it without touching the shared one. No persistence: a restart starts empty,
 * as a Redis without AOF/RDB would after a crash.
 */
export interface RedisProcess {
  port: number;
  url: string;
  freeze(): void;
  resume(): void;
  /** SIGKILL; waits until the process is gone. */
  kill(): Promise<void>;
  /** Starts a fresh server on the same port (after `kill`). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess = await launch(port);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    freeze: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    async kill() {
      await killAndWait(child, 'SIGKILL');
    },
    async restart() {
      child = await launch(port);
    },
    async stop() {
      child.kill('SIGCONT');
      await killAndWait(child, 'SIGKILL');
    },
  };
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) on port ${port}`);
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

async function killAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  await exited;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
