import type { Task } from '../../core/task.js';
import type { TaskGroupName } from '../schemas/tasks.js';
import { taskEnvelope } from './task.js';

type Body = Record<string, unknown>;
export type FieldPick = (body: Body) => string | null;

/**
 * Where a kind's GET body keeps what a task list shows; read from that body, so URLs are signed
 * exactly as its GET signs them. Each kind's is declared beside its GET mapper (`api/wire/<kind>.ts`)
 * and given with it in its group module.
 */
export interface TaskSummaryFields {
  group: TaskGroupName;
  name: FieldPick;
  thumbnail: FieldPick;
  output: FieldPick;
}

const NAME_CHARACTERS = 80;
export const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
export const field =
  (name: string): FieldPick =>
  (b) =>
    text(b[name]);
export const none: FieldPick = () => null;
/** The value at a path of fields and list items (`valueAt(b, 'assets', 0, 'url')`); undefined where one is missing. */
export function valueAt(body: Body, ...path: (string | number)[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
/** The text at a path of fields and list items (`at('output', 0, 'url')`). */
export const at =
  (...path: (string | number)[]): FieldPick =>
  (b) =>
    text(valueAt(b, ...path));
export const firstOf =
  (...picks: FieldPick[]): FieldPick =>
  (b) => {
    for (const pick of picks) {
      const found = pick(b);
      if (found !== null) return found;
    }
    return null;
  };
/** A long text (a script, a prompt) as a one-line name. */
export const excerpt =
  (pick: FieldPick): FieldPick =>
  (b) => {
    const found = pick(b)?.replace(/\s+/g, ' ').trim();
    if (!found) return null;
    return found.length <= NAME_CHARACTERS ? found : `${found.slice(0, NAME_CHARACTERS - 1).trimEnd()}…`;
  };

/** A video group's summary: its name field, its thumbnail and its output. */
export const videoSummary = (group: TaskGroupName, name: FieldPick = field('name')): TaskSummaryFields => ({
  group,
  name,
  thumbnail: field('video_thumbnail'),
  output: field('output'),
});

/** What the list reads a task through: its GET body, and its kind's summary fields (the wire registry). */
export interface SummarySource {
  toWire(task: Task): Record<string, unknown>;
  summaryOf(kind: string): TaskSummaryFields | undefined;
}

/**
 * One item of `GET /api/tasks/`: the shared envelope's status fields, the group, and the name,
 * thumbnail and output its group's GET shows (the first file where a task makes several).
 */
export function taskSummary(task: Task, wire: SummarySource) {
  const e = taskEnvelope(task);
  const s = wire.summaryOf(task.kind);
  const body = s ? wire.toWire(task) : {};
  return {
    group: s?.group ?? task.kind,
    id: e.id,
    status: e.status,
    progress: e.progress,
    name: s ? s.name(body) : null,
    thumbnail: s ? s.thumbnail(body) : null,
    output: s ? s.output(body) : null,
    credits_used: e.credits_used,
    duration: e.duration,
    failed_reason: e.failed_reason,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
