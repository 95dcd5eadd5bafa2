import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../api/routes/index.js';
import type { OperationTable } from '../../api/schemas/responses/operations.js';
import type { TaskSummaryFields } from '../../api/wire/task-summary.js';
import { type TaskWireMapper, TaskWireRegistry } from '../../api/wire/task-wire-registry.js';
import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { AnyJobDefinition } from '../../jobs/job-definition.js';
import type { Platform } from '../platform.js';

/** A task kind a group creates, with the mapper its GET shows it through (webhooks, event streams and the task list show it the same way). */
export interface ShownKind {
  kind: { kind: string; jobs: Record<string, string> };
  toWire(task: Task, blobs: BlobStore): Record<string, unknown>;
  /** Its group in the task list, and the fields of its GET body that name, picture and hold it. */
  summary: TaskSummaryFields;
}

/** A group once built on the platform. */
export interface BuiltGroup<S extends object> {
  /** Its services, reachable as `Container.services` (tests and benches call them directly). */
  services?: S;
  /** Registers its routes, bound to its services; called once per server built from the container. */
  routes(app: FastifyInstance, context: RouteContext): void;
  /** Runs its kinds' jobs; the catalog checks at start-up that every job name of its kinds has one. */
  jobs?: AnyJobDefinition[];
}

/**
 * One group of the API, registered by one line in `groups/index.ts`. What it declares is read
 * without building anything: its task kinds with their GET mappers (the wire registry, the job
 * names the catalog must cover) and its operations (the OpenAPI document). `build` makes its
 * services from the platform, once, and returns its routes and jobs.
 */
export interface Group<S extends object = object> {
  name: string;
  kinds: readonly ShownKind[];
  operations: OperationTable;
  build(p: Platform): BuiltGroup<S> | Promise<BuiltGroup<S>>;
}

/** Types a group module: `build` gets the platform and its services' type is inferred. */
export function defineGroup<S extends object>(group: Group<S>): Group<S> {
  return group;
}

/** Kind → how it is shown, across the groups, signing file URLs with `blobs`; a kind two groups declare stops the start. */
export function taskWireOf(groups: readonly Group[], blobs: BlobStore): TaskWireRegistry {
  const mappers: Record<string, TaskWireMapper> = {};
  const summaries: Record<string, TaskSummaryFields> = {};
  for (const group of groups) {
    for (const { kind, toWire, summary } of group.kinds) {
      if (kind.kind in mappers) throw new Error(`task kind "${kind.kind}" is declared twice (again by ${group.name})`);
      mappers[kind.kind] = (task) => toWire(task, blobs);
      summaries[kind.kind] = summary;
    }
  }
  return new TaskWireRegistry(mappers, summaries);
}
