import type { FastifyInstance } from 'fastify';
import type { Container } from '../app/container.js';

export function registerHealthRoutes(app: FastifyInstance, c: Container): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      const jobs = await c.store.jobs.countByStatus();
      return { status: 'ready', database: c.db.dialect, queue: c.queue.kind, jobs };
    } catch (err) {
      reply.status(503);
      return { status: 'not_ready', detail: (err as Error).message };
    }
  });
}
