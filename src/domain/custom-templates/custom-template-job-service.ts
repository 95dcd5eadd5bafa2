import { addFieldError, ValidationError, type FieldErrors } from '../../core/errors.js';
import { seedFor } from '../../core/random.js';
import type { Store } from '../../core/store.js';
import type { Task } from '../../core/task.js';
import type { VideoModelVersion, VideoStep } from '../credits/prices.js';
import { checkMediaFields, type MediaFieldCheck, type MediaUrlChecker } from '../media-check.js';
import { unspeakableTextProblem } from '../speech/speakable-text.js';
import { estimateSpeechSeconds } from '../speech/tts-service.js';
import type { VoiceDirectory } from '../speech/voice-directory.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { waitForTask } from '../tasks/wait-for-task.js';
import { unresolvedAvatarMessage, type AvatarDirectory } from '../videos/avatar-directory.js';
import type { TemplateCatalog } from './template-catalog.js';
import type { Template, TemplateSlot } from './template-format.js';
import { customTemplateJobKind, customTemplateJobPrice, type StoredTemplateValue } from './custom-template-job-kind.js';
import { readTemplateValues, type RawValue } from './template-request-values.js';

export const CUSTOM_TEMPLATE_JOB_KIND = customTemplateJobKind.kind;

export interface CustomTemplateJobRequest {
  templateId: string;
  /** The contract's form: name → value. */
  parameters?: Record<string, unknown> | null;
  /** The compatible form: name → `{type, properties: {url / content / avatar_id / voice_id}}`. */
  variables?: Record<string, unknown> | null;
  name?: string | null;
  modelVersion?: VideoModelVersion | null;
  webhookUrl?: string | null;
}

const SYNC_POLL_MS = 250;

/**
 * The copywriter behind a template's voiceover: about `words` words on the product the template's
 * fields show (`values`, the slots' defaults for the rest); null keeps the sample voiceover.
 */
export type TemplateVoiceoverWriter = (req: {
  template: Template;
  values: Readonly<Record<string, StoredTemplateValue>>;
  words: number;
  language: string;
  seed: number;
}) => string | null | Promise<string | null>;

