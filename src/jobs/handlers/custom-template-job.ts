import { join } from 'node:path';
import { z } from 'zod';
import { TaskFailure } from '../../core/errors.js';
import { parseTemplate } from '../../domain/templates/template-format.js';
import { templateJobKind, type StoredTemplateValue } from '../../domain/templates/template-job-kind.js';
import type { TemplateValues } from '../../domain/templates/template-values.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { even, frameSizeFor } from '../../media/frame-size.js';
import { renderTemplate, type RenderTemplateDeps } from '../../pipelines/templates/render-template.js';
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
    name: templateJobKind.jobs.make,
    payload: z.object({ step: z.enum(['direct', 'preview', 'render', 'repreview']) }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress }) {
      const input = templateJobKind.inputOf(task);
      const parsed = parseTemplate(input.template);
      if (!parsed.ok) throw new TaskFailure(`This job's template can no longer be read (${parsed.problems[0]}); create the job again.`);
      const preview = payload.step === 'preview' || payload.step === 'repreview';
      const videoPath = join(workDir, preview ? 'preview.mp4' : 'output.mp4');
      const thumbnailPath = join(workDir, preview ? 'preview.jpg' : 'output.jpg');
      const quality = preview ? 'preview' : 'render';
      const full = frameSizeFor(parsed.template.aspect, quality);
      const frame = !preview && deps.outputScale < 1 ? { width: even(full.width * deps.outputScale), height: even(full.height * deps.outputScale) } : undefined;
      const made = await renderTemplate(
        parsed.template,
        toRenderValues(input.values),
        {
          accountId: task.accountId,
          quality,
          videoPath,
          thumbnailPath,
          ...(frame ? { frame } : {}),
          workDir: join(workDir, 'render'),
          signal,
          onProgress: (f) => reportProgress(Math.min(98, f * 98)),
        },
        deps,
      );
      const videoKey = templateJobKind.fileKey(task, preview ? 'preview' : 'output');
      const thumbnailKey = templateJobKind.fileKey(task, preview ? 'previewThumbnail' : 'outputThumbnail');
      await deps.blobs.putFile(videoKey, videoPath);
      await deps.blobs.putFile(thumbnailKey, thumbnailPath);
      const durationSeconds = Math.round(made.durationSeconds * 100) / 100;
      return {
        result: templateJobKind.resultPatch({
          durationSeconds,
          thumbnailKey,
          voiceovers: made.voiceovers,
          ...(preview ? { previewKey: videoKey } : { outputKey: videoKey }),
        }),
        costMillicredits: templateJobKind.price(payload.step, input, { durationSeconds }),
      };
    },
  });
}

function toRenderValues(stored: Record<string, StoredTemplateValue>): TemplateValues {
  const out: TemplateValues = {};
  for (const [name, v] of Object.entries(stored)) {
    out[name] = v.type === 'voiceover' ? { type: 'voiceover', text: v.text, ...(v.voiceId ? { voiceId: v.voiceId } : {}) } : v;
  }
  return out;
}
