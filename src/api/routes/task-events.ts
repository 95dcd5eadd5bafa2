import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Task } from '../../core/task.js';
import type { TaskWatch, TaskWatcher } from '../../domain/tasks/task-watch.js';
import { SHUTDOWN_EVENT_DATA, type OpenStreams } from '../open-streams.js';
import { idParams } from '../schemas/common.js';
import { SSE_HEADERS, sseEvent, sseEventWithId } from '../sse.js';
import type { TaskWireRegistry } from '../wire/task-wire-registry.js';

const tags = ['Tasks (extension)'];
/** What an EventSource-style client waits before reconnecting after a shutdown or a drop. */
const RECONNECT_MS = 1000;

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface TaskEventRouteDeps {
  taskWatcher: TaskWatcher;
  /** Every kind's GET mapper: a task is shown exactly as its group's GET shows it. */
  wire: TaskWireRegistry;
  streams: OpenStreams;
  eventsHeartbeatMs: number;
}

/**
 * `GET /api/tasks/{id}/events`: an extension of the contract. Server-Sent Events of any task of
 * the caller (`status`, `progress`, then `end`), authenticated with the same headers as every
 * route, so browsers read it with fetch() and a stream reader (EventSource cannot send headers).
 */
export function taskEventRoutes(root: FastifyInstance, deps: TaskEventRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { wire } = deps;

  app.get(
    '/api/tasks/:id/events',
    { schema: { tags, summary: 'Live status and progress of any task, as Server-Sent Events (extension)', params: idParams } },
    async (request, reply) => {
      // Subscribed before the first read; a foreign or unknown id is a 404 in JSON, before any event.
      const watch = await deps.taskWatcher.open(request.accountId, request.params.id);
      streamTask(deps, wire, watch, request, reply);
    },
  );
}

/** The event id of a task's state: its change time in ms, so a resume can tell whether it moved. */
export function eventIdOf(task: Task): string {
  return String(Date.parse(task.updatedAt));
}

function isFinished(task: Task): boolean {
  return task.status === 'done' || task.status === 'failed';
}

function streamTask(deps: TaskEventRouteDeps, wire: TaskWireRegistry, watch: TaskWatch, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { ...SSE_HEADERS, 'x-request-id': String(request.id) });
  let open = true;
  let heartbeat: NodeJS.Timeout | null = null;
  let unregister = () => {};
  const finish = (last?: string) => {
    if (!open) return;
    open = false;
    if (heartbeat) clearInterval(heartbeat);
    unregister();
    watch.close();
    if (last && !res.writableEnded) res.write(last);
    res.end();
  };
  res.on('close', () => finish());
  // Events are small and far apart; a client that reads nothing for a long time is ended by the socket, not buffered here forever.
  const write = (chunk: string) => {
    if (open && !res.writableEnded) res.write(chunk);
  };

  const lastEventId = headerValue(request.headers['last-event-id']);
  let sent: { status: Task['status']; progress: number; id: string } | null = null;
  const show = (task: Task): boolean => {
    const id = eventIdOf(task);
    if (sent === null && lastEventId === id) {
      // A resume where nothing moved since the client's last event: no repeat of it.
      sent = { status: task.status, progress: task.progress, id };
    } else if (sent === null || sent.status !== task.status) {
      write(
        sseEventWithId(id, 'status', { id: task.id, status: task.status, progress: task.progress, failed_reason: task.failedReason, task: wire.toWire(task) }),
      );
      sent = { status: task.status, progress: task.progress, id };
    } else if (sent.progress !== task.progress) {
      write(sseEventWithId(id, 'progress', { id: task.id, status: task.status, progress: task.progress }));
      sent = { status: task.status, progress: task.progress, id };
    }
    if (!isFinished(task)) return false;
    finish(sseEventWithId(id, 'end', { id: task.id, status: task.status, failed_reason: task.failedReason }));
    return true;
  };

  write(`retry: ${RECONNECT_MS}\n\n`);
  if (show(watch.first)) return;
  unregister = deps.streams.add('watch', { shutdown: () => finish(sseEvent('shutdown', SHUTDOWN_EVENT_DATA)) });
  // A comment line keeps proxies from closing an idle stream; each one also reads the task again,
  // which covers a change whose announcement was lost (a feed reconnecting, a process that died).
  heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    watch.reread();
  }, deps.eventsHeartbeatMs);

  void (async () => {
    while (open) {
      const task = await watch.next();
      if (!open) return;
      if (!task) return finish(sseEvent('end', { id: watch.first.id, status: 'deleted', failed_reason: null }));
      if (show(task)) return;
    }
  })().catch((err: unknown) => {
    request.log.error({ err, taskId: watch.first.id }, 'task event stream failed');
    finish(sseEvent('error', { detail: `Internal server error (request ${request.id}).`, code: 'server_error' }));
  });
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
