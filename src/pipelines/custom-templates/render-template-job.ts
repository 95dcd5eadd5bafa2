import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import { parseTemplate } from '../../domain/custom-templates/template-format.js';
import type { StoredTemplateValue, customTemplateJobKind } from '../../domain/custom-templates/custom-template-job-kind.js';
import type { TemplateValues } from '../../domain/custom-templates/template-values.js';
import { even, frameSizeFor } from '../../media/frame-size.js';
import { renderTemplate, type RenderTemplateDeps, type TemplateRenderResult } from './render-template.js';
import type { StepRun } from '../../core/step-run.js';

/** A custom template job's input as its kind reads it: a field added there reaches the pipeline with no copy. */
export type TemplateJobInput = ReturnType<typeof customTemplateJobKind.inputOf>;

export interface TemplateJobRender extends TemplateRenderResult {
  videoPath: string;
  thumbnailPath: string;
}

/**
 * A custom template job's step: the template frozen at create, filled with the checked values,
 * drawn as a preview or at full quality (scaled by `outputScale` below 1; tests render small).
 */
export async function renderTemplateJob(
  input: TemplateJobInput,
  quality: 'preview' | 'render',
  deps: RenderTemplateDeps & { outputScale: number },
  opts: StepRun & { accountId: string },
): Promise<TemplateJobRender> {
  const parsed = parseTemplate(input.template);
  if (!parsed.ok) throw new TaskFailure(`This job's template can no longer be read (${parsed.problems[0]}); create the job again.`);
  const videoPath = join(opts.workDir, quality === 'preview' ? 'preview.mp4' : 'output.mp4');
  const thumbnailPath = join(opts.workDir, quality === 'preview' ? 'preview.jpg' : 'output.jpg');
  const full = frameSizeFor(parsed.template.aspect, quality);
  const frame =
    quality === 'render' && deps.outputScale < 1 ? { width: even(full.width * deps.outputScale), height: even(full.height * deps.outputScale) } : undefined;
  const made = await renderTemplate(
    parsed.template,
    toRenderValues(input.values),
    {
      accountId: opts.accountId,
      quality,
      videoPath,
      thumbnailPath,
      ...(frame ? { frame } : {}),
      workDir: join(opts.workDir, 'render'),
      signal: opts.signal,
      onProgress: opts.onProgress,
    },
    deps,
  );
  return { ...made, videoPath, thumbnailPath };
}

function toRenderValues(stored: Record<string, StoredTemplateValue>): TemplateValues {
  const out: TemplateValues = {};
  for (const [name, v] of Object.entries(stored)) {
    out[name] = v.type === 'voiceover' ? { type: 'voiceover', text: v.text, ...(v.voiceId ? { voiceId: v.voiceId } : {}) } : v;
  }
  return out;
}
