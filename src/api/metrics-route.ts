import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AuthenticationFailed, NotAuthenticated, NotFound } from '../core/errors.js';
import type { Metrics } from '../engines/metrics/port.js';

export interface MetricsRouteDeps {
  metrics: Pick<Metrics, 'exposition'>;
  /** `OPERATIONS_TOKEN`; null: the operations endpoints are off (404, as for a path that does not exist). */
  operationsToken: string | null;
}

/**
 * `GET /metrics`: this process's figures in the Prometheus text format, for the operator's
 * scraper only (`Authorization: Bearer <OPERATIONS_TOKEN>`): stage and job times per kind say
 * what the service is doing, which is not for API clients. Left out of the OpenAPI document.
 */
export function registerMetricsRoute(app: FastifyInstance, deps: MetricsRouteDeps): void {
  const expected = deps.operationsToken ? digest(deps.operationsToken) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) throw new NotFound('route');
    const header = request.headers.authorization;
    if (!header) throw new NotAuthenticated('The operations endpoints need Authorization: Bearer <OPERATIONS_TOKEN>.');
    const [scheme, token] = header.split(' ', 2);
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    if (scheme?.toLowerCase() !== 'bearer' || !token || !timingSafeEqual(digest(token), expected)) {
      throw new AuthenticationFailed('Invalid operations token.');
    }
    const { contentType, body } = await deps.metrics.exposition();
    return reply.type(contentType).send(body);
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
