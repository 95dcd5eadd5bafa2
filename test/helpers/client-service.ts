import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshSqlite, type TestDatabase } from './databases.js';
import { randomPort, runAdmin, startService, type AdminCommand, type ServiceProcess } from './service-process.js';

export interface ClientService {
  baseUrl: string;
  env: Record<string, string>;
  creds: { api_id: string; api_key: string };
  /** A built-in voice that speaks English. */
  voiceId: string;
  svc: ServiceProcess;
  /** Runs `clipwright admin …` on the same data folder. */
  admin: AdminCommand;
  close(): Promise<void>;
}

/**
 * `clipwright serve` as its own process on a loopback port, the way a client meets it: the SDK
 * and CLI tests talk to it over real HTTP with the default account it creates on first start.
 * Loopback webhooks are allowed so a test receiver can take deliveries.
 */
export async function startClientService(extraEnv: Record<string, string> = {}): Promise<ClientService> {
  const db: TestDatabase = await freshSqlite();
  const port = randomPort();
  const env = {
    PORT: String(port),
    DATA_DIR: db.dataDir,
    JOB_POLL_MS: '100',
    DEFAULT_ACCOUNT_CREDITS: '500',
    ALLOW_PRIVATE_URLS: '1',
    RATE_LIMIT_BURST: '1000',
    RATE_LIMIT_PER_SECOND: '1000',
    RENDER_PRESET: 'ultrafast',
    ...extraEnv,
  };
  const svc = startService('serve', env);
  try {
    await svc.waitFor(/clipwright started/, 60_000);
  } catch (err) {
    await svc.stop();
    await db.drop();
    throw err;
  }
  const creds = JSON.parse(readFileSync(join(db.dataDir, 'credentials.json'), 'utf8'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const voices = await fetch(`${baseUrl}/api/voices/paginated/?language=en&page_size=1`, { headers: { 'x-api-id': creds.api_id, 'x-api-key': creds.api_key } });
  const voiceId = ((await voices.json()) as { results: { id: string }[] }).results[0]!.id;
  return {
    baseUrl,
    env,
    creds: { api_id: creds.api_id, api_key: creds.api_key },
    voiceId,
    svc,
    admin: (args) => runAdmin(args, env),
    async close() {
      await svc.stop();
      await db.drop();
    },
  };
}
