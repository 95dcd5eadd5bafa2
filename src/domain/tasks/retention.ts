import { z } from 'zod';
import type { Task } from '../../core/task.js';
import { taskBlobPrefix } from './task-files.js';

/**
 * Output retention: a task created with a retention keeps its files for that many days after it
 * finishes `done`; then the retention sweep deletes them and the task says so. The task itself
 * (status, charge, fields) stays.
 *
 * What each part keeps where:
 * - `input.retentionDays` — the request's retention, frozen at create (`TaskService.create`).
 * - `result.expiresAt` — when the files expire, written when the task finishes (clients see it).
 * - `result.outputExpired` — true once the sweep has taken the files; their keys are nulled.
 * - the `tasks.purge_at` column — the sweep's schedule (indexed), not part of the task record.
 */
export const RETENTION_INPUT_KEY = 'retentionDays';

/** 100 years: a retention longer than this is refused at the API (a Date cannot go much further). */
export const MAX_RETENTION_DAYS = 36_500;

const DAY_MS = 24 * 3600 * 1000;

/** The task's retention in whole days, or null when it keeps its files. */
export function retentionDaysOf(task: Pick<Task, 'input'>): number | null {
  const days = task.input[RETENTION_INPUT_KEY];
  return typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= MAX_RETENTION_DAYS ? days : null;
}

/** When a task finishing at `finishedAt` loses its files, or null without a retention. */
export function expiryOf(task: Pick<Task, 'input'>, finishedAt: string): string | null {
  const days = retentionDaysOf(task);
  return days === null ? null : new Date(Date.parse(finishedAt) + days * DAY_MS).toISOString();
}

/** Where every file of a task lives in blob storage (`task-files.ts`); the sweep deletes all of it. */
export { taskBlobPrefix };

/**
 * The result once the files are gone: every top-level string that points under the task's blob
 * prefix (output, thumbnail, preview, plan keys) becomes null, so any wire mapper shows null
 * without knowing about retention; `outputExpired` says why. Nested keys are left alone: a kind
 * that adopts retention keeps its file keys at the top level. Idempotent.
 */
export function expiredResult(task: Pick<Task, 'accountId' | 'id' | 'result'>): Record<string, unknown> {
  const prefix = taskBlobPrefix(task);
  const result: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(task.result)) {
    result[field] = typeof value === 'string' && value.startsWith(prefix) ? null : value;
  }
  result.outputExpired = true;
  return result;
}

/** The two result fields above, for the result schema of a kind that adopts retention. */
export const retentionOutputs = {
  expiresAt: z.string().nullish(),
  outputExpired: z.boolean().optional(),
};

export function isOutputExpired(task: Pick<Task, 'result'>): boolean {
  return task.result.outputExpired === true;
}
