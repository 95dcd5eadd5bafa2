import { lipsyncRoutes } from '../../api/routes/lipsyncs.js';
import { lipsyncV2Routes } from '../../api/routes/lipsyncs-v2.js';
import { lipsyncOperations } from '../../api/schemas/responses/lipsyncs.js';
import { lipsyncSummary, lipsyncToWire, lipsyncV2Summary } from '../../api/wire/lipsync.js';
import { lipsyncKind, lipsyncV2Kind } from '../../domain/avatars/lipsync-kind.js';
import { LipsyncService } from '../../domain/avatars/lipsync-service.js';
import { LipsyncV2Service } from '../../domain/avatars/lipsync-v2-service.js';
import { lipsyncJob } from '../../jobs/handlers/lipsync.js';
import { lipsyncV2Job } from '../../jobs/handlers/lipsync-v2.js';
import { isLibraryMusicUrl } from '../../pipelines/music/background-music.js';
import { defineGroup } from './group.js';

/** AI Avatar v1 and v2: one group, since v2's preview and render go through v1's service and routes. */
export const lipsyncs = defineGroup({
  name: 'AI Avatar',
  kinds: [
    { kind: lipsyncKind, toWire: lipsyncToWire, summary: lipsyncSummary },
    { kind: lipsyncV2Kind, toWire: lipsyncToWire, summary: lipsyncV2Summary },
  ],
  operations: lipsyncOperations,
  build: (p) => {
    const { blobs } = p;
    const lipsyncs = new LipsyncService(p.tasks, p.speech.voices, p.avatars, p.mediaChecker, p.defaultVoice);
    const lipsyncsV2 = new LipsyncV2Service(p.tasks, p.speech.voices, p.avatars, p.mediaChecker, p.defaultVoice, isLibraryMusicUrl);
    const jobDeps = {
      blobs,
      fetcher: p.fetcher,
      speech: p.speech.synthesizer,
      ffmpeg: p.ffmpeg,
      avatars: p.avatarClips,
      cutout: p.images.cutout,
      musicCacheDir: p.musicCacheDir,
    };
    return {
      services: { lipsyncs, lipsyncsV2 },
      routes: (app) => {
        lipsyncRoutes(app, { lipsyncs, blobs });
        lipsyncV2Routes(app, { lipsyncsV2, lipsyncs, blobs });
      },
      jobs: [lipsyncJob(jobDeps), lipsyncV2Job(jobDeps)],
    };
  },
});
