import type { FastifyInstance } from 'fastify';
import type { OpenStreams } from '../open-streams.js';
import type { OperationTable } from '../schemas/responses/operations.js';

/** What the HTTP process itself owns and lends the groups' routes (a worker has none of it). */
export interface RouteContext {
  /** Streams still open when a shutdown's grace period ends get a final `shutdown` event. */
  streams: OpenStreams;
}

/**
 * One group as the HTTP layer sees it: its routes, already bound to the services it uses (app/
 * builds each group, `app/groups/`), and its operations' success bodies for the document.
 */
export interface ApiGroup {
  routes(app: FastifyInstance, context: RouteContext): void;
  operations: OperationTable;
}

/** Each group registers its own paths, in the list's order (which is the document's order). */
export function registerRoutes(app: FastifyInstance, groups: readonly ApiGroup[], context: RouteContext): void {
  for (const group of groups) group.routes(app, context);
}
