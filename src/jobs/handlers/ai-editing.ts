import { aiEditingKind } from '../../domain/editing/ai-editing-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { editPlanFiles, isEditPlan } from '../../pipelines/editing/edit-plan.js';
import { prepareEdit, type EditDeps } from '../../pipelines/editing/prepare-edit.js';
import { renderEdit } from '../../pipelines/editing/render-edit.js';
import { plannedVideoJob } from './planned-video-job.js';

export interface AiEditingJobDeps extends EditDeps {
  blobs: BlobStore;
}

/**
 * AI Editing: read and plan the source once (cuts, reframing, captions, music; saved with the
 * task with the source itself), then draw a preview or the full render from the plan. Every
 * step is charged on the source's length, as the contract prices it.
 */
export function aiEditingJob(deps: AiEditingJobDeps) {
  return plannedVideoJob(aiEditingKind, deps.blobs, {
    planProgressShare: 45,
    planFiles: editPlanFiles,
    isPlan: isEditPlan,
    price: (task, step) => {
      const input = aiEditingKind.inputOf(task);
      return aiEditingKind.price(step, input, { sourceSeconds: input.sourceSeconds });
    },
    prepare: (task, opts) => prepareEdit(aiEditingKind.inputOf(task), deps, opts),
    render: (plan, req, opts) => renderEdit(plan, req, deps, opts),
  });
}
