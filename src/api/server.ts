import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { NotFound } from '../core/errors.js';
import { authAndRateLimit } from './auth.js';
import { answerClientError } from './client-errors.js';
import type { AuthFailureThrottle } from './auth-failures.js';
import { limitConnectionsPerAddress, slowClientOptions } from './connection-limits.js';
import { sendError } from './error-mapper.js';
import { registerFileRoutes, type FileRouteDeps } from './files-route.js';
import { registerHealthRoutes, type HealthRouteDeps } from './health-routes.js';
import { registerMetricsRoute, type MetricsRouteDeps } from './metrics-route.js';
import { registerIdempotency } from './idempotency/idempotency-hooks.js';
import { discardMultipart, storeMultipartUploads } from './multipart.js';
import { attachResponses, documentIdempotencyHeader, openApiTransform, plainSerializerCompiler } from './openapi.js';
import type { RateLimiter } from './rate-limit.js';
import type { OpenStreams } from './open-streams.js';
import { registerRoutes, type ApiGroup } from './routes/index.js';
import { mergeOperations } from './schemas/responses/operations.js';
import { registerStudioRoute } from './studio-route.js';
import { checkUploadRefs } from './upload-refs.js';
import type { AccountService } from '../domain/accounts/account-service.js';
import type { IdempotencyService } from '../domain/idempotency/idempotency-service.js';
import type { UploadFiles } from '../domain/upload-files.js';
import './zod-messages.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The server buildServer makes: Node's HTTP server, the service's pino logger, Zod schemas as route types. */
export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, Logger, ZodTypeProvider>;

/**
 * One access-log line per request, written when it completes (request, status and time), where
 * Fastify writes two (on arrival and on completion): each line is a synchronous write, and polling
 * makes requests the bulk of the log.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  // Plain fields rather than pino's req/res serializers: this line is written for every poll, and
  // the serializers cost as much as the rest of the log call.
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.raw.statusCode, remoteAddress: request.ip, responseTimeMs: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Everything the HTTP layer uses; app/ builds it (app/api-deps.ts). api/ never sees the container,
 * so it cannot reach a service it was not given.
 */
export interface ServerDeps extends HealthRouteDeps, FileRouteDeps, MetricsRouteDeps {
  log: Logger;
  /** Every group's routes and operations, in the order the document lists them (app/groups/index.ts). */
  groups: readonly ApiGroup[];
  /** Event and text streams this process has open, ended on shutdown (api/graceful-close.ts). */
  streams: OpenStreams;
  limits: {
    bodyLimitBytes: number;
    /** Per multipart file part. */
    uploadLimitBytes: number;
    connections: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnectionsPerAddress: number };
  };
  /** Where multipart parts are spooled before they are stored. */
  tempRoot: string;
  accounts: AccountService;
  rateLimiter: RateLimiter;
  authFailures: AuthFailureThrottle;
  uploads: UploadFiles;
  idempotency: IdempotencyService;
}

export async function buildServer(c: ServerDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: c.log,
    bodyLimit: c.limits.bodyLimitBytes,
    http: slowClientOptions(c.limits.connections),
    requestTimeout: c.limits.connections.requestTimeoutMs,
    // Bad URLs and over-long path parameters answer in the contract's bodies, not Fastify's.
    frameworkErrors: (err, request, reply) => sendError(reply, err, request),
    // Oversized header blocks (431), timeouts and unparseable requests, in the contract's bodies too.
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLineRequestLog(),
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100 ? req.headers['x-request-id'] : randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(plainSerializerCompiler);
  const operations = mergeOperations(c.groups.map((g) => g.operations));
  app.addHook('onRoute', (route) => attachResponses(route, operations));
  limitConnectionsPerAddress(app.server, c.limits.connections.maxConnectionsPerAddress);

  // Follow-up POSTs have no body; clients still send Content-Type: application/json.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = Object.assign(new Error('JSON parse error: malformed request body.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(err, undefined);
    }
  });
  // Bodies are JSON, form-encoded or multipart; anything else (text/plain too) is a 415.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody);
  // Files are stored only inside the authenticated scope below; elsewhere they are read and dropped.
  discardMultipart(app as unknown as FastifyInstance);

  // Callback style: no promise per response on the polling path.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  app.setErrorHandler((err, request, reply) => sendError(reply, err, request));
  const methodNotAllowed = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    const path = request.url.split('?')[0] ?? '/';
    // A path can match a static route for one method and a parametric one for another
    // (POST /api/ai_editing/preview/ and GET /api/ai_editing/:id/): the path names the most
    // specific route, so Allow lists the methods of that route only, as the document does.
    const matches = METHODS.filter((m) => m !== request.method)
      .map((m) => ({ m, route: app.findRoute({ method: m, url: path }) }))
      .flatMap(({ m, route }) => (route ? [{ m, params: Object.keys(route.params ?? {}).length }] : []));
    const fewest = Math.min(...matches.map((x) => x.params));
    const allowed = matches.filter((x) => x.params === fewest).map((x) => x.m);
    if (!allowed.length) return null;
    reply.header('Allow', allowed.join(', '));
    return reply.status(405).send({ detail: `Method "${request.method}" not allowed.`, code: 'method_not_allowed' });
  };
  // A method no route takes (QUERY, PROPFIND, OPTIONS…) is answered before its body is parsed:
  // otherwise the body parser's 400/415 would speak first, and the answer would depend on headers.
  app.addHook('onRequest', (request, reply, done) => {
    if ((METHODS as readonly string[]).includes(request.method) || request.method === 'HEAD') return done();
    if (!methodNotAllowed(request, reply)) sendError(reply, new NotFound('route'), request);
  });
  app.setNotFoundHandler((request, reply) => methodNotAllowed(request, reply) ?? sendError(reply, new NotFound('route'), request));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Clipwright API', version: '0.1.0', description: 'Self-hosted video and audio generation. Authenticate with X-API-ID and X-API-KEY.' },
      components: {
        securitySchemes: {
          apiId: { type: 'apiKey', in: 'header', name: 'X-API-ID' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
        },
      },
      security: [{ apiId: [], apiKey: [] }],
    },
    transform: openApiTransform,
    transformObject: documentIdempotencyHeader,
  });
  // The UI's assets ship inside the npm package: the docs page works offline.
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/api/openapi.json' } as never });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerHealthRoutes(app as unknown as FastifyInstance, c);
  registerMetricsRoute(app as unknown as FastifyInstance, c);
  registerFileRoutes(app as unknown as FastifyInstance, c);
  registerStudioRoute(app as unknown as FastifyInstance);

  const guard = authAndRateLimit(c.accounts, c.rateLimiter, c.authFailures);
  // A plugin that only registers (nothing to wait for) says it is ready by calling `done`.
  await app.register((api, _opts, done) => {
    api.addHook('onRequest', guard);
    storeMultipartUploads(api as unknown as FastifyInstance, {
      uploads: c.uploads,
      blobs: c.blobs,
      tempRoot: c.tempRoot,
      fileLimitBytes: c.limits.uploadLimitBytes,
    });
    // Before the idempotency hooks: a foreign or unknown upload is refused like a schema error, saving nothing.
    checkUploadRefs(api as unknown as FastifyInstance, c.uploads);
    registerIdempotency(api as unknown as FastifyInstance, c.idempotency);
    registerRoutes(api as unknown as FastifyInstance, c.groups, { streams: c.streams });
    done();
  });
  return app;
}
