import { withDeadline } from '../core/deadline.js';
import type { OpenDatabase } from '../engines/db/open-database.js';
import type { JobQueue, QueueHealth } from '../engines/queue/port.js';

export interface DatabaseHealth {
  kind: OpenDatabase['dialect'];
  ok: boolean;
  latencyMs?: number;
  detail?: string;
}

/**
 * `ready`: both answer. `degraded`: the database answers and the queue does not — creates are
 * still accepted (their jobs wait in the outbox and are handed over when the queue is back), so
 * the process should keep receiving traffic. `not_ready`: the database does not answer; nothing
 * can be created or read.
 */
export type ReadinessStatus = 'ready' | 'degraded' | 'not_ready';

export interface Readiness {
  status: ReadinessStatus;
  database: DatabaseHealth;
  queue: QueueHealth;
}

/** Asks the database and the queue at once, each within `timeoutMs`, so a frozen dependency cannot stall the probe. */
export async function checkReadiness(deps: { db: Pick<OpenDatabase, 'dialect' | 'ping'>; queue: Pick<JobQueue, 'health'> }, timeoutMs: number): Promise<Readiness> {
  const [database, queue] = await Promise.all([databaseHealth(deps.db, timeoutMs), deps.queue.health(timeoutMs)]);
  const status: ReadinessStatus = !database.ok ? 'not_ready' : queue.ok ? 'ready' : 'degraded';
  return { status, database, queue };
}

async function databaseHealth(db: Pick<OpenDatabase, 'dialect' | 'ping'>, timeoutMs: number): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    await withDeadline(db.ping(), timeoutMs, 'database');
    return { kind: db.dialect, ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { kind: db.dialect, ok: false, detail: (err as Error).message };
  }
}
