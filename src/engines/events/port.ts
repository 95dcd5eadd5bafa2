/**
 * Live task changes, across processes: the port behind `GET /api/tasks/{id}/events`.
 *
 * A change carries only the task id. It is a hint that the row changed, not the new state:
 * a subscriber reads the task again, so a change that arrives late, twice or out of order never
 * shows a state the database does not hold.
 */
export type TaskChangeListener = () => void;

export interface TaskChangeFeed {
  readonly kind: 'memory' | 'postgres';
  /** Announces that a task's row changed (after its transaction committed). Never throws. */
  publish(taskId: string): Promise<void>;
  /**
   * Calls `listener` for every change of `taskId` published after the returned promise resolves
   * (once resolved, the subscription is live across processes: read the task after it, not before).
   * Also called after the feed lost and regained its connection, since changes may have been missed.
   * The result ends the subscription.
   */
  subscribe(taskId: string, listener: TaskChangeListener): Promise<() => void>;
  close(): Promise<void>;
}
