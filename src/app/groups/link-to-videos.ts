import { linkToVideoRoutes } from '../../api/routes/link-to-videos.js';
import { linkToVideoOperations } from '../../api/schemas/responses/link-to-videos.js';
import { linkVideoToWire, linkVideoSummary } from '../../api/wire/link-to-video.js';
import { linkVideoKind } from '../../domain/videos/link-video-kind.js';
import { LinkVideoService } from '../../domain/videos/link-video-service.js';
import { linkToVideoJob } from '../../jobs/handlers/link-to-video.js';
import { isLibraryMusicUrl } from '../../pipelines/music/background-music.js';
import { scriptWriterBy } from '../../pipelines/video/authored-script-writer.js';
import { videoVocabulary } from '../../pipelines/video/video-vocabulary.js';
import { defineGroup } from './group.js';

/** URL to Video: a product link → a scripted ad with avatar, voice, captions and music. */
export const linkToVideos = defineGroup({
  name: 'URL to Video',
  kinds: [{ kind: linkVideoKind, toWire: linkVideoToWire, summary: linkVideoSummary }],
  operations: linkToVideoOperations,
  build: (p) => {
    const linkVideos = new LinkVideoService(p.tasks, p.links, p.speech.voices, p.avatars, videoVocabulary(p.speech.catalog), p.mediaChecker, isLibraryMusicUrl);
    return {
      services: { linkVideos },
      routes: (app) => linkToVideoRoutes(app, { linkVideos, blobs: p.blobs }),
      jobs: [
        linkToVideoJob({
          blobs: p.blobs,
          fetcher: p.fetcher,
          speech: p.speech.synthesizer,
          ffmpeg: p.ffmpeg,
          writeScript: scriptWriterBy(p.writers.scriptAuthor),
          avatars: p.avatarClips,
          cutout: p.images.cutout,
          musicCacheDir: p.musicCacheDir,
          stockMedia: p.stockMedia,
        }),
      ],
    };
  },
});
