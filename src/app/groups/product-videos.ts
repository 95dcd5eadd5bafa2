import { productVideoRoutes } from '../../api/routes/product-videos.js';
import { productVideoOperations } from '../../api/schemas/responses/product-videos.js';
import { productVideoToWire, productVideoSummary } from '../../api/wire/product-video.js';
import { productVideoKind } from '../../domain/product-video/product-video-kind.js';
import { ProductVideoService } from '../../domain/product-video/product-video-service.js';
import { productImageJob, productVideoJob } from '../../jobs/handlers/product-video.js';
import { copywriterBy } from '../../pipelines/text/llm-writer/authored-copywriter.js';
import { defineGroup } from './group.js';

/** Product Video: staged product images, then display or talking videos from them. */
export const productVideos = defineGroup({
  name: 'Product Video',
  kinds: [{ kind: productVideoKind, toWire: productVideoToWire, summary: productVideoSummary }],
  operations: productVideoOperations,
  build: (p) => {
    const { blobs, customAvatars } = p;
    const productVideos = new ProductVideoService(p.tasks, p.mediaChecker, p.avatars, p.speech.voices, copywriterBy(p.writers.scriptAuthor), p.defaultVoice);
    const jobDeps = {
      blobs,
      fetcher: p.fetcher,
      images: p.images,
      ffmpeg: p.ffmpeg,
      speech: p.speech.synthesizer,
      avatars: p.avatarClips,
      presenters: { blobs, records: (accountId: string, id: string) => customAvatars.record(accountId, id) },
      musicCacheDir: p.musicCacheDir,
      outputScale: p.config.productVideo.outputScale,
    };
    return {
      services: { productVideos },
      routes: (app) => productVideoRoutes(app, { productVideos, blobs }),
      jobs: [productImageJob(jobDeps), productVideoJob(jobDeps)],
    };
  },
});
