import { NotFound, ValidationError, type FieldErrors } from '../../core/errors.js';
import { seedFor } from '../../core/random.js';
import type { Task } from '../../core/task.js';
import { validateAssetInputs, type AssetInputs, type AssetInputSpec } from '../asset-generation/asset-inputs.js';
import { INSPIRATIONS, type Inspiration } from './inspiration-catalog.js';
import { mediaProblemOf, type CheckedMedia, type MediaAccept, type MediaUrlChecker } from '../media-check.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { inspirationJobKind } from './inspiration-job-kind.js';
import { describeMediaType } from '../../core/media-words.js';

export const INSPIRATION_JOB_KIND = inspirationJobKind.kind;
export const INSPIRATION_JOB = inspirationJobKind.jobs.make;

export interface InspirationJobRequest {
  inspirationId: string;
  parameters: Record<string, unknown>;
  webhookUrl?: string | null;
}

/** Inspiration catalog reads and inspiration jobs (the inspiration's style applied to the client's inputs). */
export class InspirationService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly media: MediaUrlChecker,
    readonly inspirations: readonly Inspiration[] = INSPIRATIONS,
  ) {
    super(tasks, [INSPIRATION_JOB_KIND], 'inspiration job');
  }

  find(id: string): Inspiration {
    const found = this.inspirations.find((i) => i.id === id);
    if (!found) throw new NotFound('inspiration');
    return found;
  }

  async create(accountId: string, req: InspirationJobRequest): Promise<Task> {
    const inspiration = this.find(req.inspirationId);
    const { values, errors } = validateAssetInputs(inspiration.params, req.parameters, 'parameters');
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const mediaErrors = await this.checkMedia(inspiration, values);
    if (Object.keys(mediaErrors).length) throw new ValidationError(mediaErrors);
    return this.tasks.create(
      inspirationJobKind.newTask({
        accountId,
        input: {
          inspirationId: inspiration.id,
          genType: inspiration.genType,
          parameters: req.parameters,
          inputs: values,
          creditCost: inspiration.creditCost,
          seed: seedFor(`${accountId}|${inspiration.id}|${JSON.stringify(values)}|${Date.now()}`),
        },
        job: 'make',
        step: 'make',
        estimate: {},
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  /** Media parameters fetched and probed: the right kind, decodable, within the size and length limits. */
  private async checkMedia(inspiration: Inspiration, values: AssetInputs): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    for (const [name, spec] of Object.entries(inspiration.params)) {
      const url = values[name];
      if (typeof url !== 'string' || (spec.type !== 'image' && spec.type !== 'video')) continue;
      const problem = await this.problemOf(url, spec.type, spec);
      if (problem) errors[`parameters.${name}`] = [problem];
    }
    return errors;
  }

  private async problemOf(url: string, accept: MediaAccept, spec: AssetInputSpec): Promise<string | null> {
    let media: CheckedMedia;
    try {
      media = await this.media.check(url, [accept]);
    } catch (err) {
      const problem = mediaProblemOf(err);
      if (problem === null) throw err;
      return problem;
    }
    if (!media.contentType.startsWith(`${accept}/`))
      return `Expected ${accept === 'video' ? 'a video' : 'an image'} but the file is ${describeMediaType(media.contentType)}`;
    const side = Math.max(media.widthPx ?? 0, media.heightPx ?? 0);
    if (spec.maxSidePx !== undefined && side > spec.maxSidePx)
      return `The picture is ${media.widthPx}×${media.heightPx} px; at most ${spec.maxSidePx} px on the longer side.`;
    if (spec.maxDurationSeconds !== undefined && (media.durationSeconds ?? 0) > spec.maxDurationSeconds + 0.05) {
      return `The video lasts ${(media.durationSeconds ?? 0).toFixed(1)} s; at most ${spec.maxDurationSeconds} s.`;
    }
    return null;
  }
}
