import { parseArgs } from 'node:util';
import { TASK_KINDS, type ClipwrightClient, type TaskKindName } from '../../../sdk/src/index.js';
import { printJson, printTable, type Io } from '../io.js';
import { UsageError } from '../settings.js';

export const TASKS_USAGE = 'clipwright tasks list [--group NAME]… [--status pending|processing|done|failed] [--limit N] [--json]';

interface Row {
  group: TaskKindName;
  id: string;
  status: string;
  progress: number;
  created_at: string;
  failed_reason: string | null;
}

/**
 * The service has no cross-group task list (endpoints.md: one plain list per group), so this
 * reads every group's list in parallel and merges them newest first. Groups without a list
 * endpoint (custom template jobs, custom avatars) are not shown.
 */
export async function tasks(client: ClipwrightClient, args: string[], io: Io): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'list') throw new UsageError(`usage: ${TASKS_USAGE}`);
  const { values } = parseArgs({ args: rest, options: { group: { type: 'string', multiple: true }, status: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } } });
  const listed = (Object.keys(TASK_KINDS) as TaskKindName[]).filter((k) => TASK_KINDS[k].list);
  const unknown = (values.group ?? []).filter((g) => !listed.includes(g as TaskKindName));
  if (unknown.length) throw new UsageError(`unknown group ${unknown.join(', ')}; groups with a list: ${listed.join(', ')}`);
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit takes a whole number above 0.');
  const groups = values.group?.length ? (values.group as TaskKindName[]) : listed;
  const lists = await Promise.all(groups.map(async (group) => {
    const list = (client[group] as unknown as { list(): Promise<Record<string, any>[]> }).list;
    return (await list()).map((t): Row => ({ group, id: t.id, status: t.status ?? 'done', progress: t.progress ?? 100, created_at: t.created_at ?? '', failed_reason: t.failed_reason ?? null }));
  }));
  const rows = lists.flat().filter((r) => !values.status || r.status === values.status)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, limit);
  if (values.json) printJson(io, rows);
  else printTable(io, ['CREATED', 'GROUP', 'ID', 'STATUS', 'PROGRESS'], rows.map((r) => [r.created_at, r.group, r.id, r.status + (r.failed_reason ? ` (${r.failed_reason})` : ''), `${Math.round(r.progress)}%`]));
  return 0;
}
