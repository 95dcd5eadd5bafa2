import type { FastifyInstance } from 'fastify';
import type { Container } from '../app/container.js';
import { checkReadiness, type DatabaseHealth } from './readiness.js';
import type { QueueHealth } from '../engines/queue/port.js';

export function registerHealthRoutes(app: FastifyInstance, c: Container): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // 503 only when the database is down: with the queue down, creates still go into the outbox.
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const r = await checkReadiness({ db: c.db, queue: c.queue }, c.config.readinessTimeoutMs);
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
