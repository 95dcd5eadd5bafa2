import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Task } from '../../core/task.js';
import { taskFileKey } from '../../domain/tasks/task-files.js';
import type { BlobStore } from '../../engines/blobs/port.js';

type TaskRef = Pick<Task, 'accountId' | 'id'>;

/** Where a plan file of the task is kept: `<account>/<task>/plan/<name>`. */
export function planFileKey(task: TaskRef, name: string): string {
  return taskFileKey(task, 'plan', ...name.split('/'));
}

/** A plan's files go to blob storage with the task, so follow-ups on any worker can redraw it. */
export async function savePlanFiles(blobs: BlobStore, names: string[], task: TaskRef, planDir: string): Promise<void> {
  for (const name of names) await blobs.putFile(planFileKey(task, name), join(planDir, name));
}

export async function restorePlanFiles(blobs: BlobStore, names: string[], task: TaskRef, planDir: string): Promise<void> {
  for (const name of names) {
    const target = join(planDir, name);
    await mkdir(dirname(target), { recursive: true });
    await pipeline(blobs.read(planFileKey(task, name)), createWriteStream(target));
  }
}
