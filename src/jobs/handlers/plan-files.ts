import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../engines/blobs/port.js';

/**
 * Where a plan file of the task is kept, by its name relative to the plan folder: the kind's
 * `plan` file (`(name) => kind.fileKey(task, 'plan', ...name.split('/'))`, `<account>/<task>/plan/<name>`).
 */
export type PlanFileKey = (name: string) => string;

/** The kind's key of each plan file: its `plan` folder, then the name's segments. */
export function planFileKeys(kind: { fileKey(task: TaskRef, name: 'plan', ...sub: string[]): string }, task: TaskRef): PlanFileKey {
  return (name) => kind.fileKey(task, 'plan', ...name.split('/'));
}
type TaskRef = { accountId: string; id: string };

/** A plan's files go to blob storage with the task, so follow-ups on any worker can redraw it. */
export async function savePlanFiles(blobs: BlobStore, names: string[], keyOf: PlanFileKey, planDir: string): Promise<void> {
  for (const name of names) await blobs.putFile(keyOf(name), join(planDir, name));
}

export async function restorePlanFiles(blobs: BlobStore, names: string[], keyOf: PlanFileKey, planDir: string): Promise<void> {
  for (const name of names) {
    const target = join(planDir, name);
    await mkdir(dirname(target), { recursive: true });
    await pipeline(blobs.read(keyOf(name)), createWriteStream(target));
  }
}
