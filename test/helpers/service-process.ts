import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { AccountService, IssuedCredentials } from '../../src/domain/accounts/account-service.js';
import type { AnswerOf, ApiUrl, PolledAnswer } from './api-types.js';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `clipwright <role>` exactly as a user would, as its own process. */
export function startService(role: 'serve' | 'api' | 'worker', env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'clipwright.mjs'), role], {
    cwd: ROOT,
    // The built-in border-key cut-out, as in-process tests (test/helpers/app.ts): the drawn test
    // photos stand on plain backdrops; the ISNet engine has its own tests. A test may still ask for it.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', CUTOUT_ENGINE: 'border-key', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => out,
    async waitFor(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(out)) {
        if (child.exitCode !== null) throw new Error(`${role} exited (${child.exitCode}) before ${pattern}:\n${out}`);
        if (Date.now() > deadline) throw new Error(`${role} did not print ${pattern} in ${timeoutMs} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export function randomPort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}

/**
 * A small HTTP client for black-box tests. A body has the type the OpenAPI document gives the
 * path's success answer; a test that expects another status checks `status` and reads the body
 * only through matchers.
 */
export function client(baseUrl: string, creds: { api_id: string; api_key: string }) {
  const headers = { 'x-api-id': creds.api_id, 'x-api-key': creds.api_key, 'content-type': 'application/json' };
  return {
    async get<S extends ApiUrl>(path: S): Promise<{ status: number; body: AnswerOf<S> }> {
      const r = await fetch(baseUrl + path, { headers });
      return { status: r.status, body: await r.json() };
    },
    async post<S extends ApiUrl>(path: S, body: unknown): Promise<{ status: number; body: AnswerOf<S, 'post'> }> {
      const r = await fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: r.status, body: await r.json() };
    },
    async until<S extends ApiUrl>(path: S, done: (body: PolledAnswer<S>) => boolean, timeoutMs = 60_000): Promise<PolledAnswer<S>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const body: PolledAnswer<S> = await (await fetch(baseUrl + path, { headers })).json();
        if (done(body)) return body;
        if (Date.now() > deadline) throw new Error(`timed out waiting on ${path}: ${JSON.stringify(body)}`);
        await new Promise((res) => setTimeout(res, 150));
      }
    },
  };
}

/** What each `clipwright admin` command prints: src/main/admin.ts prints the AccountService answer. */
interface AdminAnswers {
  accounts: { create: IssuedCredentials };
  keys: { rotate: IssuedCredentials };
  credits: { grant: Awaited<ReturnType<AccountService['grantCredits']>> };
  webhooks: { secret: Awaited<ReturnType<AccountService['setWebhookSecret']>> };
}
export type AdminCommand = <G extends keyof AdminAnswers, A extends keyof AdminAnswers[G] & string>(args: [G, A, ...string[]]) => Promise<AdminAnswers[G][A]>;

export async function runAdmin<G extends keyof AdminAnswers, A extends keyof AdminAnswers[G] & string>(
  args: [G, A, ...string[]],
  env: Record<string, string>,
): Promise<AdminAnswers[G][A]> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'clipwright.mjs'), 'admin', ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? 1)));
  if (code !== 0) throw new Error(`admin ${args.join(' ')} exited ${code}: ${err}`);
  return JSON.parse(out.trim().split('\n').pop()!);
}
