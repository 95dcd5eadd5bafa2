import type { ListQuery } from '../../core/store.js';
import type { Task } from '../../core/task.js';
import type { TaskService } from './task-service.js';

/**
 * What every task group's service shares: its tasks read back over the kinds it creates (one by
 * id, a foreign or unknown one answered as not found under the group's noun; the caller's list).
 * A group's service extends it and adds its creates and follow-ups on `this.tasks`.
 */
export abstract class TaskGroupService {
  protected constructor(
    protected readonly tasks: TaskService,
    private readonly kinds: string[],
    /** The resource a 404 names (`IabImage not found.`). */
    private readonly noun: string,
  ) {}

  get(accountId: string, id: string): Promise<Task> {
    return this.tasks.get(accountId, id, this.kinds, this.noun);
  }

  list(accountId: string, q: ListQuery): Promise<Task[]> {
    return this.tasks.list(accountId, this.kinds, q);
  }
}
