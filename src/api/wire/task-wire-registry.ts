import type { Task } from '../../core/task.js';
import { taskEnvelope } from './task.js';

/** A kind's GET mapper, bound to what it needs. */
export type TaskWireMapper = (task: Task) => Record<string, unknown>;

/**
 * Task kind → the mapper its GET uses, so a webhook body, an event stream's `task` and a task
 * list's summary are exactly the GET body. The mappers come from the groups' kinds
 * (`app/groups/`), each kind declared together with its mapper.
 */
export class TaskWireRegistry {
  private readonly byKind: Map<string, TaskWireMapper>;

  constructor(mappers: Record<string, TaskWireMapper>) {
    this.byKind = new Map(Object.entries(mappers));
  }

  has(kind: string): boolean {
    return this.byKind.has(kind);
  }

  /** The GET shape; a kind with no mapper yet falls back to the shared envelope (id, status, failed_reason …). */
  toWire(task: Task): Record<string, unknown> {
    const mapper = this.byKind.get(task.kind);
    return mapper ? mapper(task) : taskEnvelope(task);
  }
}
