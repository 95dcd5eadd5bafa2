import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { addFieldError, AppError, Throttled, ValidationError, type FieldErrors } from '../core/errors.js';
import { outageOf } from '../engines/outages/outage-of.js';

/** The contract's 400 field map from schema validation issues (`/a/0/b` → `a.0.b`). */
function fieldErrorsFromValidation(issues: { instancePath: string; message?: string }[], context: string | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const key = path || (context === 'body' || !context ? 'non_field_errors' : context);
    addFieldError(fields, key, issue.message ?? 'Invalid value.');
  }
  return fields;
}

const fastifyCodes: Record<number, [string, string]> = {
  400: ['parse_error', 'Malformed request body.'],
  404: ['not_found', 'Not found.'],
  405: ['method_not_allowed', 'Method not allowed.'],
  413: ['payload_too_large', 'Request body is too large.'],
  415: ['unsupported_media_type', 'Unsupported media type in request.'],
};

export function sendError(reply: FastifyReply, err: unknown, request: FastifyRequest): FastifyReply {
  if (err instanceof ValidationError) return reply.status(400).send(err.fields);
  // The database, the file storage or the disk is down: nothing was done, so the client may send it again.
  const outage = outageOf(err);
  if (outage) {
    request.log.warn({ err, dependency: outage.dependency }, 'request refused: an outside part is unavailable');
    reply.header('Retry-After', String(outage.retryAfterSeconds));
    return reply.status(503).send({ detail: outage.message, code: outage.code });
  }
  if (err instanceof Throttled) reply.header('Retry-After', String(err.retryAfterSeconds));
  if (err instanceof AppError) return reply.status(err.status).send({ detail: err.message, code: err.code });
  if (hasZodFastifySchemaValidationErrors(err)) {
    return reply.status(400).send(fieldErrorsFromValidation(err.validation, (err as { validationContext?: string }).validationContext));
  }
  const fe = err as FastifyError;
  // A path parameter longer than any id can be names nothing.
  if (fe.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const [code, fallback] = fastifyCodes[status] ?? ['bad_request', 'Bad request.'];
    if (status === 400) {
      const detail =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe instanceof SyntaxError ? 'JSON parse error: malformed request body.' : fe.message || fallback;
      return reply.status(400).send({ non_field_errors: [detail] });
    }
    return reply.status(status).send({ detail: fallback, code });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ detail: `Internal server error (request ${request.id}).`, code: 'server_error' });
}
