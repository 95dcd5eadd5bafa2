/** One task model for every capability; group-specific data lives in `input` and `result`. */
export type TaskStatus = 'pending' | 'processing' | 'done' | 'failed';

export interface Task {
  id: string;
  accountId: string;
  kind: string;
  status: TaskStatus;
  progress: number;
  failedReason: string | null;
  input: Record<string, unknown>;
  result: Record<string, unknown>;
  heldMillicredits: number;
  chargedMillicredits: number;
  webhookUrl: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const allowed: Record<TaskStatus, TaskStatus[]> = {
  pending: ['processing', 'failed'],
  // processing → processing is a retry taking the job again after a crash.
  processing: ['processing', 'done', 'failed'],
  // A follow-up (preview, render) moves a finished task back to processing.
  done: ['processing'],
  failed: ['processing'],
};

export function canMove(from: TaskStatus, to: TaskStatus): boolean {
  return allowed[from].includes(to);
}

export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.max(0, Math.min(100, Math.round(percent * 10) / 10));
}

/** A task as it is first stored: the hold taken, nothing charged, no progress, created and updated at `at`. */
export function newTaskRecord(
  first: Pick<Task, 'id' | 'accountId' | 'kind' | 'status' | 'input' | 'result' | 'heldMillicredits'> & { webhookUrl?: string | null },
  at: string,
): Task {
  return {
    ...first,
    progress: 0,
    failedReason: null,
    chargedMillicredits: 0,
    webhookUrl: first.webhookUrl ?? null,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
  };
}
