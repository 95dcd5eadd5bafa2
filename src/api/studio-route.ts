import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';

/** The Studio's files live in the repository's web/ folder, beside src/. */
const WEB_ROOT = join(import.meta.dirname, '..', '..', 'web');

const require = createRequire(import.meta.url);

/**
 * The browser's ES module builds of the Studio's two libraries, served from node_modules so the
 * page needs no CDN and no build step. The index page's import map names these paths.
 */
const VENDOR_FILES: Record<string, string> = {
  'preact.js': join(dirname(require.resolve('preact')), 'preact.module.js'),
  'preact-hooks.js': join(dirname(require.resolve('preact/hooks')), 'hooks.module.js'),
  'htm.js': join(dirname(require.resolve('htm')), 'htm.module.js'),
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A path under web/, or null when the request tries to leave it or names a file type we do not serve. */
function webFile(relative: string): string | null {
  const clean = normalize(relative).replace(/^([/\\])+/, '');
  if (clean.startsWith('..') || clean.split(sep).some((part) => part.startsWith('.'))) return null;
  if (!CONTENT_TYPES[extname(clean)]) return null;
  return join(WEB_ROOT, clean);
}

/**
 * GET /studio/ — the Studio web page. Static files need no credentials: the page itself asks for
 * the API id and key and sends them on each API call.
 */
export function registerStudioRoute(app: FastifyInstance): void {
  // "/studio" and "/studio/" (the router ignores the trailing slash); the page names its files by absolute paths.
  app.get('/studio', { schema: { hide: true } }, (_request, reply) => sendFile(reply, join(WEB_ROOT, 'index.html')));

  app.get('/studio/*', { schema: { hide: true } }, async (request, reply) => {
    const wildcard = (request.params as { '*': string })['*'];
    const vendor = wildcard.startsWith('vendor/') ? VENDOR_FILES[wildcard.slice('vendor/'.length)] : undefined;
    const file = vendor ?? webFile(wildcard === '' ? 'index.html' : wildcard);
    return sendFile(reply, file);
  });
}

async function sendFile(reply: FastifyReply, file: string | null): Promise<FastifyReply> {
  const body = file ? await readFile(file).catch(() => null) : null;
  if (!file || !body) return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
  reply.header('Content-Type', CONTENT_TYPES[extname(file)]);
  // Revalidate each time: the files change with the service, and they are small.
  reply.header('Cache-Control', 'no-cache');
  return reply.send(body);
}
