import { join } from 'node:path';
import { OpenStreams } from '../api/open-streams.js';
import type { ServerDeps } from '../api/server.js';
import type { Container } from './container.js';

/** The HTTP layer's share of the container: each route module later takes only its part (api/routes/index.ts). */
export function apiDeps(c: Container): ServerDeps {
  const { config } = c;
  return {
    log: c.log,
    limits: { bodyLimitBytes: config.bodyLimitBytes, uploadLimitBytes: config.uploadLimitBytes, connections: config.connections },
    tempRoot: join(config.dataDir, 'tmp'),
    readinessTimeoutMs: config.readinessTimeoutMs,
    storage: c.blobs,
    disk: { path: config.dataDir, minFreeBytes: config.diskMinFreeBytes },
    publicBaseUrl: config.publicBaseUrl,
    db: c.db,
    queue: c.queue,
    signer: c.signer,
    lazyBlobs: c.lazyBlobs,
    blobs: c.blobs,
    uploads: c.uploads,
    accounts: c.accounts,
    accountRecords: c.store.accounts,
    rateLimiter: c.rateLimiter,
    authFailures: c.authFailures,
    idempotency: c.idempotency,
    links: c.links,
    tts: c.tts,
    clonedVoices: c.clonedVoices,
    voiceCatalog: c.speech.catalog,
    linkVideos: c.linkVideos,
    lipsyncs: c.lipsyncs,
    lipsyncsV2: c.lipsyncsV2,
    personas: c.personas,
    customAvatars: c.customAvatars,
    aurora: c.aurora,
    iabImages: c.iabImages,
    productVideos: c.productVideos,
    assetGeneration: c.assetGeneration,
    inspirations: c.inspirations,
    adClones: c.adClones,
    templateCatalog: c.templateCatalog,
    templateJobs: c.templateJobs,
    aiShorts: c.aiShorts,
    aiEditing: c.aiEditing,
    aiScripts: c.aiScripts,
    textGeneration: c.textGeneration,
    taskWatcher: c.taskWatcher,
    taskList: c.taskList,
    streams: new OpenStreams(),
    eventsHeartbeatMs: config.events.heartbeatSeconds * 1000,
  };
}
