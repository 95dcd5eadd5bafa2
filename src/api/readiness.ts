import { withDeadline } from '../core/deadline.js';
import { DependencyUnavailable } from '../core/errors.js';
import type { BlobStore, StorageHealth } from '../engines/blobs/port.js';
import type { OpenDatabase } from '../engines/db/open-database.js';
import { diskSpace } from '../engines/outages/disk-space.js';
import type { JobQueue, QueueHealth } from '../engines/queue/port.js';

export interface DatabaseHealth {
  kind: OpenDatabase['dialect'];
  ok: boolean;
  latencyMs?: number;
  detail?: string;
}

/** The data folder's disk (the embedded database, local files, every job's scratch). */
export interface DiskHealth {
  ok: boolean;
  freeBytes?: number;
  totalBytes?: number;
  detail?: string;
}

/** Which disk readiness watches, and the free space below which it reports it down. */
export interface DiskCheck {
  path: string;
  minFreeBytes: number;
}

/**
 * `ready`: everything answers. `degraded`: the database answers and something else does not
 * (the queue, the file storage, the data disk): creates are still taken (queued jobs wait for
 * it, and run once it is back; a create that cannot be saved answers 503 with nothing held), so
 * the process should keep receiving traffic — alert on it. `not_ready`: the database does not
 * answer; nothing can be created or read.
 */
export type ReadinessStatus = 'ready' | 'degraded' | 'not_ready';

export type Part = 'database' | 'queue' | 'storage' | 'disk';

export interface Readiness {
  status: ReadinessStatus;
  /** The parts that are not ok, in this order: database, queue, storage, disk. */
  down: Part[];
  database: DatabaseHealth;
  queue: QueueHealth;
  storage: StorageHealth;
  disk: DiskHealth;
}

export interface ReadinessDeps {
  db: Pick<OpenDatabase, 'dialect' | 'ping'>;
  queue: Pick<JobQueue, 'health'>;
  storage: Pick<BlobStore, 'health'>;
  disk: DiskCheck;
}

/** Asks every part at once, each within `timeoutMs`, so a frozen dependency cannot stall the probe. */
export async function checkReadiness(deps: ReadinessDeps, timeoutMs: number): Promise<Readiness> {
  const [database, queue, storage, disk] = await Promise.all([
    databaseHealth(deps.db, timeoutMs),
    deps.queue.health(timeoutMs),
    deps.storage.health(timeoutMs).catch((err: Error) => ({ kind: 'local' as const, ok: false, detail: err.message })),
    diskHealth(deps.disk, timeoutMs),
  ]);
  const parts = { database, queue, storage, disk };
  const down = (Object.keys(parts) as Part[]).filter((p) => !parts[p].ok);
  const status: ReadinessStatus = !database.ok ? 'not_ready' : down.length ? 'degraded' : 'ready';
  return { status, down, ...parts };
}

async function databaseHealth(db: Pick<OpenDatabase, 'dialect' | 'ping'>, timeoutMs: number): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    await withDeadline(db.ping(), timeoutMs, 'database');
    return { kind: db.dialect, ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { kind: db.dialect, ok: false, detail: operatorDetail(err) };
  }
}

/** An outage's cause (the driver's own words: refused, terminated…) rather than the client's sentence. */
function operatorDetail(err: unknown): string {
  const cause = err instanceof DependencyUnavailable ? (err.cause as Error | undefined) : undefined;
  return (cause?.message || (err as Error).message).slice(0, 300);
}

const MB = 1024 * 1024;

async function diskHealth(check: DiskCheck, timeoutMs: number): Promise<DiskHealth> {
  try {
    const { freeBytes, totalBytes } = await withDeadline(diskSpace(check.path), timeoutMs, 'disk');
    const ok = freeBytes >= check.minFreeBytes;
    const state = `${(freeBytes / MB).toFixed(1)} MB free of ${(totalBytes / MB).toFixed(0)} MB`;
    return {
      ok,
      freeBytes,
      totalBytes,
      ...(ok
        ? {}
        : {
            detail: `${state}, below the ${(check.minFreeBytes / MB).toFixed(0)} MB minimum (DISK_MIN_FREE_MB): jobs wait and creates may answer 503 disk_full until space is freed`,
          }),
    };
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
}
