import type { FastifyInstance } from 'fastify';
import { checkReadiness, type DatabaseHealth, type DiskHealth, type ReadinessDeps } from './readiness.js';
import type { QueueHealth } from '../engines/queue/port.js';
import type { StorageHealth } from '../engines/blobs/port.js';

export interface HealthRouteDeps extends ReadinessDeps {
  readinessTimeoutMs: number;
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthRouteDeps): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // 503 only when the database is down: with the queue, the storage or the disk down, creates are still taken.
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const r = await checkReadiness(deps, deps.readinessTimeoutMs);
    reply.status(r.status === 'not_ready' ? 503 : 200);
    return {
      status: r.status,
      down: r.down,
      database: healthWire(r.database),
      queue: healthWire(r.queue),
      storage: healthWire(r.storage),
      disk: diskWire(r.disk),
    };
  });
}

function healthWire(h: DatabaseHealth | QueueHealth | StorageHealth): Record<string, unknown> {
  return {
    kind: h.kind,
    ok: h.ok,
    ...(h.latencyMs !== undefined ? { latency_ms: h.latencyMs } : {}),
    ...(h.detail !== undefined ? { detail: h.detail } : {}),
  };
}

function diskWire(h: DiskHealth): Record<string, unknown> {
  return {
    ok: h.ok,
    ...(h.freeBytes !== undefined ? { free_bytes: h.freeBytes, total_bytes: h.totalBytes } : {}),
    ...(h.detail !== undefined ? { detail: h.detail } : {}),
  };
}
