import { describe, expect, it } from 'vitest';
import type { TaskListFilter, TaskRepo } from '../../../src/core/store.js';
import type { Task } from '../../../src/core/task.js';
import { TaskList } from '../../../src/domain/tasks/task-list.js';

/** A repository of `total` tasks that records how often it was asked to count. */
function repo(total: number) {
  const calls = { count: 0 };
  const tasks: Pick<TaskRepo, 'listPage' | 'countListed'> = {
    listPage: async (_a: string, _f: TaskListFilter, offset: number, limit: number) =>
      Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: `t-${offset + i}` }) as Task),
    countListed: async () => {
      calls.count++;
      return total;
    },
  };
  return { tasks, calls };
}

describe('TaskList', () => {
  it('counts only when the page cannot tell: a full page, or one past the end', async () => {
    const cases: [total: number, page: number, counted: boolean][] = [
      [45, 1, true], // full page: more may follow
      [45, 3, false], // the last, short page: offset + its length
      [40, 2, true], // full last page: the count cannot know nothing follows
      [45, 9, true], // past the end: the envelope still says how many there are
      [0, 1, false], // nothing at all
      [7, 1, false],
    ];
    for (const [total, page, counted] of cases) {
      const { tasks, calls } = repo(total);
      const found = await new TaskList(tasks).page('a', {}, page, 20);
      expect(found.count, `${total} tasks, page ${page}`).toBe(total);
      expect(calls.count > 0, `${total} tasks, page ${page}`).toBe(counted);
    }
  });
});
