import type { Metrics } from '../../engines/metrics/port.js';
import type { TaskEventBus } from './task-events.js';

/**
 * Counts every task that reaches done or failed (jobs and inline tasks alike, `clipwright_tasks_finished_total`),
 * once its transaction has committed: a finish that rolls back is not counted.
 */
export function countTaskOutcomes(bus: TaskEventBus, metrics: Pick<Metrics, 'taskFinished'>): void {
  bus.onTaskFinished(async (task) => {
    const status = task.status;
    if (status !== 'done' && status !== 'failed') return;
    return async () => metrics.taskFinished(task.kind, status);
  });
}
