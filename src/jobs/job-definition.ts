import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Task } from '../domain/tasks/task.js';

export interface JobContext<P> {
  task: Task;
  payload: P;
  signal: AbortSignal;
  /** 0–100; saved on the task (throttled) so polling clients see it. */
  reportProgress(percent: number): void;
  /** A private temp folder, removed after the run. */
  workDir: string;
  log: Logger;
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
  payload: z.ZodType<P>;
  handle(ctx: JobContext<P>): Promise<JobOutcome>;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}
