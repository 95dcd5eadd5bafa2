import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { NotFound } from '../core/errors.js';
import { sendError } from './error-mapper.js';
import { registerMetricsRoute, type MetricsRouteDeps } from './metrics-route.js';

/**
 * The one route a worker process serves (`METRICS_PORT`): it has no API port, and its jobs'
 * figures live in its own memory, so the scraper asks it directly (scaled mode: one target per
 * process). Same token and bodies as the API's `/metrics`.
 */
export async function buildMetricsServer(deps: MetricsRouteDeps & { log: Logger }): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: deps.log, logController: new QuietScrapes() }) as unknown as FastifyInstance;
  app.setErrorHandler((err, request, reply) => sendError(reply, err, request));
  app.setNotFoundHandler((request, reply) => sendError(reply, new NotFound('route'), request));
  registerMetricsRoute(app, deps);
  return app;
}

/** A scrape every few seconds is no news: only a failed one is logged. */
class QuietScrapes extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, _request: unknown, reply: { log: { error(o: object, msg: string): void } }): void {
    if (error) reply.log.error({ err: error }, 'metrics request errored');
  }
}
