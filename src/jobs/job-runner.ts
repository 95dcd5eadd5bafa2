import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { AppError, TaskFailure, type Dependency, type DependencyUnavailable } from '../core/errors.js';
import { outageOf } from '../engines/outages/outage-of.js';
import { mediaProblemOf } from '../domain/media-check.js';
import type { JobRecord, Store } from '../core/store.js';
import { clampProgress, type Task } from '../core/task.js';
import { noTaskEvents, type TaskEvents } from '../domain/tasks/task-events.js';
import { runAfterCommit, TaskFinisher, type FinishedTask } from '../domain/tasks/task-finisher.js';
import type { Clock } from '../core/clock.js';
import { isPostponed, type Postponed, type RunInfo, type RunVerdict } from '../engines/queue/port.js';
import type { StageTiming } from '../core/stages.js';
import { chargeWithinHold } from '../domain/credits/credit-service.js';
import { noMetrics, type JobOutcomeLabel, type Metrics } from '../engines/metrics/port.js';
import type { JobCatalog } from './job-catalog.js';
import { isSideJob, type SideJobDefinition } from './job-definition.js';
import { withJobStages } from '../engines/metrics/job-stages.js';
import { StageRecorder } from './stage-recorder.js';

const PROGRESS_SAVE_INTERVAL_MS = 500;
/** Defaults of `JOB_OUTAGE_RETRY_MS` and `JOB_OUTAGE_GIVE_UP_SECONDS`: config.ts reads them from here. */
export const DEFAULT_OUTAGE_RETRY_MS = 5000;
export const DEFAULT_OUTAGE_GIVE_UP_SECONDS = 30 * 60;

/** What a client reads when a task gave up waiting for an outage (the operator's details are in the log and /readyz). */
const OUTAGE_WHAT: Record<Dependency, string> = {
  database: 'the database did not answer',
  storage: 'the file storage did not answer',
  disk: "the server's data disk was full",
};

/**
 * Runs one job: marks its task processing, calls the handler, and then finishes the task in one
 * transaction through the `TaskFinisher` (done and settled, or failed and released). The status
 * move is conditional, so a job run twice (at-least-once delivery) is charged once.
 */
export class JobRunner {
  constructor(
    private readonly store: Store,
    private readonly catalog: JobCatalog,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly opts: {
      startDelayMs: number;
      tempRoot?: string;
      /** An outage (database, file storage, full disk) postpones the job by this much, no attempt counted… */
      outageRetryMs?: number;
      /** …until it has waited this long for it; then the task fails with the outage as its reason. */
      outageGiveUpMs?: number;
      /** Stage timings, run times, waits, outcomes and credits of every job (`/metrics`). */
      metrics?: Metrics;
    },
    /** Told inside the finishing transaction when a task reaches done or failed (webhooks listen). */
    events: TaskEvents = noTaskEvents,
  ) {
    this.finisher = new TaskFinisher(events);
    this.metrics = opts.metrics ?? noMetrics;
  }

  private readonly metrics: Metrics;

  private readonly finisher: TaskFinisher;
  /** When each job first met the outage it is waiting out (this process's view; another worker starts its own count). */
  private readonly outageSince = new Map<string, number>();

  run = async (job: JobRecord, info: RunInfo): Promise<RunVerdict> => {
    const log = this.log.child({ jobId: job.id, taskId: job.taskId, job: job.name, attempt: info.attempt });
    let verdict: RunVerdict;
    try {
      verdict = await this.runOnce(job, info, log);
    } catch (err) {
      // The runner's own reads and writes (the task, its finish) met the outage: the job waits for it.
      const outage = outageOf(err);
      if (!outage || info.signal.aborted) throw err;
      verdict = await this.waitForOutage(job, outage, log, async (reason) => {
        const task = job.taskId ? await this.store.tasks.get(job.taskId) : null;
        return task ? this.fail(task, reason, log) : 'failed';
      });
    }
    if (!isPostponed(verdict)) this.outageSince.delete(job.id);
    return verdict;
  };

