import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_KEY_ROOT, uploadRef } from '../domain/uploads.js';
import type { BlobStore } from '../engines/blobs/port.js';
import { digestingStream, noteUploadDigest } from './idempotency/upload-digests.js';

const MAX_FILES = 5;
const MAX_FIELDS = 200;
const MAX_FIELD_BYTES = 1024 * 1024;

/** A client error the error mapper turns into the contract's body (413 or 400). */
function clientError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/** Keeps letters, digits, dot, dash and underscore; a file name never decides a folder. */
export function safeFileName(name: string | undefined): string {
  const cleaned = (name ?? '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-80);
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
 * multipart/form-data bodies: fields become the same body a JSON request would carry; each file
 * part is stored in the blob store and its field carries `upload:<key>`, which every media field
 * accepts in place of a URL.
 */
export function registerMultipart(app: FastifyInstance, deps: { blobs: BlobStore; tempRoot: string; fileLimitBytes: number }): void {
  app.addContentTypeParser('multipart/form-data', { bodyLimit: deps.fileLimitBytes * MAX_FILES + MAX_FIELD_BYTES * 4 }, (request, payload, done) => {
    parseMultipart(request, payload, deps).then((body) => done(null, body), (err: Error) => done(err, undefined));
  });
}

async function parseMultipart(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  deps: { blobs: BlobStore; tempRoot: string; fileLimitBytes: number },
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const pending: Promise<void>[] = [];
  const scratch = join(deps.tempRoot, `upload-${randomUUID()}`);
  await mkdir(scratch, { recursive: true });
  let failure: Error | null = null;
  try {
    const busboy = Busboy({
      headers: request.headers as { 'content-type': string },
      limits: { files: MAX_FILES, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fileSize: deps.fileLimitBytes },
    });
    busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) failure ??= clientError(413, 'Request body is too large.');
      addField(body, name, value);
    });
    busboy.on('file', (name, stream, fileName) => {
      // A file input left empty still sends a part with no name and no bytes: not a file.
      if (!fileName) {
        stream.resume();
        return;
      }
      const key = `${UPLOAD_KEY_ROOT}${randomUUID()}/${safeFileName(fileName)}`;
      const tempPath = join(scratch, `${pending.length}-${safeFileName(fileName)}`);
      pending.push((async () => {
        const content = digestingStream();
        await pipeline(stream, content.stream, createWriteStream(tempPath));
        if (stream.truncated) {
          failure ??= clientError(413, `The file "${safeFileName(fileName)}" is larger than ${deps.fileLimitBytes} bytes.`);
          return;
        }
        await deps.blobs.putFile(key, tempPath);
        addField(body, name, uploadRef(key));
        // Idempotency keys compare the file's bytes, not the storage key it got.
        noteUploadDigest(request, uploadRef(key), content.digest());
      })());
    });
    busboy.on('filesLimit', () => {
      failure ??= clientError(413, `At most ${MAX_FILES} files per request.`);
    });
    await pipeline(payload, busboy).catch((err: Error) => {
      throw clientError(400, `Malformed multipart body: ${err.message}`);
    });
    await Promise.all(pending);
    if (failure) throw failure;
    return body;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
