import { adCloneRoutes } from '../../api/routes/ad-clone.js';
import { adCloneOperations } from '../../api/schemas/responses/ad-clone.js';
import { adCloneToWire, adCloneSummary } from '../../api/wire/ad-clone.js';
import { adCloneKind } from '../../domain/ad-clone/ad-clone-kind.js';
import { AdCloneService } from '../../domain/ad-clone/ad-clone-service.js';
import { createTesseractOcr } from '../../engines/ocr/tesseract-ocr.js';
import { adCloneJob } from '../../jobs/handlers/ad-clone.js';
import { builtInCopywriter } from '../../pipelines/text/built-in-copywriter.js';
import { videoVocabulary } from '../../pipelines/video/video-vocabulary.js';
import { defineGroup } from './group.js';

/** Ad Clone: a reference ad analysed (shots, OCR, transcript, energy) and re-made as a template with a link's product. */
export const adClone = defineGroup({
  name: 'Ad Clone',
  kinds: [{ kind: adCloneKind, toWire: adCloneToWire, summary: adCloneSummary }],
  operations: adCloneOperations,
  build: (p) => {
    const { blobs, fetcher, ffmpeg, speech } = p;
    const adClones = new AdCloneService(p.tasks, p.links, p.mediaChecker, builtInCopywriter.languages);
    const job = adCloneJob({
      blobs,
      fetcher,
      outputScale: p.config.adClone.outputScale,
      analysis: { ffmpeg, ocr: createTesseractOcr(), transcriber: p.transcriber },
      // The clone's presenter is the reference ad's own footage: no avatar is drawn.
      render: {
        ffmpeg,
        speech: speech.synthesizer,
        avatars: null,
        fetcher,
        musicCacheDir: p.musicCacheDir,
        defaultVoiceId: speech.defaultVoiceId ?? '',
        // The product of each picture moves out from under the reference's text and captions.
        cutout: p.images.cutout,
      },
      voiceFor: (language) => videoVocabulary(speech.catalog).defaultVoiceFor(language),
      scriptLanguages: builtInCopywriter.languages,
      writeScript: async (req) => (await p.writers.scriptAuthor.write(req)).script,
    });
    return { services: { adClones }, routes: (app) => adCloneRoutes(app, { adClones, blobs }), jobs: [job] };
  },
});
