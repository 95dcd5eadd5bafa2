import { z } from 'zod';
import { pageQuery } from './common.js';
import { taskStatus } from './responses/task.js';

/**
 * The groups of `GET /api/tasks/`: each is the first path segment of its tasks' GET, so
 * `GET /api/{group}/{id}/` reads any listed task in full.
 */
export const TASK_GROUPS = [
  'text_to_speech',
  'link_to_videos',
  'lipsyncs',
  'lipsyncs_v2',
  'aurora',
  'product_to_videos',
  'ai_editing',
  'ai_shorts',
  'custom_template_jobs',
  'text_generator',
  'ai_scripts',
  'ai_generation',
  'iab_images',
  'voices',
  'personas',
  'inspiration_jobs',
  'ads_clone',
] as const;
export type TaskGroupName = (typeof TASK_GROUPS)[number];

/**
 * A query filter that takes one or more of `values`: the parameter repeated
 * (`?status=done&status=failed`) or comma-separated (`?status=done,failed`). An empty value is
 * no filter (an empty list, as a form serializer writes it). Each unknown value is reported on
 * the parameter itself, with the allowed values.
 */
function choices<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  const allowed = new Set<string>(values);
  return z
    .preprocess((raw, ctx) => {
      if (raw === undefined) return undefined;
      const list = (Array.isArray(raw) ? raw : [raw])
        .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
        .map((v) => (typeof v === 'string' ? v.trim() : v))
        .filter((v) => v !== '');
      for (const v of list) {
        if (!allowed.has(v as string))
          ctx.addIssue({
            code: 'invalid_value',
            values: [...values],
            input: v,
            message: `"${String(v)}" is not a valid choice. Allowed: ${values.join(', ')}.`,
          });
      }
      return list.length ? list : undefined;
    }, z.array(z.enum(values)).optional())
    .optional()
    .describe(description);
}

// What `instant` accepts, ranges included; a day past its month's end is refused by the parse below.
const DATE = '\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const TIME = '[Tt ]([01]\\d|2[0-3]):[0-5]\\d(:([0-5]\\d|60)(\\.\\d{1,9})?)?([Zz]|[+-]([01]\\d|2[0-3]):?[0-5]\\d)?';
const INSTANT = new RegExp(`^${DATE}(${TIME})?$`);
const INSTANT_MESSAGE = 'Enter a valid date/time: ISO 8601, e.g. 2025-01-31 or 2025-01-31T12:00:00Z.';

// An offset can move 0000-01-01 or 9999-12-31 out of four-digit years, whose text sorts apart.
const EARLIEST_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LATEST_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A point in time for a filter, as the stored ISO text (UTC, milliseconds): a date alone is its
 * midnight UTC, a time without an offset is UTC. Years are kept within 0000–9999 so the text
 * compares as the instant does.
 */
function parseInstant(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|([+-])(\d{2}):?(\d{2}))?)?$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // A day the month does not have (02-30) would roll into the next month.
  if (date.getUTCMonth() !== month - 1) return null;
  const millis = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  date.setUTCHours(Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), millis);
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) : 0;
  const ms = date.getTime() - offsetMinutes * 60_000;
  return new Date(Math.min(Math.max(ms, EARLIEST_MS), LATEST_MS)).toISOString();
}

const instant = (description: string) =>
  z
    .string()
    .regex(INSTANT, INSTANT_MESSAGE)
    .transform((value, ctx) => {
      const parsed = parseInstant(value);
      if (parsed === null) {
        ctx.issues.push({ code: 'custom', message: INSTANT_MESSAGE, input: value });
        return z.NEVER;
      }
      return parsed;
    })
    .optional()
    .describe(description);

/** `GET /api/tasks/`: the pagination envelope's parameters and the filters. */
export const taskListQuery = z.object({
  ...pageQuery.shape,
  group: choices(
    TASK_GROUPS,
    "Only tasks of these groups (repeat the parameter or separate by commas). A group is the first path segment of its tasks' GET: `GET /api/{group}/{id}/`.",
  ),
  status: choices(
    taskStatus.options as ['pending', 'processing', 'done', 'failed'],
    'Only tasks in these statuses (repeat the parameter or separate by commas).',
  ),
  created_after: instant('Only tasks created after this instant (exclusive). ISO 8601: a date (midnight UTC) or a date and time; without an offset, UTC.'),
  created_before: instant('Only tasks created before this instant (exclusive). ISO 8601, as created_after.'),
});
