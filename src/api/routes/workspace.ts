import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../../app/container.js';

export function workspaceRoutes(app: FastifyInstance, c: Container): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/remaining_credits/', {
    schema: { tags: ['Workspace'], summary: 'Remaining credits', response: { 200: z.object({ remaining_credits: z.number() }) } },
  }, async (request) => {
    const account = await c.store.accounts.get(request.accountId);
    return { remaining_credits: (account?.balanceMillicredits ?? 0) / 1000 };
  });
}
