import { customTemplateRoutes, dyoaRoutes } from '../../api/routes/custom-templates.js';
import { customTemplateOperations } from '../../api/schemas/responses/custom-templates.js';
import { templateJobToWire, templateJobSummary } from '../../api/wire/custom-template.js';
import { avatarVoiceIn } from '../../domain/catalog/avatar-voice.js';
import { findBuiltinAvatar } from '../../domain/catalog/avatars.js';
import { TEMPLATE_PREVIEW_PREFIX, TemplateCatalog } from '../../domain/custom-templates/template-catalog.js';
import { customTemplateJobKind } from '../../domain/custom-templates/custom-template-job-kind.js';
import { CustomTemplateJobService } from '../../domain/custom-templates/custom-template-job-service.js';
import { customTemplateJob } from '../../jobs/handlers/custom-template-job.js';
import { loadTemplateCatalog } from '../../pipelines/custom-templates/template-files.js';
import { templateVoiceoverBy } from '../../pipelines/custom-templates/template-voiceover.js';
import { scriptWriterBy } from '../../pipelines/video/authored-script-writer.js';
import { templatePreviews } from '../../pipelines/custom-templates/template-previews.js';
import { defineGroup } from './group.js';

/** Custom Templates and DYOA: the catalog (built-in files, then the operator's folder) and the jobs that render them. */
export const customTemplates = defineGroup({
  name: 'Custom Templates',
  kinds: [{ kind: customTemplateJobKind, toWire: templateJobToWire, summary: templateJobSummary }],
  operations: customTemplateOperations,
  build: async (p) => {
    const { blobs, speech } = p;
    // A broken operator template is logged and skipped; the service starts without it.
    const templateCatalog = new TemplateCatalog(
      await loadTemplateCatalog(p.config.templates.operatorDir, (skipped) => {
        p.log.warn({ file: skipped.file, problems: skipped.problems }, 'template file skipped: not a valid template');
      }),
    );
    const render = {
      ffmpeg: p.ffmpeg,
      speech: speech.synthesizer,
      avatars: p.avatarClips,
      fetcher: p.fetcher,
      musicCacheDir: p.musicCacheDir,
      defaultVoiceId: speech.defaultVoiceId ?? '',
      cutout: p.images.cutout,
      voiceOfAvatar: (id: string) => {
        const builtin = findBuiltinAvatar(id);
        return builtin ? avatarVoiceIn(speech.catalog, builtin) : null;
      },
    };
    p.lazyBlobs.register(TEMPLATE_PREVIEW_PREFIX, templatePreviews({ ...render, catalog: templateCatalog, blobs, slot: p.previewSlot }));
    const templateJobs = new CustomTemplateJobService(
      p.tasks,
      p.store,
      templateCatalog,
      p.mediaChecker,
      p.avatars,
      speech.voices,
      p.defaultVoice,
      p.config.templates.previewWaitMs,
      templateVoiceoverBy(scriptWriterBy(p.writers.scriptAuthor)),
    );
    return {
      services: { templateCatalog, templateJobs },
      routes: (app) => {
        customTemplateRoutes(app, { templateCatalog, templateJobs, blobs });
        dyoaRoutes(app, { templateCatalog, blobs });
      },
      jobs: [customTemplateJob({ ...render, blobs, outputScale: p.config.templates.outputScale })],
    };
  },
});
