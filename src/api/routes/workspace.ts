import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Store } from '../../core/store.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface WorkspaceRouteDeps {
  /** Account rows, for the balance. */
  accountRecords: Store['accounts'];
}

export function workspaceRoutes(app: FastifyInstance, deps: WorkspaceRouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/remaining_credits/',
    {
      schema: { tags: ['Workspace'], summary: 'Remaining credits', response: { 200: z.object({ remaining_credits: z.number() }) } },
    },
    async (request) => {
      const account = await deps.accountRecords.get(request.accountId);
      return { remaining_credits: (account?.balanceMillicredits ?? 0) / 1000 };
    },
  );
}
