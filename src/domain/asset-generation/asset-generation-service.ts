import { addFieldError, ValidationError, type FieldErrors } from '../../core/errors.js';
import type { Task } from '../../core/task.js';
import { seedFor } from '../../core/random.js';
import { mediaProblemOf, type CheckedMedia, type MediaAccept, type MediaUrlChecker } from '../media-check.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { assetGenerationKind } from './asset-generation-kind.js';
import { validateAssetInputs, type AssetInputs, type AssetInputSpec } from './asset-inputs.js';
import type { AssetModelCatalog } from './asset-model-catalog.js';
import type { AssetModel } from './asset-models.js';
import { describeMediaType } from '../../core/media-words.js';

export const ASSET_GENERATION_KIND = assetGenerationKind.kind;
export const ASSET_GENERATION_JOB = assetGenerationKind.jobs.make;
export const AI_MODEL_NOT_FOUND = 'AI model not found';

export interface AssetGenerationRequest {
  modelName: string;
  inputParams: Record<string, unknown>;
  /** The body's own `output_nums`, used when `input_params` has none. */
  outputNums?: number | null;
  webhookUrl?: string | null;
}

/** Media inputs probed at once at most (a collage names up to nine pictures). */
const CHECK_CONCURRENCY = 4;

/** Asset Generator: the model catalog, and tasks that run one model on validated inputs. */
export class AssetGenerationService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    readonly catalog: AssetModelCatalog,
    private readonly media: MediaUrlChecker,
  ) {
    super(tasks, [ASSET_GENERATION_KIND], 'AI generation');
  }

  async create(accountId: string, req: AssetGenerationRequest): Promise<Task> {
    const model = this.catalog.find(req.modelName);
    if (!model) throw ValidationError.field('model_name', AI_MODEL_NOT_FOUND);
    const params = { ...req.inputParams };
    if (params.output_nums === undefined && req.outputNums != null && 'output_nums' in model.inputs) params.output_nums = req.outputNums;
    const { values, errors } = validateAssetInputs(model.inputs, params);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const mediaErrors = await this.checkMedia(model, values);
    if (Object.keys(mediaErrors).length) throw new ValidationError(mediaErrors);
    const outputNums = typeof values.output_nums === 'number' ? values.output_nums : 1;
    const input = {
      modelName: model.id,
      genType: model.genType,
      inputParams: req.inputParams,
      inputs: values,
      outputNums,
      creditsPerOutput: model.creditsPerOutput,
      seed: seedFor(`${accountId}|${model.id}|${JSON.stringify(values)}|${Date.now()}`),
    };
    return this.tasks.create(
      assetGenerationKind.newTask({
        accountId,
        input,
        result: assetGenerationKind.resultPatch({ assets: [] }),
        job: 'make',
        step: 'make',
        estimate: { outputs: outputNums },
        jobPayload: {},
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  /** Every media input fetched and probed: the right kind, decodable, within the model's size limits. */
  private async checkMedia(model: AssetModel, values: AssetInputs): Promise<FieldErrors> {
    const checks: { field: string; url: string; spec: AssetInputSpec; accept: MediaAccept[] }[] = [];
    for (const [name, spec] of Object.entries(model.inputs)) {
      const value = values[name];
      if (value === undefined) continue;
      if (spec.type === 'image' && typeof value === 'string') checks.push({ field: `input_params.${name}`, url: value, spec, accept: ['image'] });
      if (spec.type === 'video' && typeof value === 'string') checks.push({ field: `input_params.${name}`, url: value, spec, accept: ['video'] });
      if (spec.type === 'image_list' && Array.isArray(value))
        value.forEach((url, i) => {
          checks.push({ field: `input_params.${name}.${i}`, url, spec, accept: ['image'] });
        });
    }
    const errors: FieldErrors = {};
    const queue = [...checks];
    const worker = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        const problem = await this.problemOf(c.url, c.accept, c.spec);
        if (problem) addFieldError(errors, c.field, problem);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, queue.length) }, worker));
    return errors;
  }

  private async problemOf(url: string, accept: MediaAccept[], spec: AssetInputSpec): Promise<string | null> {
    let media: CheckedMedia;
    try {
      media = await this.media.check(url, accept);
    } catch (err) {
      const problem = mediaProblemOf(err);
      if (problem === null) throw err;
      return problem;
    }
    const kind = media.contentType.split('/')[0];
    if (!accept.includes(kind as MediaAccept))
      return `Expected ${accept.includes('video') ? 'a video' : 'an image'} but the file is ${describeMediaType(media.contentType)}`;
    const side = Math.max(media.widthPx ?? 0, media.heightPx ?? 0);
    if (spec.maxSidePx !== undefined && side > spec.maxSidePx) {
      return `The picture is ${media.widthPx}×${media.heightPx} px; this model takes at most ${spec.maxSidePx} px on the longer side.`;
    }
    if (spec.maxDurationSeconds !== undefined && (media.durationSeconds ?? 0) > spec.maxDurationSeconds + 0.05) {
      return `The video lasts ${(media.durationSeconds ?? 0).toFixed(1)} s; this model takes at most ${spec.maxDurationSeconds} s.`;
    }
    return null;
  }
}
