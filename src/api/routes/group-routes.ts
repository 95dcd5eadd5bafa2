import type { FastifyInstance } from 'fastify';
import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { TaskRoutes } from './task-routes.js';

/** What every task group's routes are bound to besides their own services: the store that signs their files' URLs. */
export interface SignedFiles {
  blobs: BlobStore;
}

/**
 * A group's route module: `register` adds the group's operations on `TaskRoutes` tagged `tags`,
 * each answering an item through `wire`; the module takes the deps `register` names (built by its
 * group, app/groups/).
 */
export function groupRoutes<D extends object, T, W>(
  tags: string[],
  wire: (item: T) => W,
  register: (routes: TaskRoutes<T, W>, deps: D) => void,
): (root: FastifyInstance, deps: D) => void {
  return (root, deps) => register(new TaskRoutes(root, tags, wire), deps);
}

/**
 * A task group's route module: `register` adds the group's operations on `TaskRoutes` tagged
 * `tags`, each answering a task through the group's GET mapper (`toWire`) with its files' URLs
 * signed by `deps.blobs`. The module takes the services `register` names plus `blobs` (built by
 * its group, app/groups/), so a route file holds only its operations and its body → request mapping.
 */
export function taskGroupRoutes<D extends object, W>(
  tags: string[],
  toWire: (task: Task, blobs: BlobStore) => W,
  register: (routes: TaskRoutes<Task, W>, deps: D & SignedFiles) => void,
): (root: FastifyInstance, deps: D & SignedFiles) => void {
  return (root, deps) => register(new TaskRoutes(root, tags, (t: Task) => toWire(t, deps.blobs)), deps);
}
