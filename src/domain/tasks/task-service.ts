import type { Clock } from '../../core/clock.js';
import { hold } from '../credits/credit-service.js';
import { NotFound, TaskNotReady, ValidationError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { JobRecord, ListQuery, Repos, Store } from '../../core/store.js';
import { isOutputExpired, RETENTION_INPUT_KEY } from './retention.js';
import { newTaskRecord, type Task } from '../../core/task.js';

export interface Dispatcher {
  dispatch(job: JobRecord): Promise<void>;
}

export interface NewTask {
  accountId: string;
  kind: string;
  input: Record<string, unknown>;
  result?: Record<string, unknown>;
  holdMillicredits: number;
  jobName: string;
  jobPayload?: Record<string, unknown>;
  webhookUrl?: string | null;
  /** Persona and cloned-voice creation start as processing (spec §3). */
  initialStatus?: 'pending' | 'processing';
  /**
   * Runs first inside the creating transaction; throwing creates nothing. For rules that
   * concurrent creates must not both pass (a per-account limit: lock the account, then count).
   */
  guard?: (tx: Repos) => Promise<void>;
  /** Days the task's files are kept after it finishes (`tasks/retention.ts`); absent or null keeps them. */
  retentionDays?: number | null;
}

export interface FollowUp {
  step: string;
  holdMillicredits: number;
  jobName: string;
  jobPayload?: Record<string, unknown>;
  /** Result fields reset when the follow-up starts (for example `output: null`). */
  resultReset: Record<string, unknown>;
  /** Which tasks may take this follow-up; anything else answers 404 task_not_ready. */
  ready: (task: Task) => boolean;
}

export class TaskService {
  constructor(
    private readonly store: Store,
    private readonly dispatcher: Dispatcher,
    private readonly clock: Clock,
    private readonly maxAttempts: number,
    /** Why a webhook URL cannot be used (private address …), or null; applied before anything is held. */
    private readonly webhookUrlProblem: (url: string) => string | null = () => null,
  ) {}

  /** Holds the credits, inserts the task and its outbox row in one transaction, then dispatches. */
  async create(n: NewTask): Promise<Task> {
    return (await this.createAndHandOver(n)).task;
  }

  /**
   * `create`, also telling whether the queue took the job now; false means it waits in the
   * outbox until the queue is back (a caller about to wait for the result should not).
   */
  async createAndHandOver(n: NewTask): Promise<{ task: Task; handedOver: boolean }> {
    const webhookProblem = n.webhookUrl ? this.webhookUrlProblem(n.webhookUrl) : null;
    if (webhookProblem) throw ValidationError.field('webhook_url', webhookProblem);
    const at = this.clock.nowIso();
    const id = newId();
    const task = newTaskRecord(
      {
        id,
        accountId: n.accountId,
        kind: n.kind,
        status: n.initialStatus ?? 'pending',
        input: n.retentionDays ? { ...n.input, [RETENTION_INPUT_KEY]: n.retentionDays } : n.input,
        result: n.result ?? {},
        heldMillicredits: n.holdMillicredits,
        webhookUrl: n.webhookUrl,
      },
      at,
    );
    const job = this.jobFor(id, id, n.jobName, n.jobPayload ?? {}, at);
    await this.store.transaction(async (tx) => {
      await n.guard?.(tx);
      await hold(tx, n.accountId, id, n.holdMillicredits, at);
      await tx.tasks.insert(task);
      await tx.jobs.insert(job, at);
    });
    return { task, handedOver: await this.dispatchQuietly(job) };
  }

  /** A follow-up on a finished task (preview, render …): done → processing with a new hold and job. */
  async followUp(accountId: string, taskId: string, kinds: string[], f: FollowUp): Promise<Task> {
    const at = this.clock.nowIso();
    const jobId = newId();
    const job = this.jobFor(jobId, taskId, f.jobName, { ...f.jobPayload, step: f.step }, at);
    const updated = await this.store.transaction(async (tx) => {
      const task = await tx.tasks.getOwned(taskId, accountId, kinds);
      if (!task) throw new NotFound('task');
      if (task.status !== 'done' || !f.ready(task)) throw new TaskNotReady();
      // Its files (plan included) are gone; nothing is left to build on.
      if (isOutputExpired(task)) throw new TaskNotReady("The task's output has expired (ttl_days), so it cannot be built on.");
      await hold(tx, accountId, taskId, f.holdMillicredits, at);
      const moved = await tx.tasks.transition(
        taskId,
        ['done'],
        {
          status: 'processing',
          progress: 0,
          failedReason: null,
          heldMillicredits: f.holdMillicredits,
          result: { ...task.result, ...f.resultReset },
          finishedAt: null,
        },
        at,
      );
      if (!moved) throw new TaskNotReady();
      await tx.jobs.insert(job, at);
      return moved;
    });
    await this.dispatchQuietly(job);
    return updated;
  }

  async get(accountId: string, id: string, kinds: string[], resource = 'task'): Promise<Task> {
    const task = await this.store.tasks.getOwned(id, accountId, kinds);
    if (!task) throw new NotFound(resource);
    return task;
  }

  list(accountId: string, kinds: string[], q: ListQuery): Promise<Task[]> {
    return this.store.tasks.list(accountId, kinds, q);
  }

  /** How many tasks `list` would give without its limit and offset. */
  count(accountId: string, kinds: string[], q: ListQuery): Promise<number> {
    return this.store.tasks.countMatching(accountId, kinds, q);
  }

  private jobFor(id: string, taskId: string, name: string, payload: Record<string, unknown>, at: string): JobRecord {
    return {
      id,
      taskId,
      name,
      payload,
      status: 'queued',
      attempts: 0,
      maxAttempts: this.maxAttempts,
      runAt: at,
      lockedUntil: null,
      lockedBy: null,
      lastError: null,
      dispatchedAt: null,
    };
  }

  /**
   * The row is committed; if the hand-off fails, the dispatcher's sweep re-sends it. The queue
   * bounds the hand-off (a queue outage answers within its dispatch timeout), so a create never
   * waits out an outage with its task and hold already saved.
   */
  private async dispatchQuietly(job: JobRecord): Promise<boolean> {
    try {
      await this.dispatcher.dispatch(job);
      return true;
    } catch {
      // Deliberately swallowed: the outbox sweep covers it.
      return false;
    }
  }
}
