import type { FastifyInstance } from 'fastify';
import type { LazyBlobs } from '../engines/blobs/lazy-blobs.js';
import type { BlobStore } from '../engines/blobs/port.js';
import type { UrlSigner } from '../engines/blobs/url-signer.js';

/** Serves signed blob URLs with range support; a forged or expired signature is refused. */
export interface FileRouteDeps {
  signer: Pick<UrlSigner, 'verify'>;
  /** Files made on first request (music, previews). */
  lazyBlobs: Pick<LazyBlobs, 'ensure'>;
  blobs: BlobStore;
}

export function registerFileRoutes(app: FastifyInstance, deps: FileRouteDeps): void {
  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = decodedKey((request.params as { '*': string })['*']);
    // A lone `%` (…/%zz) was never written by the signer: it names no file.
    if (key === null) return reply.status(404).send({ detail: 'File not found.', code: 'not_found' });
    const q = request.query as { expires?: string; signature?: string };
    const verdict = deps.signer.verify(key, q.expires, q.signature);
    if (verdict !== 'ok') {
      return reply.status(403).send({
        detail: verdict === 'expired' ? 'This file link has expired.' : 'Invalid file signature.',
        code: verdict === 'expired' ? 'link_expired' : 'invalid_signature',
      });
    }
    // One look-up for a stored file (a round trip to the bucket on S3); made-on-request files cost a second.
    let stat = await deps.blobs.stat(key);
    if (!stat && (await deps.lazyBlobs.ensure(key).catch(() => false))) stat = await deps.blobs.stat(key);
    if (!stat) return reply.status(404).send({ detail: 'File not found.', code: 'not_found' });
    reply.header('Accept-Ranges', 'bytes');
    const range = parseRange(request.headers.range, stat.sizeBytes);
    if (range === 'invalid') {
      reply.header('Content-Range', `bytes */${stat.sizeBytes}`);
      return reply.status(416).send({ detail: 'Requested range not satisfiable.', code: 'range_not_satisfiable' });
    }
    reply.header('Content-Type', stat.contentType);
    reply.header('Cache-Control', 'private, max-age=3600');
    if (range) {
      reply.status(206);
      reply.header('Content-Range', `bytes ${range.start}-${range.end}/${stat.sizeBytes}`);
      reply.header('Content-Length', String(range.end - range.start + 1));
      return reply.send(deps.blobs.read(key, range));
    }
    reply.header('Content-Length', String(stat.sizeBytes));
    return reply.send(deps.blobs.read(key));
  });
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (!suffix) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** decodeURIComponent throws on a malformed escape: that is the client's URL, not our fault. */
function decodedKey(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
