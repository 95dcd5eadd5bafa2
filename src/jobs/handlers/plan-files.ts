import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../engines/blobs/port.js';

/** A plan's files go to blob storage with the task, so follow-ups on any worker can redraw it. */
export async function savePlanFiles(blobs: BlobStore, names: string[], prefix: string, planDir: string): Promise<void> {
  for (const name of names) await blobs.putFile(`${prefix}/${name}`, join(planDir, name));
}

export async function restorePlanFiles(blobs: BlobStore, names: string[], prefix: string, planDir: string): Promise<void> {
  for (const name of names) {
    const target = join(planDir, name);
    await mkdir(dirname(target), { recursive: true });
    await pipeline(blobs.read(`${prefix}/${name}`), createWriteStream(target));
  }
}
