import { z } from 'zod';
import { inStage } from '../../core/stages.js';
import { customTemplateJobKind } from '../../domain/custom-templates/custom-template-job-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { renderTemplateJob } from '../../pipelines/custom-templates/render-template-job.js';
import type { RenderTemplateDeps } from '../../pipelines/custom-templates/render-template.js';
import { defineJob } from '../job-definition.js';

export interface TemplateJobDeps extends RenderTemplateDeps {
  blobs: BlobStore;
  /** Frame sizes multiplied by this (TEMPLATE_OUTPUT_SCALE, 0.1–1; tests render smaller). */
  outputScale: number;
}

/**
 * A custom template job: the template frozen at create, filled with the checked values, drawn as
 * a preview (`preview`, `repreview`) or at full quality (`direct`, `render`).
 */
export function customTemplateJob(deps: TemplateJobDeps) {
  return defineJob({
    name: customTemplateJobKind.jobs.make,
    payload: z.object({ step: z.enum(['direct', 'preview', 'render', 'repreview']) }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress, stages }) {
      const input = customTemplateJobKind.inputOf(task);
      const preview = payload.step === 'preview' || payload.step === 'repreview';
      const made = await inStage({ stages }, 'render', () =>
        renderTemplateJob(input, preview ? 'preview' : 'render', deps, {
          accountId: task.accountId,
          workDir,
          signal,
          onProgress: (f) => reportProgress(Math.min(98, f * 98)),
          ...(stages ? { stages } : {}),
        }),
      );
      const videoKey = customTemplateJobKind.fileKey(task, preview ? 'preview' : 'output');
      const thumbnailKey = customTemplateJobKind.fileKey(task, preview ? 'previewThumbnail' : 'outputThumbnail');
      await deps.blobs.putFile(videoKey, made.videoPath);
      await deps.blobs.putFile(thumbnailKey, made.thumbnailPath);
      const durationSeconds = Math.round(made.durationSeconds * 100) / 100;
      return {
        result: customTemplateJobKind.resultPatch({
          durationSeconds,
          thumbnailKey,
          voiceovers: made.voiceovers,
          ...(preview ? { previewKey: videoKey } : { outputKey: videoKey }),
        }),
        costMillicredits: customTemplateJobKind.price(payload.step, input, { durationSeconds }),
      };
    },
  });
}
