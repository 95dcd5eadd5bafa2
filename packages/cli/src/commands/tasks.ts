import { parseArgs } from 'node:util';
import type { ClipwrightClient, QueryOf } from '../../../sdk/src/index.js';
import { printJson, printTable, type Io } from '../io.js';
import { UsageError } from '../settings.js';

export const TASKS_USAGE =
  'clipwright tasks list [--group NAME]… [--status pending|processing|done|failed]… [--after ISO-TIME] [--before ISO-TIME] [--limit N] [--page N] [--json]';

type Query = QueryOf<'/api/tasks/'>;
/** The service's largest page; a longer --limit reads several. */
const MAX_PAGE_SIZE = 100;

/**
 * One request to the service's cross-group list (`GET /api/tasks/`, newest first) per page; the
 * service checks the group and status names and says which it knows.
 */
export async function tasks(client: ClipwrightClient, args: string[], io: Io): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'list') throw new UsageError(`usage: ${TASKS_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      group: { type: 'string', multiple: true },
      status: { type: 'string', multiple: true },
      after: { type: 'string' },
      before: { type: 'string' },
      limit: { type: 'string' },
      page: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const limit = wholeNumber('--limit', values.limit, 20);
  const firstPage = wholeNumber('--page', values.page, 1);
  const pageSize = Math.min(limit, MAX_PAGE_SIZE);
  const query: Query = {
    page_size: pageSize,
    ...(values.group?.length ? { group: values.group as Query['group'] } : {}),
    ...(values.status?.length ? { status: values.status as Query['status'] } : {}),
    ...(values.after ? { created_after: values.after } : {}),
    ...(values.before ? { created_before: values.before } : {}),
  };
  // --page counts pages of --limit tasks; each is read in service pages of up to 100.
  const skipped = (firstPage - 1) * limit;
  let servicePage = Math.floor(skipped / pageSize) + 1;
  const items: Awaited<ReturnType<ClipwrightClient['tasks']['list']>>['results'] = [];
  let count = 0;
  for (;;) {
    const page = await client.tasks.list({ ...query, page: servicePage });
    count = page.count;
    items.push(...page.results);
    if (!page.next || items.length >= limit + (skipped % pageSize)) break;
    servicePage++;
  }
  const shown = items.slice(skipped % pageSize, (skipped % pageSize) + limit);
  if (values.json) {
    printJson(io, shown);
    return 0;
  }
  printTable(
    io,
    ['CREATED', 'GROUP', 'ID', 'STATUS', 'PROGRESS', 'NAME'],
    shown.map((t) => [t.created_at, t.group, t.id, t.status + (t.failed_reason ? ` (${t.failed_reason})` : ''), `${Math.round(t.progress)}%`, t.name ?? '']),
  );
  if (skipped + shown.length < count) io.stderr.write(`${skipped + 1}–${skipped + shown.length} of ${count} tasks; --page ${firstPage + 1} for more\n`);
  return 0;
}

function wholeNumber(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} takes a whole number above 0.`);
  return n;
}
