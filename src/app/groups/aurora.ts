import { auroraRoutes } from '../../api/routes/aurora.js';
import { auroraOperations } from '../../api/schemas/responses/aurora.js';
import { auroraToWire, auroraSummary } from '../../api/wire/aurora.js';
import { auroraKind } from '../../domain/avatars/aurora-kind.js';
import { AuroraService } from '../../domain/avatars/aurora-service.js';
import { auroraJob } from '../../jobs/handlers/aurora.js';
import { defineGroup } from './group.js';

/** Aurora: a photo and a voice recording → a talking-photo video. */
export const aurora = defineGroup({
  name: 'Aurora',
  kinds: [{ kind: auroraKind, toWire: auroraToWire, summary: auroraSummary }],
  operations: auroraOperations,
  build: (p) => {
    const aurora = new AuroraService(p.tasks, p.mediaChecker, p.webhookUrls);
    return {
      services: { aurora },
      routes: (app) => auroraRoutes(app, { aurora, blobs: p.blobs }),
      jobs: [auroraJob({ blobs: p.blobs, fetcher: p.fetcher, faces: p.faces, ffmpeg: p.ffmpeg, uploader: p.uploader })],
    };
  },
});
