import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ClipwrightError, WaitTimeoutError, type ClipwrightClient, type Settling } from '../../../sdk/src/index.js';
import { API_GROUPS_OF_KIND, kindOfApiGroup, readerOf, summarizeTask, TASK_KIND_NAMES, type AnyTask, type TaskKind } from '../task-kinds.js';
import { defineTool, READS, type ToolExtra } from './define-tool.js';

/** Hosts commonly give up on a tool call after 60 s; a wait shorter than that comes back with the state instead. */
const DEFAULT_WAIT_SECONDS = 50;
const MAX_WAIT_SECONDS = 600;

const taskId = z.string().min(1).describe('The task_id a creating tool returned (its "id").');
const kind = z
  .enum(TASK_KIND_NAMES)
  .optional()
  .describe(
    'The kind the creating tool returned (text_to_speech, product_video, avatar_video, ai_short, template_video …). Leave it out if unknown: every kind is tried.',
  );

const noop = () => undefined;

const TASK_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;

export function taskTools(server: McpServer, client: ClipwrightClient): void {
  defineTool(
    server,
    client,
    'list_tasks',
    {
      title: 'List tasks',
      description:
        "Lists the account's tasks of every kind, newest first: kind, task_id, status, progress, name, thumbnail and output URLs, credits_used. " +
        'Use it to find an earlier result or a task whose id was lost, or to see what is still running. Filter by kind, status and creation time. ' +
        'Pass a listed task_id and kind to get_task or wait_for_task for the whole result. Free.',
      input: {
        kind: z.enum(TASK_KIND_NAMES).optional().describe('Only tasks of this kind (as the creating tools name them). Default: every kind.'),
        status: z
          .array(z.enum(TASK_STATUSES))
          .optional()
          .describe('Only tasks in these statuses, e.g. ["pending", "processing"] for what is still running. Default: any status.'),
        created_after: z
          .string()
          .optional()
          .describe('Only tasks created after this instant: ISO 8601 date or date and time (UTC without an offset), e.g. 2026-11-29 or 2026-11-29T09:00:00Z.'),
        page: z.number().int().min(1).default(1).describe('Page number, from 1. Default 1.'),
        page_size: z.number().int().min(1).max(50).default(10).describe('Tasks per page, 1 to 50. Default 10.'),
      },
      annotations: READS,
    },
    async (a, extra) => {
      const page = await client.tasks.list(
        {
          page: a.page,
          page_size: a.page_size,
          ...(a.kind ? { group: [...API_GROUPS_OF_KIND[a.kind]] as never } : {}),
          ...(a.status?.length ? { status: a.status } : {}),
          ...(a.created_after ? { created_after: a.created_after } : {}),
        },
        { signal: extra.signal },
      );
      return {
        count: page.count,
        page: page.page,
        has_more: page.next !== null,
        tasks: page.results.map((t) => {
          const item: Record<string, unknown> = {
            kind: kindOfApiGroup(t.group) ?? t.group,
            task_id: t.id,
            status: t.status,
            progress: t.progress,
            credits_used: t.credits_used,
            created_at: t.created_at,
          };
          for (const [key, value] of Object.entries({
            name: t.name,
            thumbnail: t.thumbnail,
            output: t.output,
            duration: t.duration,
            failed_reason: t.failed_reason,
          })) {
            if (value !== null && value !== undefined) item[key] = value;
          }
          return item;
        }),
      };
    },
  );

  defineTool(
    server,
    client,
    'get_task',
    {
      title: 'Task status and result',
      description:
        'Reads a task once: status (pending, processing, done, failed), progress 0–100, failed_reason, credits_used, duration in seconds, ' +
        'and when done its media URLs (output, preview, previews, video_thumbnail). Free. To block until it finishes, use wait_for_task.',
      input: {
        task_id: taskId,
        kind,
        full: z.boolean().default(false).describe('Return every field the API gives (echoed inputs, word timings …) instead of the summary. Default false.'),
      },
      annotations: READS,
    },
    async (a, extra) => {
      const found = await findTask(client, a.task_id, a.kind, extra.signal);
      return a.full ? { kind: found.kind, ...found.task } : summarizeTask(found.kind, found.task);
    },
  );

  defineTool(
    server,
    client,
    'wait_for_task',
    {
      title: 'Wait for a task',
      description:
        'Waits until a task is done or failed (polling with backoff; progress is reported to clients that ask for it) and returns its result as get_task does. ' +
        `Waits at most timeout_seconds (default ${DEFAULT_WAIT_SECONDS}); if the task is still running then, it answers with timed_out true and the current state: call it again. ` +
        'Speech takes seconds; a 15 s video about a minute, longer ones more. Free.',
      input: {
        task_id: taskId,
        kind,
        timeout_seconds: z
          .number()
          .int()
          .min(1)
          .max(MAX_WAIT_SECONDS)
          .default(DEFAULT_WAIT_SECONDS)
          .describe(`Longest wait in seconds, 1 to ${MAX_WAIT_SECONDS}. Default ${DEFAULT_WAIT_SECONDS} (below the usual 60 s limit of a tool call).`),
      },
      annotations: READS,
    },
    async (a, extra) => {
      const found = await findTask(client, a.task_id, a.kind, extra.signal);
      const reader = readerOf(client, found.kind);
      const progress = progressTo(extra);
      try {
        const task = await reader.wait(a.task_id, {
          timeoutMs: a.timeout_seconds * 1000,
          signal: extra.signal,
          allowFailed: true,
          onProgress: progress.onProgress,
        });
        return summarizeTask(found.kind, task);
      } catch (err) {
        if (!(err instanceof WaitTimeoutError)) throw err;
        const last = (err.task ?? found.task) as AnyTask;
        return { ...summarizeTask(found.kind, last), timed_out: true };
      } finally {
        await progress.sent();
      }
    },
  );
}

