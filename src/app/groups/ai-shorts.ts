import { aiShortRoutes } from '../../api/routes/ai-shorts.js';
import { aiShortOperations } from '../../api/schemas/responses/ai-shorts.js';
import { aiShortToWire, aiShortSummary } from '../../api/wire/ai-short.js';
import { aiShortKind } from '../../domain/shorts/ai-short-kind.js';
import { AiShortService } from '../../domain/shorts/ai-short-service.js';
import { aiShortJob } from '../../jobs/handlers/ai-short.js';
import { isLibraryMusicUrl } from '../../pipelines/music/background-music.js';
import { defineGroup } from './group.js';

/** AI Shorts: a script → a narrated, illustrated short (docs/shorts.md). */
export const aiShorts = defineGroup({
  name: 'AI Shorts',
  kinds: [{ kind: aiShortKind, toWire: aiShortToWire, summary: aiShortSummary }],
  operations: aiShortOperations,
  build: (p) => {
    const aiShorts = new AiShortService(p.tasks, p.speech.voices, p.mediaChecker, p.defaultVoice, isLibraryMusicUrl, p.links);
    const { blobs, fetcher, ffmpeg, images, musicCacheDir } = p;
    return {
      services: { aiShorts },
      routes: (app) => aiShortRoutes(app, { aiShorts, blobs }),
      jobs: [aiShortJob({ blobs, fetcher, speech: p.speech.synthesizer, ffmpeg, images, musicCacheDir })],
    };
  },
});
