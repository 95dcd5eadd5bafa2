/**
 * The read path clients poll: `GET /api/text_to_speech/{id}/` with credentials (auth, rate limit,
 * ownership, signed URL: every check on) against a bare Fastify route that returns the same JSON,
 * both measured in the same run with autocannon, plus the service's `/healthz`. Prints req/s,
 * p50/p99 latency and the ratio service / bare.
 *
 * Each server runs in its own process (this file, started again with `--role service|bare`) so
 * autocannon's own work does not share their event loop. The service is the real one: the embedded
 * mode (SQLite on a temp DATA_DIR), default log level, one account and one done TTS task inserted
 * straight into the store. Its rate limit is raised (RATE_LIMIT_BURST/PER_SECOND) so that the
 * bucket is still taken on every request but does not answer 429 to a benchmark.
 *
 * Run: npx tsx bench/api-read.ts [--seconds 5] [--connections 10] [--rounds 1] [--cpu-prof] [--only service]
 *   --cpu-prof writes the service's profile to ./bench-profiles/ (open in Chrome DevTools).
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg } from './timing.js';

interface Ready {
  port: number;
  path: string;
  headers: Record<string, string>;
}

const role = arg('role', 'main');
if (role === 'service') await serveService(arg('data', ''));
else if (role === 'bare') await serveBare();
else await main();

async function serveService(dataDir: string): Promise<void> {
  const { loadConfig } = await import('../src/app/config.js');
  const { createContainer } = await import('../src/app/container.js');
  const { buildServer } = await import('../src/api/server.js');
  const { apiDeps } = await import('../src/app/api-deps.js');
  const { TTS_KIND } = await import('../src/domain/speech/tts-service.js');
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMIT_BURST: '1000000000',
    RATE_LIMIT_PER_SECOND: '1000000000',
    CPU_WORKERS: '0',
    ...pick(process.env, ['LOG_LEVEL']),
  });
  const c = await createContainer(config);
  const app = await buildServer(apiDeps(c));
  const account = await c.accounts.create('bench', 10);
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  const words = 'the quick brown fox jumps over the lazy dog'.split(' ').map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.35 }));
  await c.store.tasks.insert({
    id,
    accountId: account.account_id,
    kind: TTS_KIND,
    status: 'done',
    progress: 100,
    failedReason: null,
    input: { text: 'The quick brown fox jumps over the lazy dog.', voiceId: 'en-us' },
    result: { outputKey: `${account.account_id}/${id}/speech.mp3`, durationSeconds: 3.6, words },
    heldMillicredits: 0,
    chargedMillicredits: 1000,
    webhookUrl: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: at,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ready: Ready = {
    port: (app.server.address() as { port: number }).port,
    path: `/api/text_to_speech/${id}/`,
    headers: { 'x-api-id': account.api_id, 'x-api-key': account.api_key },
  };
  process.send!(ready);
  answerUntilStopped(async () => {
    await app.close();
    await c.close();
  });
}

/** Answers the parent's 'cpu' with this process's CPU time (µs); 'stop' closes and exits. */
function answerUntilStopped(close: () => Promise<void>): void {
  process.on('message', async (m) => {
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send!({ cpuMicros: u.user + u.system });
    } else if (m === 'stop') {
      await close();
      process.exit(0);
    }
  });
}

async function serveBare(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const body = await new Promise<unknown>((resolve) => process.once('message', resolve));
  const app = Fastify();
  app.get('/bare/', async () => body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as { port: number }).port, path: '/bare/', headers: {} } satisfies Ready);
  answerUntilStopped(() => app.close());
}

function pick(env: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => env[n] !== undefined).map((n) => [n, env[n]!]));
}

function start(args: string[], execArgv: string[] = []): { child: ChildProcess; ready: Promise<Ready> } {
  const child = fork(import.meta.filename, args, { execArgv: ['--import', 'tsx', ...execArgv], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code} before it was ready`)));
  });
  return { child, ready };
}

async function cpuMicros(child: ChildProcess): Promise<number> {
  const answer = new Promise<number>((resolve) => child.once('message', (m) => resolve((m as { cpuMicros: number }).cpuMicros)));
  child.send('cpu');
  return answer;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.send('stop');
  await exited;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The server process's CPU time per request: steadier than req/s when other work shares the machine. */
  cpuMicrosPerRequest: number;
}

async function load(target: Ready, server: ChildProcess, seconds: number, connections: number): Promise<Figures> {
  const cpuBefore = await cpuMicros(server);
  const r = await autocannon({ url: `http://127.0.0.1:${target.port}${target.path}`, headers: target.headers, connections, duration: seconds });
  const cpu = (await cpuMicros(server)) - cpuBefore;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    cpuMicrosPerRequest: cpu / Math.max(1, r.requests.total),
  };
}

async function main(): Promise<void> {
  const seconds = Number(arg('seconds', '5'));
  const connections = Number(arg('connections', '10'));
  const rounds = Number(arg('rounds', '1'));
  const profile = process.argv.includes('--cpu-prof');
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-read-'));
  const service = start(
    ['--role', 'service', '--data', dataDir],
    profile && arg('only', '') !== 'bare' ? ['--cpu-prof', '--cpu-prof-dir', 'bench-profiles'] : [],
  );
  const bare = start(['--role', 'bare'], profile && arg('only', '') === 'bare' ? ['--cpu-prof', '--cpu-prof-dir', 'bench-profiles'] : []);
  try {
    const svc = await service.ready;
    const first = await fetch(`http://127.0.0.1:${svc.port}${svc.path}`, { headers: svc.headers });
    if (first.status !== 200) throw new Error(`the service answered ${first.status}: ${await first.text()}`);
    bare.child.send(await first.json());
    const bareTarget = await bare.ready;
    const health: Ready = { port: svc.port, path: '/healthz', headers: {} };
    const show = (name: string, f: Figures) =>
      `${name.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(3)} ms  ${f.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs CPU/request${f.non2xx ? `  ${f.non2xx} non-2xx/errors` : ''}`;
    // A short warm-up of each, so JIT and caches are the same for both sides.
    const only = arg('only', '');
    if (only) {
      // Profiling aid: load one target only, so a --cpu-prof profile holds nothing else.
      const target = ({ bare: [bareTarget, bare.child], service: [svc, service.child], healthz: [health, service.child] } as const)[only];
      if (!target) throw new Error(`--only takes bare, service or healthz, not "${only}"`);
      console.log(show(only, await load(target[0], target[1], seconds, connections)));
      return;
    }
    await load(bareTarget, bare.child, 1, connections);
    await load(svc, service.child, 1, connections);
    await load(health, service.child, 1, connections);
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${connections} connections, ${seconds} s each`,
    );
    for (let round = 1; round <= rounds; round++) {
      const b = await load(bareTarget, bare.child, seconds, connections);
      const s = await load(svc, service.child, seconds, connections);
      const h = await load(health, service.child, seconds, connections);
      console.log(`round ${round}`);
      console.log(show('bare Fastify, same JSON', b));
      console.log(show('GET /api/text_to_speech/{id}/', s));
      console.log(show('service /healthz', h));
      console.log(
        `ratio service / bare: ${((100 * s.rps) / b.rps).toFixed(1)} %   (/healthz / bare: ${((100 * h.rps) / b.rps).toFixed(1)} %; CPU per request bare / service: ${((100 * b.cpuMicrosPerRequest) / s.cpuMicrosPerRequest).toFixed(1)} %)`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await Promise.allSettled([stop(service.child), stop(bare.child)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