/** The task under its kind; without a kind, every kind is asked at once and the one that knows the id answers. */
async function findTask(client: ClipwrightClient, id: string, kind: TaskKind | undefined, signal: AbortSignal): Promise<{ kind: TaskKind; task: AnyTask }> {
  if (kind) return { kind, task: await readerOf(client, kind).get(id, { signal }) };
  const tries = await Promise.allSettled(TASK_KIND_NAMES.map(async (k) => ({ kind: k, task: await readerOf(client, k).get(id, { signal }) })));
  // A voice clone's path also answers for built-in voices, which have no status: only a task counts.
  const hit = tries.find((t): t is PromiseFulfilledResult<{ kind: TaskKind; task: AnyTask }> => t.status === 'fulfilled' && t.value.task.status !== undefined);
  if (hit) return hit.value;
  const unexpected = tries.find(
    (t): t is PromiseRejectedResult => t.status === 'rejected' && !(t.reason instanceof ClipwrightError && t.reason.status === 404),
  );
  if (unexpected) throw unexpected.reason;
  throw new ClipwrightError(404, 'not_found', `No task of any kind has the id "${id}".`);
}

/**
 * MCP progress notifications, sent only when the client asked for them with a progress token.
 * `sent` resolves once the client has handled every notification, so none is handled after the
 * call's result (the client drops progress for a request it has already answered). Written is not
 * enough: the SDK client handles a notification a microtask after reading it but a response at once,
 * so a last progress read in one chunk with the result was lost (seen under load). The client answers
 * a ping only after handling what came before it.
 */
function progressTo(extra: ToolExtra): { onProgress?: (state: Settling) => void; sent(): Promise<void> } {
  const token = extra._meta?.progressToken;
  if (token === undefined) return { sent: async () => undefined };
  // The protocol wants progress to rise with each notification; a status change alone is not sent.
  let last = -1;
  let queue = Promise.resolve();
  return {
    onProgress(state) {
      const progress = Math.round(state.progress ?? 0);
      if (progress <= last) return;
      last = progress;
      queue = queue
        .then(() =>
          extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 100, message: state.status ?? '' },
          }),
        )
        .catch(() => undefined);
    },
    sent: () => queue.then(() => (last < 0 ? undefined : extra.sendRequest({ method: 'ping' }, EmptyResultSchema, { timeout: 5000 }).then(noop, noop))),
  };
}
