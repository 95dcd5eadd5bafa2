import type { FastifyInstance } from 'fastify';
import { addFieldError, ValidationError, type FieldErrors } from '../core/errors.js';
import { addBodyRouteHook } from './body-route-hooks.js';
import { UPLOAD_NOT_FOUND_MESSAGE, uploadIdOf } from '../core/uploads.js';
import type { UploadFiles } from '../domain/upload-files.js';

/** Every `upload:<id>` value in a body, with its field path as the 400 map names it (`scenes.0.audio`). */
export function uploadRefsIn(value: unknown, path: string[] = [], found: { field: string; id: string }[] = []): { field: string; id: string }[] {
  if (typeof value === 'string') {
    // Trimmed: fields that trim their value (cta_background, template slots) must not let a padded reference past.
    const id = uploadIdOf(value.trim());
    if (id) found.push({ field: path.join('.') || 'non_field_errors', id });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      uploadRefsIn(v, [...path, String(i)], found);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) uploadRefsIn(v, [...path, k], found);
  }
  return found;
}

/**
 * An upload is usable only by the account that sent it. Before any handler (so before any
 * service, task or job) sees the body, every `upload:<id>` in it must be one of the caller's
 * uploads; anything else is a 400 on its field with the same words as a missing upload, so
 * another account's id is indistinguishable from one that never existed.
 */
export function checkUploadRefs(api: FastifyInstance, uploads: UploadFiles): void {
  addBodyRouteHook(api, 'preHandler', async (request) => {
    if (request.body === undefined || request.body === null || typeof request.body !== 'object') return;
    const refs = uploadRefsIn(request.body);
    if (!refs.length) return;
    const ownThisRequest = new Set(request.uploadIds ?? []);
    const errors: FieldErrors = {};
    for (const { field, id } of refs) {
      if (ownThisRequest.has(id) || (await uploads.isOwnedBy(id, request.accountId))) continue;
      addFieldError(errors, field, UPLOAD_NOT_FOUND_MESSAGE);
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  });
}
