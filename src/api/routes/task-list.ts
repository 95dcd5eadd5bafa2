import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TaskList } from '../../domain/tasks/task-list.js';
import { pageEnvelope, pageParams } from '../pagination.js';
import { taskListQuery } from '../schemas/tasks.js';
import { taskSummary } from '../wire/task-summary.js';
import type { TaskWireRegistry } from '../wire/task-wire-registry.js';

const tags = ['Tasks (extension)'];

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface TaskListRouteDeps {
  taskList: TaskList;
  /** Every kind's GET mapper: a task is shown exactly as its group's GET shows it. */
  wire: TaskWireRegistry;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

/**
 * `GET /api/tasks/`: an extension of the contract. The caller's tasks of every group, newest
 * first, in the pagination envelope; each item is a summary read from its group's GET body.
 */
export function taskListRoutes(root: FastifyInstance, deps: TaskListRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { wire } = deps;

  app.get(
    '/api/tasks/',
    { schema: { tags, summary: "The caller's tasks of every group, newest first, paginated and filtered (extension)", querystring: taskListQuery } },
    async (request) => {
      const q = request.query;
      const { page, pageSize } = pageParams(q);
      const found = await deps.taskList.page(
        request.accountId,
        {
          kinds: q.group ? wire.kindsOf(q.group) : undefined,
          statuses: q.status,
          createdAfter: q.created_after,
          createdBefore: q.created_before,
        },
        page,
        pageSize,
      );
      return pageEnvelope(
        request,
        deps.publicBaseUrl,
        found.count,
        page,
        pageSize,
        found.tasks.map((t) => taskSummary(t, wire)),
      );
    },
  );
}
