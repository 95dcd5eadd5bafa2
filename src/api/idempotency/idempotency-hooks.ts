import type {
  FastifyInstance,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { ValidationError } from '../../core/errors.js';
import { MAX_IDEMPOTENCY_KEY_LENGTH, type IdempotencyLease, type IdempotencyService } from '../../domain/idempotency/idempotency-service.js';
import { requestFingerprint } from './request-fingerprint.js';
import { uploadDigestsOf } from './upload-digests.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that is the saved response of an earlier request with the same key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

interface KeyedRequest {
  key: string;
  fingerprint: string;
  /** Set once this request holds the key; taken by whoever saves or frees it. */
  lease?: IdempotencyLease;
}

const keyed = new WeakMap<FastifyRequest, KeyedRequest>();

/**
 * `Idempotency-Key` on every POST of the authenticated scope (creates and follow-ups alike).
 * Order in Fastify's lifecycle, and why:
 * - preValidation: the header is checked (400 on it) and the request fingerprinted from the body
 *   as parsed, before the schema rewrites it (defaults, coercions);
 * - preHandler: only a request that passed validation takes the key, so a 400 from the schema
 *   saves nothing; a repeat is answered here with the saved response, a conflict with 409/422;
 * - onSend: the response the handler produced is saved — any status below 500, 4xx from the
 *   handler included (402, a 400 on an unusable media field), as at Stripe; a 5xx frees the key
 *   so the client can retry. A reply the route writes itself (SSE) saves through `recordHijackedReply`.
 */
export function registerIdempotency(api: FastifyInstance, service: IdempotencyService): void {
  const takeKey: preValidationAsyncHookHandler = async (request) => {
    const key = keyFrom(request);
    if (key === null) return;
    const fingerprint = requestFingerprint({
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0]!,
      params: request.params,
      body: request.body,
      uploads: uploadDigestsOf(request),
    });
    keyed.set(request, { key, fingerprint });
  };

  const claimOrReplay: preHandlerAsyncHookHandler = async (request, reply) => {
    const k = keyed.get(request);
    if (!k) return;
    const start = await service.begin(request.accountId, k.key, k.fingerprint);
    if (start.kind === 'run') {
      k.lease = start.lease;
      return;
    }
    const saved = start.response;
    reply.header(REPLAYED_HEADER, 'true');
    if (saved.contentType) reply.header('content-type', saved.contentType);
    return reply.status(saved.statusCode).send(saved.body);
  };

  const saveResponse: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    const lease = takeLease(request);
    if (!lease) return payload;
    try {
      // Only text is kept; a streamed or binary answer cannot be replayed, so it is not promised either.
      if (reply.statusCode >= 500 || typeof payload !== 'string') await lease.release();
      else if (!(await lease.complete({ statusCode: reply.statusCode, contentType: contentTypeOf(reply.getHeader('content-type')), body: payload }))) {
        request.log.warn({ idempotencyKey: lease.key }, 'idempotency key lost before its response was saved (lock lapsed)');
      }
    } catch (err) {
      // The answer itself stands; the key's lock lapses and a repeat runs again.
      request.log.error({ err, idempotencyKey: lease.key }, 'could not save the response of an idempotency key');
    }
    return payload;
  };

  // A request that ended without onSend (it should not happen): its lock lapses on its own.
  const stopRenewing: onResponseAsyncHookHandler = async (request) => {
    takeLease(request)?.stopRenewing();
  };

  // Route-level hooks on POST routes only, so the polling GETs pay nothing for this.
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    route.preValidation = [...asArray(route.preValidation), takeKey];
    route.preHandler = [...asArray(route.preHandler), claimOrReplay];
    route.onSend = [...asArray(route.onSend), saveResponse];
    route.onResponse = [...asArray(route.onResponse), stopRenewing];
  });
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** A reply the route writes on the raw socket (reply.hijack): what it writes, saved when it ends. */
export interface HijackedRecording {
  append(chunk: string): void;
  /** Saves what was written as the response to replay. */
  save(statusCode: number, contentType: string): Promise<void>;
  /** Saves nothing: the key is freed, as after a 5xx. */
  forget(): Promise<void>;
}

/**
 * For a route that hijacks its reply (the text stream): Fastify's onSend does not run for it,
 * so the route records what it writes and saves it itself. Null when the request has no key.
 */
export function recordHijackedReply(request: FastifyRequest): HijackedRecording | null {
  const lease = takeLease(request);
  if (!lease) return null;
  const chunks: string[] = [];
  return {
    append: (chunk) => void chunks.push(chunk),
    save: async (statusCode, contentType) => {
      await lease.complete({ statusCode, contentType, body: chunks.join('') });
    },
    forget: () => lease.release(),
  };
}

function takeLease(request: FastifyRequest): IdempotencyLease | undefined {
  const k = keyed.get(request);
  const lease = k?.lease;
  if (k) k.lease = undefined;
  return lease;
}

/** The header's value, null when absent; a 400 on the header when it cannot be a key. */
function keyFrom(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? (raw[0] ?? '') : raw;
  if (Array.isArray(raw) && raw.length > 1) throw ValidationError.field(IDEMPOTENCY_HEADER, 'Send one Idempotency-Key header, not several.');
  if (value.trim() === '') throw ValidationError.field(IDEMPOTENCY_HEADER, 'This header may not be blank.');
  if (value.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw ValidationError.field(IDEMPOTENCY_HEADER, `Ensure this value has at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters (it has ${value.length}).`);
  return value;
}

function contentTypeOf(header: unknown): string | null {
  if (header === undefined || header === null) return null;
  return Array.isArray(header) ? String(header[0]) : String(header);
}
