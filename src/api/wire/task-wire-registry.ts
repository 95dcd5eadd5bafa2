import type { Task } from '../../core/task.js';
import type { TaskGroupName } from '../schemas/tasks.js';
import { taskEnvelope } from './task.js';
import type { TaskSummaryFields } from './task-summary.js';

/** A kind's GET mapper, bound to what it needs. */
export type TaskWireMapper = (task: Task) => Record<string, unknown>;

/**
 * Task kind → how it is shown, so a webhook body, an event stream's `task` and a task list's
 * summary are exactly the GET body. Filled from the groups' kinds (`app/groups/`), each kind
 * declared together with its mapper and its summary fields.
 */
export class TaskWireRegistry {
  private readonly mappers: Map<string, TaskWireMapper>;
  private readonly summaries: Map<string, TaskSummaryFields>;

  constructor(mappers: Record<string, TaskWireMapper>, summaries: Record<string, TaskSummaryFields> = {}) {
    this.mappers = new Map(Object.entries(mappers));
    this.summaries = new Map(Object.entries(summaries));
  }

  has(kind: string): boolean {
    return this.mappers.has(kind);
  }

  /** The GET shape; a kind with no mapper (a row of a kind since removed) falls back to the shared envelope (id, status, failed_reason …). */
  toWire(task: Task): Record<string, unknown> {
    const mapper = this.mappers.get(task.kind);
    return mapper ? mapper(task) : taskEnvelope(task);
  }

  summaryOf(kind: string): TaskSummaryFields | undefined {
    return this.summaries.get(kind);
  }

  groupOf(kind: string): TaskGroupName | null {
    return this.summaries.get(kind)?.group ?? null;
  }

  /** The task kinds of the given task-list groups (the list's `group` filter). */
  kindsOf(groups: readonly TaskGroupName[]): string[] {
    return [...this.summaries].filter(([, s]) => groups.includes(s.group)).map(([kind]) => kind);
  }
}
