import { z } from 'zod';

/** Every error but a 400: `{detail, code}` (contract "Error bodies"). Strict: nothing else is ever sent. */
export const errorResponse = z.strictObject({
  detail: z.string().describe('Human-readable text'),
  code: z.string().describe('snake_case code, e.g. not_found, insufficient_credits, throttled'),
});

/** A 400: field name (dotted path for nested fields, or `non_field_errors`) → messages. */
export const fieldErrorResponse = z.record(z.string(), z.array(z.string()));

const withDescription = (schema: z.ZodType, description: string) => schema.clone().describe(description);

/** What each status means here; @fastify/swagger takes the schema's description as the response's. */
const errorDescriptions: Record<number, string> = {
  401: 'Credentials missing (not_authenticated) or invalid (authentication_failed)',
  402: 'insufficient_credits: the balance cannot cover the price; nothing is created or held',
  404: "not_found (unknown id, another account's resource, unknown route) or task_not_ready (a follow-up the task cannot take yet)",
  405: 'method_not_allowed; the Allow header lists the methods the path takes',
  409: 'A request with the same Idempotency-Key is still in flight',
  413: 'payload_too_large: body or file part over the limit',
  415: 'unsupported_media_type: the body is not JSON, form-encoded or multipart',
  422: 'The Idempotency-Key was used before with a different body',
  429: 'throttled: rate limit; see Retry-After',
  431: "request_header_fields_too_large: the URL and headers together are over the server's header limit",
  503: 'database_unavailable, storage_unavailable or disk_full: an outside part the service needs is down; nothing was done or held; retry after Retry-After',
  500: 'server_error: internals are never exposed; the detail carries the request id',
};

export type ErrorStatus = 400 | 401 | 402 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 431 | 500 | 503;

/** The documented response of one error status, ready for a route's `schema.response`. */
export function errorResponseFor(status: ErrorStatus): z.ZodType {
  if (status === 400)
    return withDescription(
      fieldErrorResponse,
      'Validation: a field map {"field": ["message", …]}; malformed JSON and problems not tied to one field under non_field_errors',
    );
  return withDescription(errorResponse, errorDescriptions[status] ?? 'Error');
}

/** What an operation may answer besides its success, by what it does. */
export interface ErrorTraits {
  /** Takes a body, query or path parameters that are validated (400). */
  validates?: boolean;
  /** Names a resource by id, in the path or the body (404). */
  findsById?: boolean;
  /** Holds or charges credits (402). */
  holdsCredits?: boolean;
  /** Honours Idempotency-Key (409 in flight, 422 body mismatch). */
  idempotent?: boolean;
  /** Reads a request body (413, 415). */
  readsBody?: boolean;
}

/**
 * The error statuses of one /api operation: those every authenticated route can answer (401,
 * 405 on its path for other methods, 429, 431, 500, 503 when the database or disk is down, and 404
 * for a path that is not a route), plus
 * those its traits add.
 */
export function errorResponses(traits: ErrorTraits): Partial<Record<ErrorStatus, z.ZodType>> {
  const statuses: ErrorStatus[] = [401, 404, 405, 429, 431, 500, 503];
  if (traits.validates || traits.readsBody) statuses.push(400);
  if (traits.holdsCredits) statuses.push(402);
  if (traits.idempotent) statuses.push(409, 422);
  if (traits.readsBody) statuses.push(413, 415);
  return Object.fromEntries([...new Set(statuses)].sort((a, b) => a - b).map((s) => [s, errorResponseFor(s)]));
}

/** 409 and 422 for an operation that honours Idempotency-Key (added where that is built). */
export const idempotencyErrorResponses = (): Partial<Record<ErrorStatus, z.ZodType>> => ({ 409: errorResponseFor(409), 422: errorResponseFor(422) });
