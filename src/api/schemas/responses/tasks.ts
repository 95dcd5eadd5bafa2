import { z } from 'zod';
import { TASK_GROUPS } from '../tasks.js';
import { pageOf } from './catalog.js';
import { fileUrl, isoTime, taskStatus } from './task.js';
import { ok, type OperationTable } from './operations.js';

/** `api/wire/task-summary.ts`: one task of any group in the cross-group list. */
export const taskListItemResponse = z
  .strictObject({
    group: z.enum(TASK_GROUPS).describe("The first path segment of the task's GET: `GET /api/{group}/{id}/` reads it in full"),
    id: z.string(),
    status: taskStatus.describe("The task's status (a custom avatar's persona status `active` is `done` here)"),
    progress: z.number().describe('0–100'),
    name: z.string().nullable().describe('The name given at create, else the title, product URL or the first 80 characters of the text or script'),
    thumbnail: fileUrl.describe('A picture of the result (video thumbnail, poster, first image), as its GET shows it'),
    output: fileUrl.describe('The result file as its GET shows it (the first where there are several); null until done or when the task makes no file'),
    credits_used: z.number().describe('0 until the charge is settled at done'),
    duration: z.number().nullable().describe('Seconds of the produced media'),
    failed_reason: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .describe('A task of any group');

export const taskListResponse = pageOf(taskListItemResponse).describe("The caller's tasks of every group, newest first");

/** An extension of the contract: the caller's tasks of every group in one paginated list. */
export const taskListOperations: OperationTable = {
  'GET /api/tasks/': ok(taskListResponse),
};
