import pg from 'pg';
import type { AnswerOf } from './api-types.js';
import { client, type ServiceProcess } from './service-process.js';

/**
 * An answer and how long it took (ms of real time). `body` is typed as the answer the test waits
 * for (a create's 201); on another status it is what came (status 0: `{ error }`, the request failed).
 */
export interface Timed<Body = unknown> {
  status: number;
  body: Body;
  headers: Headers;
  ms: number;
}

export type TtsCreated = AnswerOf<'/api/text_to_speech/', 'post'>;

/**
 * What the outage tests ask a running service: a TTS create and /readyz, each timed and given up
 * after 15 s (so a hung answer fails the timing assertion, not the suite), and the tasks' ends.
 */
export function outageProbe(base: string, creds: { api_id: string; api_key: string }) {
  const http = client(base, creds);
  const timed = async <Body>(path: string, init: RequestInit = {}): Promise<Timed<Body>> => {
    const started = performance.now();
    try {
      const r = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15_000) });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null, headers: r.headers, ms: performance.now() - started };
    } catch (err) {
      // Status 0 fails the test's status assertion first, which prints this body as its message.
      return { status: 0, body: { error: (err as Error).message } as Body, headers: new Headers(), ms: performance.now() - started };
    }
  };
  return {
    http,
    async voiceId(): Promise<string> {
      return (await http.get('/api/voices/paginated/?language=en&page_size=1')).body.results[0]!.id;
    },
    create(text: string, voiceId: string): Promise<Timed<TtsCreated>> {
      return timed('/api/text_to_speech/', {
        method: 'POST',
        headers: { 'x-api-id': creds.api_id, 'x-api-key': creds.api_key, 'content-type': 'application/json' },
        body: JSON.stringify({ text, voice_id: voiceId }),
      });
    },
    ready(): Promise<Timed> {
      return timed('/readyz');
    },
    async credits(): Promise<number> {
      return (await http.get('/api/remaining_credits/')).body.remaining_credits;
    },
    /** Polls each task until it is done or failed; the final bodies, in order. */
    async settled(ids: string[], timeoutMs = 90_000): Promise<AnswerOf<`/api/text_to_speech/${string}/`>[]> {
      const out = [];
      for (const id of ids) out.push(await http.until(`/api/text_to_speech/${id}/`, (b) => b.status === 'done' || b.status === 'failed', timeoutMs));
      return out;
    },
    /** Waits until every task has been taken by a worker (so it is running when the outage begins). */
    async running(ids: string[], timeoutMs = 30_000): Promise<void> {
      for (const id of ids) await http.until(`/api/text_to_speech/${id}/`, (b) => b.status !== 'pending', timeoutMs);
    },
  };
}

/** How many `charge` rows each task has in a PostgreSQL ledger. */
export async function postgresChargesPerTask(databaseUrl: string, ids: string[]): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query(`select task_id, count(*)::int as n from credit_ledger where kind = 'charge' and task_id = any($1) group by task_id`, [ids]);
    return Object.fromEntries(ids.map((id) => [id, r.rows.find((row) => row.task_id === id)?.n ?? 0]));
  } finally {
    await c.end();
  }
}

export const once = (ids: string[]): Record<string, number> => Object.fromEntries(ids.map((id) => [id, 1]));

/**
 * Waits until the worker has logged, for every one of these jobs, that it postponed it for an
 * outage (so the outage is not over before the jobs met it); whether they all did in time.
 */
export async function postponed(worker: ServiceProcess, jobIds: string[], timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const lines = () =>
    worker
      .output()
      .split('\n')
      .filter((l) => l.includes('postponed without spending an attempt'));
  while (!jobIds.every((id) => lines().some((l) => l.includes(`"jobId":"${id}"`)))) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}
