import type { Task } from '../../core/task.js';
import { taskEnvelope } from './task.js';
import type { TaskWireRegistry } from './task-wire-registry.js';

/** Where a webhook body's trouble is reported (a pino logger fits). */
export interface WebhookBodyLog {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/**
 * A finished task's webhook body: its group's GET shape. It runs inside the task's finishing
 * transaction, so a mapper bug must not undo the completion: the body falls back to the task
 * envelope (id, status, failed_reason …) and the log says why.
 */
export function webhookBodies(wire: TaskWireRegistry, log: WebhookBodyLog): (task: Task) => Record<string, unknown> {
  return (task) => {
    if (!wire.has(task.kind)) log.warn({ kind: task.kind, taskId: task.id }, 'no wire mapper for this task kind; the webhook carries the task envelope only');
    try {
      return wire.toWire(task);
    } catch (err) {
      log.error({ err, kind: task.kind, taskId: task.id }, 'wire mapper failed; the webhook carries the task envelope only');
      return taskEnvelope(task);
    }
  };
}
