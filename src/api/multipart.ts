import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { NotAuthenticated, PayloadTooLarge } from '../core/errors.js';
import { uploadRef } from '../core/uploads.js';
import type { UploadFiles } from '../domain/upload-files.js';
import type { BlobStore } from '../engines/blobs/port.js';
import { addBodyRouteHook } from './body-route-hooks.js';
import { digestingStream, noteUploadDigest } from './idempotency/upload-digests.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Uploads this request stored (multipart file parts), deleted again if it is rejected. */
    uploadIds?: string[];
  }
}

export const MAX_FILES = 5;
const MAX_FIELDS = 200;
const MAX_FIELD_BYTES = 1024 * 1024;

export interface MultipartDeps {
  uploads: UploadFiles;
  blobs: BlobStore;
  tempRoot: string;
  fileLimitBytes: number;
}

/** A malformed body: the error mapper's 400 `non_field_errors`. */
function malformed(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** Keeps letters, digits, dot, dash and underscore; a file name never decides a folder. */
export function safeFileName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-80);
  return cleaned || 'file';
}

/** Repeated names (and `name[]`) collect into arrays, as form-urlencoded bodies do. */
export function addField(body: Record<string, unknown>, rawName: string, value: unknown): void {
  const isList = rawName.endsWith('[]');
  const name = isList ? rawName.slice(0, -2) : rawName;
  const existing = body[name];
  if (existing === undefined) body[name] = isList ? [value] : value;
  else body[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/**
 * Outside the authenticated API (unknown routes, `/healthz`, `/files/…`) a multipart body is
 * read and thrown away, never stored: the route's own answer (404, 405) goes out at once.
 */
export function discardMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.on('error', () => undefined);
    payload.resume();
    done(null, undefined);
  });
}

/**
 * Inside the authenticated API scope (content-type parsers are per plugin, and parsing runs
 * after the scope's `onRequest` auth, on a known route): fields become the same body a JSON
 * request would carry; each file part is stored as an upload of the caller's account and its
 * field carries `upload:<id>`, which every media field accepts in place of a URL. A request
 * answered with a 4xx takes its uploads with it; whatever else no task uses, the upload sweep
 * removes (`jobs/schedules/upload-sweep.ts`).
 */
export function storeMultipartUploads(api: FastifyInstance, deps: MultipartDeps): void {
  api.removeContentTypeParser('multipart/form-data');
  api.addContentTypeParser('multipart/form-data', { bodyLimit: deps.fileLimitBytes * MAX_FILES + MAX_FIELD_BYTES * 4 }, (request, payload, done) => {
    parseMultipart(request, payload, deps).then(
      (body) => done(null, body),
      (err: Error) => done(err, undefined),
    );
  });
  // Before the answer goes out, so a client told 4xx finds nothing kept. A 5xx is left to the
  // sweep, which deletes only files no task uses.
  addBodyRouteHook(api, 'onSend', async (request, reply) => {
    if (reply.statusCode >= 400 && reply.statusCode < 500 && request.uploadIds?.length) await removeUploads(request, deps.uploads);
  });
}

async function removeUploads(request: FastifyRequest, uploads: UploadFiles): Promise<void> {
  const ids = request.uploadIds ?? [];
  request.uploadIds = [];
  await Promise.all(ids.map((id) => uploads.remove(id).catch((err: unknown) => request.log.warn({ err, uploadId: id }, 'could not delete a rejected upload'))));
}

/**
 * busboy's constructor throws synchronously on a Content-Type it cannot read (no boundary, an
 * empty one): that is the client's framing, a 400, never a fault of ours.
 */
function openBusboy(request: FastifyRequest, fileLimitBytes: number): ReturnType<typeof Busboy> {
  const noBoundary = 'Malformed multipart body: the Content-Type needs a boundary (multipart/form-data; boundary=…).';
  // An empty boundary would be taken, then fail as "unexpected end" with nothing to act on.
  if (!/;\s*boundary=("[^"]+"|[^";\s]+)/i.test(String(request.headers['content-type'] ?? ''))) throw malformed(noBoundary);
  try {
    return Busboy({
      headers: request.headers as { 'content-type': string },
      // No `files` or `fields` limit here: busboy stalls on a large part it skips past such a
      // limit (the request never ends), so parts are counted below and read through instead.
      limits: { fieldSize: MAX_FIELD_BYTES, fileSize: fileLimitBytes },
    });
  } catch (err) {
    throw malformed(`${noBoundary} ${(err as Error).message}`);
  }
}

async function parseMultipart(request: FastifyRequest, payload: NodeJS.ReadableStream, deps: MultipartDeps): Promise<Record<string, unknown>> {
  // Auth runs first in this scope; a missing account here would be a wiring mistake, never a stored file.
  if (!request.accountId) throw new NotAuthenticated();
  const body: Record<string, unknown> = {};
  const pending: Promise<void>[] = [];
  const scratch = join(deps.tempRoot, `upload-${randomUUID()}`);
  await mkdir(scratch, { recursive: true });
  let failure: Error | null = null;
  try {
    const busboy = openBusboy(request, deps.fileLimitBytes);
    let fields = 0;
    busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (++fields > MAX_FIELDS) failure ??= new PayloadTooLarge(`At most ${MAX_FIELDS} fields per request.`);
      if (valueTruncated) failure ??= new PayloadTooLarge('Request body is too large.');
      if (!failure) addField(body, name, value);
    });
    let files = 0;
    const open = new Set<NodeJS.ReadableStream & { destroy(err?: Error): void }>();
    busboy.on('file', (name, stream, fileName) => {
      if (fileName && ++files > MAX_FILES) failure ??= new PayloadTooLarge(`At most ${MAX_FILES} files per request.`);
      // A file input left empty still sends a part with no name and no bytes: not a file.
      // Once the request is refused, later parts are only read through.
      if (!fileName || failure) {
        stream.resume();
        return;
      }
      const { id, key } = deps.uploads.newKey(request.accountId, safeFileName(fileName));
      const tempPath = join(scratch, `${pending.length}-${safeFileName(fileName)}`);
      open.add(stream);
      pending.push(
        (async () => {
          const content = digestingStream();
          await pipeline(stream, content.stream, createWriteStream(tempPath)).finally(() => open.delete(stream));
          if (stream.truncated) {
            failure ??= new PayloadTooLarge(`The file "${safeFileName(fileName)}" is larger than ${deps.fileLimitBytes} bytes.`);
            return;
          }
          if (failure) return;
          request.uploadIds ??= [];
          request.uploadIds.push(id);
          await deps.blobs.putFile(key, tempPath);
          addField(body, name, uploadRef(id));
          // Idempotency keys compare the file's bytes, not the upload id it got.
          noteUploadDigest(request, uploadRef(id), content.digest());
        })(),
      );
    });
    let parseError = null as Error | null;
    await pipeline(payload, busboy).catch((err: Error) => {
      parseError = malformed(`Malformed multipart body: ${err.message}`);
      // A body cut short (the client went away) leaves the part being read without an end.
      for (const stream of open) stream.destroy(parseError);
    });
    // Every part's write ends (or fails) before anything is answered or deleted.
    const writes = await Promise.allSettled(pending);
    const writeError = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected')?.reason as Error | undefined;
    const refused = parseError ?? failure ?? writeError;
    if (refused) {
      await removeUploads(request, deps.uploads);
      throw refused;
    }
    return body;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
