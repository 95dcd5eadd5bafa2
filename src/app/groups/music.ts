import { musicRoutes } from '../../api/routes/music.js';
import { musicOperations } from '../../api/schemas/responses/catalog.js';
import { MUSIC_MP3_PREFIX, musicMp3s } from '../../pipelines/music/music-mp3.js';
import { defineGroup } from './group.js';

/** The built-in music library: categories and tracks, each MP3 synthesised on first request. */
export const music = defineGroup({
  name: 'Music',
  kinds: [],
  operations: musicOperations,
  build: (p) => {
    p.lazyBlobs.register(MUSIC_MP3_PREFIX, musicMp3s(p.ffmpeg));
    return { routes: (app) => musicRoutes(app, { blobs: p.blobs, publicBaseUrl: p.config.publicBaseUrl }) };
  },
});
