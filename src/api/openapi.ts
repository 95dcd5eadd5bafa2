import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';
import { IDEMPOTENCY_HEADER } from './idempotency/idempotency-hooks.js';
import { errorResponses } from './schemas/responses/errors.js';
import type { OperationTable } from './schemas/responses/operations.js';

/**
 * Responses are sent with plain JSON.stringify, never validated against their schemas: a body
 * that drifted from its documented shape must not become a 500, and validating every GET costs
 * time on the read path. The tests keep the document truthful instead (test/integration/api/openapi*).
 */
export const plainSerializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** The document's key of a route: "METHOD /path/:param/". */
export function operationKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/**
 * onRoute hook: gives every /api (and /sse) operation its documented responses — the success body
 * from the groups' operation tables (`schemas/responses/operations.ts`) and the error bodies of
 * what it can answer. A route's own `schema.response` entries win.
 */
export function attachResponses(route: RouteOptions, operations: OperationTable): void {
  route.schema ??= {};
  const schema = route.schema;
  if (schema.hide || !/^\/(api|sse)\//.test(route.url)) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const operation = methods.map((m) => operations[operationKey(m, route.url)]).find(Boolean);
  if (!operation) return;
  const readsBody = methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');
  const errors = errorResponses({
    validates: Boolean(schema.body || schema.querystring || schema.params),
    readsBody,
    findsById: route.url.includes('/:') || operation.findsById,
    holdsCredits: operation.holdsCredits,
    // The idempotency hooks take every authenticated POST (creates and follow-ups alike).
    idempotent: methods.includes('POST'),
  });
  // A route's response map is keyed by status (Fastify's contract for `schema.response`).
  schema.response = { ...errors, [operation.status]: operation.body, ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
}

/**
 * jsonSchemaTransform for the document, letting response entries that are already OpenAPI
 * (the text stream's `content: text/event-stream`) through unchanged.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const response = input.schema?.response as Record<string, unknown> | undefined;
  if (!response) return jsonSchemaTransform(input);
  const zod: Record<string, unknown> = {};
  const plain: Record<string, unknown> = {};
  for (const [status, entry] of Object.entries(response)) (entry instanceof $ZodType ? zod : plain)[status] = entry;
  const out = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: zod } } as typeof input);
  const transformed: FastifySchema | undefined = out.schema;
  if (transformed && !transformed.hide && Object.keys(plain).length)
    transformed.response = { ...(transformed.response as Record<string, unknown> | undefined), ...plain };
  return out;
};

/** swagger's transformObject: every POST names the optional Idempotency-Key header it honours. */
export const documentIdempotencyHeader: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
    const post = item?.post;
    if (!post || !/^\/(api|sse)\//.test(path)) continue;
    post.parameters = [
      ...(post.parameters ?? []),
      {
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: false,
        description:
          'Up to 255 characters. The same key and body from the same account within 24 h replays the first response (Idempotent-Replayed: true) and charges once; another body → 422; while the first is running → 409.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' },
      },
    ];
  }
  return openapiObject;
};
