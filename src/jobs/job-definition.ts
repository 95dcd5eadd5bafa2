import type { Logger } from 'pino';
import { z } from 'zod';
import type { StageMarks } from '../core/stages.js';
import type { Task } from '../core/task.js';
import type { Lane } from '../engines/queue/lanes.js';
import type { RunVerdict } from '../engines/queue/port.js';

export interface JobContext<P> {
  task: Task;
  payload: P;
  signal: AbortSignal;
  /** 0–100; saved on the task (throttled) so polling clients see it. */
  reportProgress(percent: number): void;
  /** A private temp folder, removed after the run. */
  workDir: string;
  log: Logger;
  /** Where the run's stages are timed (`inStage`, `core/stages.ts`); saved on the task as `stages`. The runner always gives one. */
  stages?: StageMarks;
}

/** What a handler returns; the runner settles credits and stores the result in one place. */
export interface JobOutcome {
  /** Merged into the task's result. */
  result: Record<string, unknown>;
  /** The actual cost, captured from the hold (capped at the hold). */
  costMillicredits: number;
}

export interface JobDefinition<P = unknown> {
  name: string;
  /** `light` for seconds of work that must not wait behind renders (speech, text); default `heavy`. */
  lane?: Lane;
  payload: z.ZodType<P>;
  handle(ctx: JobContext<P>): Promise<JobOutcome>;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

/** What a kind's job reads from its kind (`domain/tasks/task-kind.ts`): the job names and the stored input. */
export interface KindOfJob<J extends Record<string, string>, I> {
  jobs: J;
  inputOf(task: Pick<Task, 'id' | 'kind' | 'input'>): I;
}

/** The options every pipeline takes: its work folder, the signal, progress as a fraction of the job's share, and the stage marks. */
export interface PipelineRun {
  workDir: string;
  signal: AbortSignal;
  onProgress(fraction: number): void;
  stages?: StageMarks;
}

export interface KindJobContext<I> extends JobContext<Record<string, unknown>> {
  /** The task's input, read through its kind (a row that does not parse has failed the task for good). */
  input: I;
  /** Pipeline options whose progress fills the task's progress from `fromPercent` to `toPercent`. */
  run(fromPercent?: number, toPercent?: number): PipelineRun;
}

/** A task kind's job whose payload carries nothing: the request is the task's input, read through the kind. */
export function defineKindJob<J extends Record<string, string>, I>(
  kind: KindOfJob<J, I>,
  role: keyof J & string,
  handle: (ctx: KindJobContext<I>) => Promise<JobOutcome>,
  opts: { lane?: Lane } = {},
): JobDefinition<Record<string, unknown>> {
  const name = kind.jobs[role];
  if (!name) throw new Error(`the kind has no job "${role}"`);
  return {
    name,
    ...opts,
    payload: z.object({}).passthrough(),
    handle: (ctx) =>
      handle({
        ...ctx,
        input: kind.inputOf(ctx.task),
        run: (fromPercent = 0, toPercent = 100) => ({
          workDir: ctx.workDir,
          signal: ctx.signal,
          stages: ctx.stages,
          onProgress: (fraction) => ctx.reportProgress(fromPercent + (toPercent - fromPercent) * Math.min(1, Math.max(0, fraction))),
        }),
      }),
  };
}

/**
 * A side job follows a task without being its work: it never moves the task's status or credits
 * (webhook delivery is one). It decides its own retries, and may choose the wait before the next.
 */
export interface SideJobContext<P> {
  jobId: string;
  taskId: string | null;
  payload: P;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
  signal: AbortSignal;
  log: Logger;
}

export interface SideJobDefinition<P = unknown> {
  name: string;
  /** Side jobs are small (a webhook is one HTTP call): they run in the light lane unless they say otherwise. */
  lane?: Lane;
  side: true;
  payload: z.ZodType<P>;
  run(ctx: SideJobContext<P>): Promise<RunVerdict>;
}

export function defineSideJob<P>(def: Omit<SideJobDefinition<P>, 'side'>): SideJobDefinition<P> {
  return { ...def, side: true };
}

/**
 * A definition whatever its payload type. A `JobDefinition<P>` is one of these because `handle` and
 * `run` are methods (their parameters compare both ways); the runner gives each definition only the
 * payload its own `payload` schema parsed.
 */
export type AnyJobDefinition = JobDefinition | SideJobDefinition;

export function isSideJob(def: AnyJobDefinition): def is SideJobDefinition {
  return 'side' in def && def.side === true;
}
