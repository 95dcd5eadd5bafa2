import type { TaskListFilter, TaskRepo } from '../../core/store.js';
import type { Task } from '../../core/task.js';

/** One page of the list and how many tasks the filter keeps in all. */
export interface TaskListPage {
  tasks: Task[];
  count: number;
}

/**
 * An account's tasks of every group in one list, newest first (`GET /api/tasks/`, an extension).
 * Pages are numbered, as in the contract's pagination envelope; each page and the count are read
 * from the index on (account_id, created_at, id, kind, status) alone.
 */
export class TaskList {
  constructor(private readonly tasks: Pick<TaskRepo, 'listPage' | 'countListed'>) {}

  async page(accountId: string, filter: TaskListFilter, page: number, pageSize: number): Promise<TaskListPage> {
    const offset = (page - 1) * pageSize;
    const tasks = await this.tasks.listPage(accountId, filter, offset, pageSize);
    // A page that is not full and not past the end is the last one: the count is known without
    // counting (a short account, the last page, a narrow filter, nothing at all).
    if (tasks.length < pageSize && (tasks.length > 0 || offset === 0)) return { tasks, count: offset + tasks.length };
    return { tasks, count: await this.tasks.countListed(accountId, filter) };
  }
}
