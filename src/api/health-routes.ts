import type { FastifyInstance } from 'fastify';
import type { OpenDatabase } from '../engines/db/open-database.js';
import { checkReadiness, type DatabaseHealth } from './readiness.js';
import type { JobQueue, QueueHealth } from '../engines/queue/port.js';

export interface HealthRouteDeps {
  db: Pick<OpenDatabase, 'dialect' | 'ping'>;
  queue: Pick<JobQueue, 'health'>;
  readinessTimeoutMs: number;
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthRouteDeps): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // 503 only when the database is down: with the queue down, creates still go into the outbox.
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const r = await checkReadiness(deps, deps.readinessTimeoutMs);
    reply.status(r.status === 'not_ready' ? 503 : 200);
    return { status: r.status, database: healthWire(r.database), queue: healthWire(r.queue) };
  });
}

function healthWire(h: DatabaseHealth | QueueHealth): Record<string, unknown> {
  return {
    kind: h.kind,
    ok: h.ok,
    ...(h.latencyMs !== undefined ? { latency_ms: h.latencyMs } : {}),
    ...(h.detail !== undefined ? { detail: h.detail } : {}),
  };
}
