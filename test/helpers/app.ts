import { writeFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../../src/app/config.js';
import { createContainer, type Container } from '../../src/app/container.js';
import type { NetworkOverride } from '../../src/app/network-override.js';
import { buildServer, type App } from '../../src/api/server.js';
import { apiDeps } from '../../src/app/api-deps.js';
import type { Clock } from '../../src/core/clock.js';
import type { TestDatabase } from './databases.js';
import { fileUrl, type TaskAnswer, type TaskPath } from './api-types.js';

export { fileUrl };

export interface TestApp {
  app: App;
  c: Container;
  account: { api_id: string; api_key: string; account_id: string };
  headers: Record<string, string>;
  close(): Promise<void>;
}

/** The real service in-process on a test database, driven with `app.inject`. */
export async function startTestApp(
  db: TestDatabase,
  env: Record<string, string> = {},
  opts: { credits?: number; consume?: boolean; clock?: Clock; log?: Logger; network?: NetworkOverride } = {},
): Promise<TestApp> {
  const config: Config = loadConfig({
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_URLS: '1',
    JOB_POLL_MS: '50',
    JOB_RETRY_BASE_MS: '50',
    RATE_LIMIT_BURST: '1000',
    RATE_LIMIT_PER_SECOND: '1000',
    // The drawn product photos stand on plain backdrops, which the built-in cut-out handles in a
    // fraction of a second; the ISNet sidecar has its own tests (and one HTTP test asks for it).
    CUTOUT_ENGINE: 'border-key',
    // Full-size renders keep their size and length; x264's fastest preset only makes the file larger.
    RENDER_PRESET: 'ultrafast',
    ...env,
  });
  // A test that moves time (retention, expiry) passes a `fixedClock` and advances it.
  // A test that watches the log passes its own logger; one that needs a loopback address to
  // count as public passes a `network` override (see src/app/network-override.ts).
  const c = await createContainer(config, {
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.network ? { network: opts.network } : {}),
  });
  const app = await buildServer(apiDeps(c));
  await app.ready();
  if (opts.consume !== false) await c.queue.startConsuming(c.runner.run);
  const account = await c.accounts.create('test', opts.credits ?? 100);
  return {
    app,
    c,
    account,
    headers: { 'x-api-id': account.api_id, 'x-api-key': account.api_key },
    async close() {
      await app.close();
      await c.close();
    },
  };
}

/**
 * Polls a task's GET until it leaves pending/processing. The answer has the type the OpenAPI
 * document gives that GET (the SDK's generated types), so a test can read only documented fields.
 */
export async function waitForTask<S extends TaskPath>(t: TestApp, path: S, timeoutMs = 60_000): Promise<TaskAnswer<S>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.app.inject({ method: 'GET', url: path, headers: t.headers });
    const body = r.json();
    if (body.status === 'done' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`task at ${path} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** GETs one of the service's signed file URLs through the app (it must answer 200) and writes it to `path`. */
export async function downloadTo(t: TestApp, url: string | null | undefined, path: string): Promise<string> {
  const u = new URL(fileUrl(url));
  const r = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
  if (r.statusCode !== 200) throw new Error(`GET ${u.pathname} answered ${r.statusCode}: ${r.body.slice(0, 200)}`);
  await writeFile(path, r.rawPayload);
  return path;
}

/** POSTs a multipart/form-data body through the app, as a browser's FormData would send it. */
export async function postMultipart(t: TestApp, url: string, form: FormData, headers: Record<string, string> = t.headers) {
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  return t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': encoded.headers.get('content-type')! }, payload });
}
