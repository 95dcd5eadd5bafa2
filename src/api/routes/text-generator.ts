import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Task } from '../../core/task.js';
import type { TextGenerationService } from '../../domain/text/text-generation-service.js';
import { recordHijackedReply } from '../idempotency/idempotency-hooks.js';
import { textGenerationBodyFor, type TextGenerationBody } from '../schemas/text-generator.js';
import { SHUTDOWN_EVENT_DATA, type OpenStreams } from '../open-streams.js';
import { sseEvent } from '../sse.js';
import { textRequestFromBody, textTaskToWire } from '../wire/text-generation.js';
import { groupRoutes } from './group-routes.js';

/** Every path answers under /api/text_generator/ and its /sse/text_generator/ alias. */
const PREFIXES = ['/api/text_generator', '/sse/text_generator'] as const;
const KEEP_ALIVE_MS = 15_000;
const STREAM_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface TextGeneratorRouteDeps {
  textGeneration: TextGenerationService;
  /** Streams still open when a shutdown's grace period ends get a final `shutdown` event. */
  streams: OpenStreams;
}

export const textGeneratorRoutes = groupRoutes(['Text Generator'], textTaskToWire, (routes, deps: TextGeneratorRouteDeps) => {
  const { app, tags } = routes;
  const body = textGenerationBodyFor(deps.textGeneration.modelNames());

  for (const prefix of PREFIXES) {
    const alias = prefix.startsWith('/sse') ? ' (alias)' : '';

    app.post(
      `${prefix}/`,
      { schema: { tags, summary: `Generate text: a task to poll, or with sync: true the finished task${alias}`, body } },
      async (request, reply) => {
        const req = textRequestFromBody(request.body);
        if (!request.body.sync) return reply.status(201).send(textTaskToWire(await deps.textGeneration.createAsync(request.accountId, req)));
        // Stop waiting (not the task) when the client hangs up.
        const gone = new AbortController();
        reply.raw.on('close', () => gone.abort());
        const task = await deps.textGeneration.createSync(request.accountId, req, gone.signal);
        return reply.status(201).send(textTaskToWire(task));
      },
    );

    app.post(
      `${prefix}/stream/`,
      { schema: { tags, summary: `Generate text streamed as Server-Sent Events: delta …, then done or error${alias}`, body } },
      (request, reply) => streamText(deps, request as FastifyRequest<{ Body: TextGenerationBody }>, reply),
    );

    routes.reads(`${prefix}/`, deps.textGeneration, { list: `List text generation tasks${alias}`, get: `Get a text generation task${alias}` });
  }
});

/**
 * Body, model and credit errors answer as JSON before the stream starts. Then: `delta` events
 * ({id, text}) as the model writes, and `done` (the finished task) or `error` ({detail, code}).
 * A client that goes away does not stop the generation: the task finishes and stays readable.
 */
async function streamText(deps: TextGeneratorRouteDeps, request: FastifyRequest<{ Body: TextGenerationBody }>, reply: FastifyReply): Promise<void> {
  const task = await deps.textGeneration.startStream(request.accountId, textRequestFromBody(request.body));
  reply.hijack();
  // With an Idempotency-Key, the stream's events are kept and a repeat replays them, uncharged.
  const recording = recordHijackedReply(request);
  const res = reply.raw;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = String(value);
  res.writeHead(200, {
    ...headers,
    'content-type': STREAM_CONTENT_TYPE,
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
  });
  let open = true;
  const unregister = deps.streams.add('work', {
    shutdown: () => {
      if (!open || res.writableEnded) return;
      open = false;
      res.end(sseEvent('shutdown', SHUTDOWN_EVENT_DATA));
    },
  });
  res.on('close', () => {
    open = false;
    unregister();
  });
  const write = async (chunk: string) => {
    if (!open || res.writableEnded) return;
    // Respect back-pressure so a slow client does not make the server buffer the whole text.
    if (!res.write(chunk))
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
  };
  // What the stream says (not its keep-alives) is what a repeat with the same key replays.
  const say = (chunk: string) => {
    recording?.append(chunk);
    return write(chunk);
  };
  await say(`: task ${task.id}\n\n`);
  // A comment now and then keeps proxies from closing a stream while a slow model thinks.
  const keepAlive = setInterval(() => void write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  let final: Task;
  try {
    final = await deps.textGeneration.runStream(task, { onDelta: (text) => say(sseEvent('delta', { id: task.id, text })) });
  } catch (err) {
    clearInterval(keepAlive);
    request.log.error({ err, taskId: task.id }, 'text stream failed');
    // A server error saves nothing: the same key may be sent again.
    await recording?.forget().catch((e: unknown) => request.log.error({ err: e }, 'could not free an idempotency key'));
    await write(sseEvent('error', { detail: `Internal server error (request ${request.id}).`, code: 'server_error' }));
    if (open) res.end();
    return;
  }
  clearInterval(keepAlive);
  if (final.status === 'done') await say(sseEvent('done', textTaskToWire(final)));
  else await say(sseEvent('error', { detail: final.failedReason ?? 'The generation failed.', code: 'generation_failed', id: final.id }));
  // Saved before the stream ends, so a client that retries on seeing the end gets the replay, not a 409.
  await recording
    ?.save(200, STREAM_CONTENT_TYPE)
    .catch((e: unknown) => request.log.error({ err: e, taskId: task.id }, 'could not save a stream for its idempotency key'));
  if (open) res.end();
}