/** Custom template jobs (and DYOA templates used as `template_id`): check, price, create, follow up. */
export class CustomTemplateJobService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly store: Pick<Store, 'tasks'>,
    private readonly catalog: TemplateCatalog,
    private readonly media: MediaUrlChecker,
    private readonly avatars: AvatarDirectory,
    private readonly voices: VoiceDirectory,
    private readonly defaultVoiceId: () => string | null,
    private readonly syncWaitMs: number,
    /** Writes the voiceover a client left out from the product the template's fields show. */
    private readonly writeVoiceover: TemplateVoiceoverWriter | null = null,
  ) {
    super(tasks, [CUSTOM_TEMPLATE_JOB_KIND], 'CustomTemplateJob');
  }

  async create(accountId: string, req: CustomTemplateJobRequest, mode: 'direct' | 'preview'): Promise<Task> {
    const { task } = await this.createQueued(accountId, req, mode);
    return task;
  }

  /**
   * The synchronous preview (`POST /api/custom_template_jobs/preview/`): answers once the preview
   * is done (or failed), or at the wait limit with the task as it stands; it finishes anyway.
   */
  async createPreviewAndWait(accountId: string, req: CustomTemplateJobRequest, signal?: AbortSignal): Promise<Task> {
    const { task: created, handedOver } = await this.createQueued(accountId, req, 'preview');
    if (!handedOver) return created;
    return waitForTask(this.store.tasks, created, this.syncWaitMs, SYNC_POLL_MS, signal);
  }

  /** `{id}/preview/`: a new preview of a finished job (1 cr / 30 s). */
  preview(accountId: string, id: string): Promise<Task> {
    return this.followUp(accountId, id, 'repreview', { previewKey: null });
  }

  /** `{id}/render/`: the full-quality video of a finished job (4 cr / 30 s, or the aurora price). */
  render(accountId: string, id: string): Promise<Task> {
    return this.followUp(accountId, id, 'render', { outputKey: null });
  }

  private async createQueued(accountId: string, req: CustomTemplateJobRequest, mode: 'direct' | 'preview'): Promise<{ task: Task; handedOver: boolean }> {
    const entry = this.catalog.find(req.templateId);
    if (!entry)
      throw ValidationError.field('template_id', `Unknown template "${req.templateId}". List templates with GET /api/custom_templates/ or GET /api/dyoa/.`);
    const template = entry.template;
    const given = req.parameters ?? req.variables;
    if (!given) throw ValidationError.field('parameters', 'This field is required (or give `variables`).');
    const form = req.parameters ? 'parameters' : 'variables';
    const raw = readTemplateValues(template, given, form);
    const values = await this.checkValues(accountId, template, raw, form);
    const estimate = estimateSeconds(template, values);
    const modelVersion = req.modelVersion ?? 'standard';
    const step: VideoStep = mode === 'direct' ? 'direct' : 'preview';
    return this.tasks.createAndHandOver(
      customTemplateJobKind.newTask({
        accountId,
        input: {
          templateId: template.id,
          template: { ...(JSON.parse(JSON.stringify(template)) as Record<string, unknown>) },
          values,
          name: req.name ?? null,
          modelVersion,
          echo: { [form]: given },
        },
        result: customTemplateJobKind.resultPatch({ previewKey: null, outputKey: null, thumbnailKey: null }),
        job: 'make',
        step,
        estimate: { durationSeconds: estimate },
        jobPayload: { step },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  /** Every value checked against its slot: media fetched and probed, avatars and voices resolved, texts within limits. */
  private async checkValues(accountId: string, template: Template, raw: Map<string, RawValue>, form: string): Promise<Record<string, StoredTemplateValue>> {
    const errors: FieldErrors = {};
    const fail = (path: string, message: string): void => addFieldError(errors, path, message);
    const values: Record<string, StoredTemplateValue> = {};
    const media: MediaFieldCheck[] = [];
    const voiceFor = new Map<string, string | null>();

    for (const [name, slot] of Object.entries(template.slots)) {
      const value = raw.get(name);
      const path = `${form}.${name}`;
      if (!value) {
        if (slot.required)
          fail(
            path,
            `This slot is required: give a${slot.type === 'image' || slot.type === 'avatar' || slot.type === 'audio' ? 'n' : ''} ${slot.type} for "${name}".`,
          );
        continue;
      }
      if (value.problem) {
        fail(value.problemPath ?? path, value.problem);
        continue;
      }
      switch (slot.type) {
        case 'image':
        case 'video':
        case 'audio':
          media.push({ field: path, url: value.url!, accept: slot.type === 'audio' ? ['audio'] : [slot.type] });
          values[name] = { type: slot.type, url: value.url! };
          break;
        case 'text':
          if (value.text!.length > slot.maxChars) fail(path, `Ensure this value has no more than ${slot.maxChars} characters (it has ${value.text!.length}).`);
          else values[name] = { type: 'text', text: value.text! };
          break;
        case 'avatar': {
          const avatar = await this.avatars.resolve(accountId, value.avatarId!);
          if (!avatar) fail(path, await unresolvedAvatarMessage(this.avatars, accountId, value.avatarId!));
          else {
            values[name] = { type: 'avatar', avatarId: avatar.id };
            voiceFor.set(name, avatar.defaultVoiceId);
          }
          break;
        }
        case 'voiceover': {
          const text = value.text!.trim();
          if (slot.required && text === '') fail(path, `This slot is required: give the text for "${name}" to speak.`);
          if (text.length > slot.maxChars) fail(path, `Ensure this value has no more than ${slot.maxChars} characters (it has ${text.length}).`);
          const unspeakable = text ? unspeakableTextProblem(text) : null;
          if (unspeakable) fail(path, unspeakable);
          if (value.voiceId) {
            const voice = await this.voices.resolve(accountId, value.voiceId);
            if (!voice) fail(`${path}.voice_id`, `Unknown voice id "${value.voiceId}". List voices with GET /api/voices/.`);
            else values[name] = { type: 'voiceover', text, voiceId: voice.id };
          } else values[name] = { type: 'voiceover', text, voiceId: '' };
          break;
        }
      }
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    Object.assign(errors, await checkMediaFields(this.media, media));
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    await this.settleVoices(accountId, template, values, voiceFor);
    return values;
  }

  /**
   * Every voiceover gets its voice now (the client's; else the voice of the avatar that speaks
   * it; else the slot's default; else the service's), default texts included, so a preview and
   * its render sound the same.
   */
  private async settleVoices(
    accountId: string,
    template: Template,
    values: Record<string, StoredTemplateValue>,
    avatarVoices: Map<string, string | null>,
  ): Promise<void> {
    for (const [name, slot] of Object.entries(template.slots)) {
      if (slot.type !== 'voiceover') continue;
      const given = values[name];
      let text = given?.type === 'voiceover' ? given.text : (slot.default ?? '');
      if (given?.type === 'voiceover' && given.voiceId) continue;
      const speaker = speakerOf(template, name);
      const speakerVoice = speaker ? (avatarVoices.get(speaker) ?? (await this.defaultAvatarVoice(accountId, template.slots[speaker]))) : null;
      const candidates = [speakerVoice, slot.defaultVoiceId, this.defaultVoiceId()].filter((v): v is string => Boolean(v));
      let voiceId = '';
      let language = 'en';
      for (const candidate of candidates) {
        const voice = await this.voices.resolve(accountId, candidate);
        if (voice) {
          voiceId = voice.id;
          language = voice.language;
          break;
        }
      }
      if (given?.type !== 'voiceover' && text) text = (await this.productVoiceover(template, values, text, language)) ?? text;
      if (!voiceId && text) throw ValidationError.field(`parameters.${name}`, 'No voice is available on this service to speak it.');
      values[name] = { type: 'voiceover', text, voiceId };
    }
  }

  /**
   * The voiceover a client left out, about the product the client's fields name (the sample
   * voiceover speaks of the template's sample product), about as long as the sample.
   */
  private async productVoiceover(template: Template, values: Record<string, StoredTemplateValue>, sample: string, language: string): Promise<string | null> {
    if (!this.writeVoiceover) return null;
    const words = sample.split(/\s+/).filter(Boolean).length;
    return this.writeVoiceover({ template, values, words, language, seed: seedFor(`${template.id}:${JSON.stringify(values)}`) });
  }

  private async defaultAvatarVoice(accountId: string, slot: TemplateSlot | undefined): Promise<string | null> {
    if (slot?.type !== 'avatar' || !slot.default) return null;
    return (await this.avatars.resolve(accountId, slot.default))?.defaultVoiceId ?? null;
  }

  private async followUp(accountId: string, id: string, step: VideoStep, reset: { previewKey?: null; outputKey?: null }): Promise<Task> {
    const task = await this.get(accountId, id);
    const result = customTemplateJobKind.shownResultOf(task);
    const durationSeconds = result.durationSeconds ?? 30;
    return this.tasks.followUp(accountId, id, [CUSTOM_TEMPLATE_JOB_KIND], {
      step,
      holdMillicredits: customTemplateJobPrice(
        step,
        { modelVersion: customTemplateJobKind.shownInputOf(task).modelVersion ?? 'standard' },
        { durationSeconds },
      ),
      jobName: customTemplateJobKind.jobs.make,
      resultReset: reset,
      ready: (t) => {
        const r = customTemplateJobKind.shownResultOf(t);
        return Boolean(r.previewKey || r.outputKey);
      },
    });
  }
}

/** The avatar slot whose layer speaks this voiceover, if any. */
function speakerOf(template: Template, voiceSlot: string): string | null {
  for (const scene of template.scenes) for (const layer of scene.layers) if (layer.kind === 'avatar' && layer.speaks === voiceSlot) return layer.slot;
  return null;
}

/** The hold's estimate: the fixed length, or the voiceover's estimated speech within the rule's bounds. */
export function estimateSeconds(template: Template, values: Record<string, StoredTemplateValue>): number {
  const own = template.scenes.reduce((sum, s) => sum + s.seconds, 0);
  if (template.length.rule === 'fixed') return own;
  const slot = template.slots[template.length.slot];
  const given = values[template.length.slot];
  const text = given?.type === 'voiceover' ? given.text : slot?.type === 'voiceover' ? (slot.default ?? '') : '';
  if (!text) return own;
  const spoken = estimateSpeechSeconds(text);
  return Math.min(template.length.maxSeconds, Math.max(template.length.minSeconds, spoken + template.length.tailSeconds));
}
