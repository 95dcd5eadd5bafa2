import { join } from 'node:path';
import { OpenStreams } from '../api/open-streams.js';
import type { ServerDeps } from '../api/server.js';
import type { Container } from './container.js';

/** The HTTP layer's share of the container: the groups' routes come already bound to their services (app/groups/). */
export function apiDeps(c: Container): ServerDeps {
  const { config } = c;
  return {
    log: c.log,
    groups: c.apiGroups,
    streams: new OpenStreams(),
    limits: { bodyLimitBytes: config.bodyLimitBytes, uploadLimitBytes: config.uploadLimitBytes, connections: config.connections },
    tempRoot: join(config.dataDir, 'tmp'),
    readinessTimeoutMs: config.readinessTimeoutMs,
    storage: c.blobs,
    disk: { path: config.dataDir, minFreeBytes: config.diskMinFreeBytes },
    db: c.db,
    queue: c.queue,
    signer: c.signer,
    lazyBlobs: c.lazyBlobs,
    blobs: c.blobs,
    uploads: c.uploads,
    accounts: c.accounts,
    rateLimiter: c.rateLimiter,
    authFailures: c.authFailures,
    idempotency: c.idempotency,
    metrics: c.metrics,
    operationsToken: config.operations.token,
  };
}