  private async runOnce(job: JobRecord, info: RunInfo, log: Logger): Promise<RunVerdict> {
    const def = this.catalog.get(job.name);
    if (def && isSideJob(def)) return this.runSide(def, job, info, log);
    if (!def || !job.taskId) {
      log.error('job has no handler or no task; dropping it');
      return 'failed';
    }
    const task = await this.store.tasks.get(job.taskId);
    if (!task) return 'failed';
    if (task.status === 'done' || task.status === 'failed') {
      log.info('task already finished; nothing to do');
      return 'done';
    }
    const started = await this.store.tasks.transition(task.id, ['pending', 'processing'], { status: 'processing' }, this.clock.nowIso());
    if (!started) return 'done';
    const parsed = def.payload.safeParse(job.payload);
    if (!parsed.success) return this.fail(started, 'The task was queued with an invalid payload.', log);

    // Since it was due (a retry's backoff is not waiting), as the clock the queue schedules by sees it.
    const waitSeconds = Math.max(0, this.clock.nowMs() - Date.parse(job.runAt)) / 1000;
    const stages = new StageRecorder();
    const whole = stages.start('run');
    // The stages go in the job's last log line, on the task (done) and into the metrics, whatever the outcome.
    let timings: StageTiming[] | null = null;
    const ended = (outcome: JobOutcomeLabel): StageTiming[] => {
      if (timings) return timings;
      const inner = stages.list();
      const run = whole.end();
      const all = [...inner, { ...run }];
      for (const t of all) {
        this.metrics.stageTimed(started.kind, t.name, {
          wallSeconds: t.wallMs / 1000,
          cpuSeconds: t.cpuMs / 1000,
          childCpuSeconds: t.childCpuMs === null ? null : t.childCpuMs / 1000,
        });
      }
      this.metrics.jobRan(started.kind, { waitSeconds, runSeconds: run.wallMs / 1000, outcome });
      timings = all;
      return all;
    };
    let workDir: string | null = null;
    let lastSavedMs = 0;
    const reportProgress = (percent: number) => {
      const now = this.clock.nowMs();
      if (now - lastSavedMs < PROGRESS_SAVE_INTERVAL_MS) return;
      lastSavedMs = now;
      void this.store.tasks.setProgress(task.id, clampProgress(percent), this.clock.nowIso()).catch(() => undefined);
    };
    try {
      await mkdir(this.opts.tempRoot ?? tmpdir(), { recursive: true });
      workDir = await mkdtemp(join(this.opts.tempRoot ?? tmpdir(), 'cw-job-'));
      if (this.opts.startDelayMs > 0) await delay(this.opts.startDelayMs, info.signal);
      log.info('job started');
      const ctx = { task: started, payload: parsed.data, signal: info.signal, reportProgress, workDir, log, stages };
      const outcome = await withJobStages(stages, () => def.handle(ctx));
      const done = ended('done');
      const finished = await this.succeed(started, { ...outcome.result, stages: done }, outcome.costMillicredits);
      if (finished) this.countCredits(started, chargeWithinHold(started.heldMillicredits, outcome.costMillicredits));
      log.info({ costMillicredits: outcome.costMillicredits, stages: done }, 'job done');
      return 'done';
    } catch (err) {
      if (info.signal.aborted) {
        log.warn({ stages: ended('retry') }, 'job interrupted by shutdown; it will run again');
        return 'retry';
      }
      // Before the input's faults: a tool that could not write (a full disk) is not the input's fault.
      const outage = outageOf(err);
      if (outage) {
        const verdict = await this.waitForOutage(job, outage, log, (reason) => this.failRun(started, reason, log, ended));
        if (isPostponed(verdict)) ended('postponed');
        return verdict;
      }
      const permanent = permanentReasonOf(err);
      if (permanent !== null) return this.failRun(started, permanent, log, ended);
      if (info.attempt < info.maxAttempts) {
        log.warn({ err, stages: ended('retry') }, 'job failed; retrying with backoff');
        return 'retry';
      }
      const reason =
        err instanceof TaskFailure
          ? err.reason
          : `The service hit an internal error producing this result and gave up after ${info.attempt} attempts (reference ${job.id}).`;
      log.error({ err }, 'job failed for good');
      return this.failRun(started, reason, log, ended);
    } finally {
      if (workDir) await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /**
   * An outside part is down: the job is postponed (no attempt spent) until it has waited
   * `outageGiveUpMs` for it, then its task fails with a reason that says what was down. Giving up
   * needs the database; while it is down, the job keeps waiting.
   */
  private async waitForOutage(
    job: JobRecord,
    outage: DependencyUnavailable,
    log: Logger,
    giveUp: (reason: string) => Promise<RunVerdict>,
  ): Promise<RunVerdict> {
    const now = this.clock.nowMs();
    const since = this.outageSince.get(job.id) ?? now;
    this.outageSince.set(job.id, since);
    const waitedMs = now - since;
    const postponed: Postponed = { postponeMs: this.opts.outageRetryMs ?? DEFAULT_OUTAGE_RETRY_MS, reason: outage.message };
    if (waitedMs < (this.opts.outageGiveUpMs ?? DEFAULT_OUTAGE_GIVE_UP_SECONDS * 1000)) {
      log.warn(
        { err: outage.cause ?? outage, dependency: outage.dependency, waitedMs, postponeMs: postponed.postponeMs },
        'outside part unavailable; job postponed without spending an attempt',
      );
      return postponed;
    }
    log.error({ err: outage.cause ?? outage, dependency: outage.dependency, waitedMs }, 'outside part unavailable for too long; giving up');
    const reason = `The task could not finish because ${OUTAGE_WHAT[outage.dependency]} for ${describeWait(waitedMs)}. Nothing was charged; create the task again.`;
    try {
      return await giveUp(reason);
    } catch (err) {
      // Failing the task needs the database: while it is down too, the job keeps waiting.
      if (outageOf(err)) return postponed;
      throw err;
    }
  }

  private async succeed(task: Task, resultPatch: Record<string, unknown>, costMillicredits: number): Promise<FinishedTask | null> {
    const at = this.clock.nowIso();
    const finished = await this.store.transaction(async (tx) => {
      const current = await tx.tasks.get(task.id);
      return current ? this.finisher.finishDone(tx, current, { result: resultPatch, costMillicredits }, at) : null;
    });
    await this.runAfterCommit(finished);
    return finished;
  }

  /** A run's failure: the task failed with the run's stages in the log line and the metrics. */
  private async failRun(task: Task, reason: string, log: Logger, ended: (outcome: JobOutcomeLabel) => StageTiming[]): Promise<RunVerdict> {
    return this.fail(task, reason, log.child({ stages: ended('failed') }));
  }

  private async fail(task: Task, reason: string, log: Logger): Promise<RunVerdict> {
    const at = this.clock.nowIso();
    const finished = await this.store.transaction(async (tx) => {
      const current = await tx.tasks.get(task.id);
      return current ? this.finisher.finishFailed(tx, current, reason, at) : null;
    });
    log.info({ reason }, 'task failed');
    await this.runAfterCommit(finished);
    if (finished) this.countCredits(task, 0);
    return 'failed';
  }

  /** The hold the task ran with (as the runner read it at the start), settled: `charged` of it taken, the rest released. */
  private countCredits(task: Task, chargedMillicredits: number): void {
    this.metrics.credits(task.kind, 'held', task.heldMillicredits);
    this.metrics.credits(task.kind, 'charged', chargedMillicredits);
    this.metrics.credits(task.kind, 'released', task.heldMillicredits - chargedMillicredits);
  }

  private runAfterCommit(finished: FinishedTask | null): Promise<void> {
    return runAfterCommit(finished, (err) => this.log.warn({ err }, 'after-commit hand-off failed; the outbox sweep will cover it'));
  }

  /** A side job (webhook delivery) leaves the task alone; its own verdict decides retries. */
  private async runSide(def: SideJobDefinition, job: JobRecord, info: RunInfo, log: Logger): Promise<RunVerdict> {
    const parsed = def.payload.safeParse(job.payload);
    if (!parsed.success) {
      log.error({ issues: parsed.error.issues }, 'side job has an invalid payload; dropping it');
      return 'failed';
    }
    try {
      return await def.run({
        jobId: job.id,
        taskId: job.taskId,
        payload: parsed.data,
        attempt: info.attempt,
        maxAttempts: info.maxAttempts,
        signal: info.signal,
        log,
      });
    } catch (err) {
      if (info.signal.aborted) return 'retry';
      const outage = outageOf(err);
      // A side job gives up as it would after its last attempt: its task is not its to fail.
      if (outage) return this.waitForOutage(job, outage, log, async () => 'failed');
      if (info.attempt < info.maxAttempts) {
        log.warn({ err }, 'side job failed; retrying with backoff');
        return 'retry';
      }
      log.error({ err }, 'side job failed for good');
      return 'failed';
    }
  }
}

/**
 * The client-facing reason of a failure that running the job again cannot change (the input is
 * what it is), or null for one worth retrying: a transient `TaskFailure`, or an error of ours.
 */
export function permanentReasonOf(err: unknown): string | null {
  if (err instanceof TaskFailure) return err.transient ? null : err.reason;
  const mediaProblem = mediaProblemOf(err);
  if (mediaProblem !== null) return mediaProblem;
  // A client's error is the input's fault; 429 is only a wait, so it is not among them.
  if (err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429) return err.message;
  return null;
}

function describeWait(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 120 ? `${seconds} seconds` : `${Math.round(seconds / 60)} minutes`;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason ?? new Error('aborted'));
      },
      { once: true },
    );
  });
}
