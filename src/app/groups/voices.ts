import { voiceRoutes } from '../../api/routes/voices.js';
import { voiceOperations } from '../../api/schemas/responses/voices.js';
import { clonedVoiceToWire, clonedVoiceSummary } from '../../api/wire/voice.js';
import { prices } from '../../domain/credits/prices.js';
import { clonedVoiceKind } from '../../domain/speech/cloned-voice-kind.js';
import { ClonedVoiceService } from '../../domain/speech/cloned-voice-service.js';
import { cloneVoiceJob } from '../../jobs/handlers/clone-voice.js';
import { VOICE_PREVIEW_PREFIX, voicePreviewMp3s } from '../../pipelines/speech/voice-preview-mp3s.js';
import { createVoiceCloner } from '../../pipelines/speech/voice-match/voice-cloner.js';
import { defineGroup } from './group.js';

/** The voice catalog with its previews, and cloned voices (a task of their own). */
export const voices = defineGroup({
  name: 'Voices',
  kinds: [{ kind: clonedVoiceKind, toWire: clonedVoiceToWire, summary: clonedVoiceSummary }],
  operations: voiceOperations,
  build: (p) => {
    const { blobs, speech } = p;
    p.lazyBlobs.register(VOICE_PREVIEW_PREFIX, voicePreviewMp3s(speech.renderPreview));
    const cloner = createVoiceCloner({ engines: speech.engines, catalog: speech.catalog, fetcher: p.fetcher, ffmpeg: p.ffmpeg, blobs, tempRoot: p.tempRoot });
    const clonedVoices = new ClonedVoiceService(p.tasks, p.store, cloner, blobs, p.clock, prices.voiceClone(p.config.voiceCloneCredits));
    return {
      services: { clonedVoices },
      routes: (app) => voiceRoutes(app, { clonedVoices, voiceCatalog: speech.catalog, blobs, publicBaseUrl: p.config.publicBaseUrl }),
      jobs: [cloneVoiceJob({ cloner, blobs })],
    };
  },
});
