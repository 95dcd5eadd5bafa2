import { ValidationError } from '../../core/errors.js';
import { asFieldError, type MediaUrlChecker } from '../media-check.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import type { Task } from '../../core/task.js';
import { seedFor } from '../../core/random.js';
import { guidanceFromPrompt } from './motion-guidance.js';
import { auroraKind } from './aurora-kind.js';
import { auroraSettings, type AuroraModel, type AuroraResolution } from './aurora-models.js';

export const AURORA_KIND = auroraKind.kind;
export const AURORA_JOB = auroraKind.jobs.make;

/** name, text_prompt, prompt_guidance_scale and ttl_days travel in `echo`: they are shown as sent. */
export interface AuroraRequest {
  imageUrl: string;
  audioUrl: string;
  model: AuroraModel;
  resolution?: AuroraResolution | null;
  /** Read for motion cues (docs/avatars-photo.md, "Aurora"); `promptGuidanceScale` 0–3 (default 1) is how strongly. */
  textPrompt?: string | null;
  promptGuidanceScale?: number | null;
  /** `ttl_days`: the output's files are deleted this many days after the task is done. */
  ttlDays?: number | null;
  outputUploadUrl?: string | null;
  webhookUrl?: string | null;
  echo: Record<string, unknown>;
}

/** Aurora: a portrait photo speaking a recording, priced per started second of it. */
export class AuroraService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly media: MediaUrlChecker,
    /** Why a URL cannot receive the output (the webhook address rules), or null. */
    private readonly uploadUrlProblem: (url: string) => string | null,
  ) {
    super(tasks, [AURORA_KIND], 'Aurora');
  }

  async create(accountId: string, req: AuroraRequest): Promise<Task> {
    if (req.resolution && req.model !== 'aurora_v2') {
      throw ValidationError.field('resolution', `resolution applies to aurora_v2 only; ${req.model} renders at ${auroraSettings(req.model, null).resolution}.`);
    }
    const settings = auroraSettings(req.model, req.resolution ?? null);
    const scale = req.promptGuidanceScale ?? null;
    if (scale !== null && !(scale >= 0 && scale <= 3)) throw ValidationError.field('prompt_guidance_scale', 'Ensure this value is between 0 and 3.');
    const uploadProblem = req.outputUploadUrl ? this.uploadUrlProblem(req.outputUploadUrl) : null;
    if (uploadProblem) throw ValidationError.field('output_upload_url', uploadProblem.replace('webhooks are only sent to', 'outputs are only uploaded to'));
    await this.checked('image', req.imageUrl, ['image']);
    const audioSeconds = (await this.checked('audio', req.audioUrl, ['audio'])).durationSeconds ?? 0;
    if (audioSeconds > settings.maxAudioSeconds + 0.05) {
      throw ValidationError.field(
        'audio',
        `The audio lasts ${audioSeconds.toFixed(1)} s; ${req.model}${req.model === 'aurora_v2' ? ` at ${settings.resolution}` : ''} takes at most ${settings.maxAudioSeconds} s.`,
      );
    }
    return this.tasks.create(
      auroraKind.newTask({
        accountId,
        input: {
          echo: req.echo,
          imageUrl: req.imageUrl,
          audioUrl: req.audioUrl,
          model: req.model,
          resolution: settings.resolution,
          outputUploadUrl: req.outputUploadUrl ?? null,
          // Read once here, so the task shows (and the job uses) what this request was understood as.
          guidance: guidanceFromPrompt(req.textPrompt ?? null, scale ?? undefined),
          seed: seedFor(`${accountId}|${req.imageUrl}|${req.audioUrl}`),
        },
        result: auroraKind.resultPatch({ outputKey: null, thumbnailKey: null }),
        job: 'make',
        step: 'make',
        estimate: { durationSeconds: audioSeconds },
        jobPayload: {},
        webhookUrl: req.webhookUrl ?? null,
        retentionDays: req.ttlDays ?? null,
      }),
    );
  }

  private checked(field: string, url: string, accept: ('image' | 'audio' | 'video')[]) {
    return asFieldError(field, () => this.media.check(url, accept));
  }
}
