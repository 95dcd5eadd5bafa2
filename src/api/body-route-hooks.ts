import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type BodyHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Adds a hook only to the routes of this scope that can carry a body (anything but GET/HEAD), so
 * the read path (polling GETs) runs none of the body's checks. Call before the routes are added.
 * An `onSend` hook here resolves to nothing, which leaves the payload as it is.
 */
export function addBodyRouteHook(api: FastifyInstance, name: 'preHandler' | 'onSend', hook: BodyHook): void {
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const existing = route[name] as unknown;
    const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    (route as unknown as Record<string, unknown>)[name] = [...list, hook];
  });
}
