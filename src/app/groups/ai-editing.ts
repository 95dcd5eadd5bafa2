import { aiEditingRoutes } from '../../api/routes/ai-editing.js';
import { aiEditingOperations } from '../../api/schemas/responses/ai-editing.js';
import { aiEditingToWire, aiEditingSummary } from '../../api/wire/ai-editing.js';
import { aiEditingKind } from '../../domain/editing/ai-editing-kind.js';
import { AiEditingService } from '../../domain/editing/ai-editing-service.js';
import { aiEditingJob } from '../../jobs/handlers/ai-editing.js';
import { isLibraryMusicUrl } from '../../pipelines/music/background-music.js';
import { defineGroup } from './group.js';

/** AI Editing: a client's talking video cut, reframed and captioned from plain instructions (docs/editing.md). */
export const aiEditing = defineGroup({
  name: 'AI Editing',
  kinds: [{ kind: aiEditingKind, toWire: aiEditingToWire, summary: aiEditingSummary }],
  operations: aiEditingOperations,
  build: (p) => {
    const aiEditing = new AiEditingService(p.tasks, p.mediaChecker, isLibraryMusicUrl);
    const { blobs, fetcher, ffmpeg, faces, transcriber, musicCacheDir } = p;
    return {
      services: { aiEditing },
      routes: (app) => aiEditingRoutes(app, { aiEditing, blobs }),
      jobs: [aiEditingJob({ blobs, fetcher, ffmpeg, faces, transcriber, musicCacheDir })],
    };
  },
});
