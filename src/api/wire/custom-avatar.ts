import { personaOfTask } from '../../domain/avatars/custom-avatars.js';
import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { personaToWire } from './persona.js';
import { field, none, type TaskSummaryFields } from './task-summary.js';

/** A custom avatar's task as the persona GET shows it (also its webhook body). */
export function customAvatarToWire(task: Task, blobs: Pick<BlobStore, 'signedUrl'>): Record<string, unknown> {
  return personaToWire(personaOfTask(task), blobs);
}

export const customAvatarSummary: TaskSummaryFields = { group: 'personas', name: field('name'), thumbnail: field('thumbnail'), output: none };
