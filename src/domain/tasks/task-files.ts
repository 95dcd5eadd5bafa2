import type { Task } from '../../core/task.js';

/**
 * The one layout of a task's files in blob storage: everything under `<account>/<task>/`, so the
 * retention sweep deletes a task's files with one prefix and an account's files never mix.
 * Nothing else spells this layout; a kind names its files in its definition (`task-kind.ts`).
 */
export function taskBlobPrefix(task: Pick<Task, 'accountId' | 'id'>): string {
  return `${task.accountId}/${task.id}/`;
}

/** The key of one of the task's files; `parts` are path segments below the task's folder. */
export function taskFileKey(task: Pick<Task, 'accountId' | 'id'>, ...parts: string[]): string {
  if (parts.length === 0 || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('/'))) {
    throw new Error(`invalid task file path: ${JSON.stringify(parts)}`);
  }
  return taskBlobPrefix(task) + parts.join('/');
}
