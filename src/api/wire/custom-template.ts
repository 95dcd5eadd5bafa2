import type { Task } from '../../core/task.js';
import { outputMediaJob } from '../../domain/tasks/media-job.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { templatePreviewKey, type CatalogTemplate } from '../../domain/custom-templates/template-catalog.js';
import { templateVariables } from '../../domain/custom-templates/template-format.js';
import { customTemplateJobKind } from '../../domain/custom-templates/custom-template-job-kind.js';
import { envelopeWith } from './task.js';
import { videoFilesToWire } from './video-files.js';
import { videoSummary, type TaskSummaryFields } from './task-summary.js';

/** A catalog template (list item); the detail adds `variables`. */
export function templateToWire(entry: CatalogTemplate, blobs: BlobStore, detail = false) {
  const t = entry.template;
  return {
    template_id: t.id,
    id: t.id,
    name: t.name,
    description: t.description,
    category: t.category,
    preview: blobs.signedUrl(templatePreviewKey(t.id, 'video')),
    thumbnail: blobs.signedUrl(templatePreviewKey(t.id, 'thumbnail')),
    aspect_ratio: t.aspect,
    created_at: entry.createdAt,
    updated_at: entry.updatedAt,
    ...(detail ? { variables: templateVariables(t) } : {}),
  };
}

/** A DYOA template (spec 2.13): the same template under the DYOA field names. */
export function dyoaToWire(entry: CatalogTemplate, blobs: BlobStore) {
  const t = entry.template;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    thumbnail: blobs.signedUrl(templatePreviewKey(t.id, 'thumbnail')),
    category: t.category,
    parameters: templateVariables(t),
    aspect_ratio: t.aspect,
    preview: blobs.signedUrl(templatePreviewKey(t.id, 'video')),
  };
}

/** A custom template job as clients see it; `output` / `preview` stay null until made. */
export function templateJobToWire(t: Task, blobs: BlobStore) {
  const input = customTemplateJobKind.shownInputOf(t);
  const result = customTemplateJobKind.shownResultOf(t);
  const echo = input.echo ?? {};
  return envelopeWith(t, {
    template_id: input.templateId ?? null,
    name: input.name ?? null,
    parameters: echo.parameters ?? echo.variables ?? {},
    variables: echo.variables ?? echo.parameters ?? {},
    model_version: input.modelVersion ?? 'standard',
    ...videoFilesToWire(result, blobs),
    media_job: outputMediaJob(t, result.outputKey),
    editor_url: null,
  });
}

export const templateJobSummary: TaskSummaryFields = videoSummary('custom_template_jobs');
