import type { VideoModelVersion, VideoStep } from '../credits/prices.js';
import { lipsyncKind, lipsyncV2Kind, plannedVideoPrice } from './lipsync-kind.js';
import { ValidationError } from '../../core/errors.js';
import { asFieldError, type MediaUrlChecker } from '../media-check.js';
import type { ListQuery } from '../../core/store.js';
import { estimateSpeechSeconds, MAX_TTS_CHARS } from '../speech/tts-service.js';
import { unspeakableTextProblem } from '../speech/speakable-text.js';
import { unknownVoiceMessage, type VoiceDirectory } from '../speech/voice-directory.js';
import type { TaskService } from '../tasks/task-service.js';
import { plannedVideoFollowUp, plannedVideoStart } from '../videos/planned-video-kind.js';
import type { Task } from '../../core/task.js';
import { unresolvedAvatarMessage, type AvatarDirectory } from '../videos/avatar-directory.js';
import { seedFor } from '../../core/random.js';

export const LIPSYNC_KIND = lipsyncKind.kind;
export const LIPSYNC_V2_KIND = lipsyncV2Kind.kind;
export const LIPSYNC_JOB = lipsyncKind.jobs.make;

export interface LipsyncRequest {
  aspectRatio: string;
  text?: string | null;
  audio?: string | null;
  /** The avatar to speak (the contract's `creator` field; errors are reported on that field). */
  avatarId?: string | null;
  voiceId?: string | null;
  voiceField: string;
  name?: string | null;
  greenScreen?: boolean;
  transparentBackground?: boolean;
  noCaption?: boolean;
  noMusic?: boolean;
  caption?: Record<string, unknown> | null;
  backgroundImageUrl?: string | null;
  /** aurora models are priced per second instead of per 30 s (create and render). */
  modelVersion?: VideoModelVersion | null;
  webhookUrl?: string | null;
  echo: Record<string, unknown>;
}

/** AI Avatar v1: one avatar speaking text or the client's audio. */
export class LipsyncService {
  constructor(
    private readonly tasks: TaskService,
    private readonly voices: VoiceDirectory,
    private readonly avatars: AvatarDirectory,
    private readonly media: MediaUrlChecker,
    private readonly defaultVoiceId: () => string | null,
  ) {}

  async create(accountId: string, req: LipsyncRequest, mode: 'direct' | 'preview'): Promise<Task> {
    const text = req.text?.trim() ?? '';
    if (!req.audio && !text) throw ValidationError.field('text', 'Give text to speak or an audio URL.');
    if (text.length > MAX_TTS_CHARS) throw ValidationError.field('text', `Ensure this field has no more than ${MAX_TTS_CHARS} characters.`);
    const unspeakable = req.audio ? null : unspeakableTextProblem(text);
    if (unspeakable) throw ValidationError.field('text', unspeakable);
    // The API allows only these (as 16x9 or 16:9); checked again so the task's input is typed by it.
    const aspectRatio = (['16:9', '9:16', '1:1'] as const).find((a) => a === req.aspectRatio.replace('x', ':'));
    if (!aspectRatio) throw ValidationError.field('aspect_ratio', `"${req.aspectRatio}" is not a valid choice.`);
    const seed = seedFor(`${accountId}|${text}|${req.audio ?? ''}`);
    const avatar = req.avatarId ? await this.avatars.resolve(accountId, req.avatarId) : await this.avatars.match(null, seed);
    if (!avatar) {
      throw ValidationError.field(
        'creator',
        req.avatarId ? await unresolvedAvatarMessage(this.avatars, accountId, req.avatarId) : 'No avatar is available; pass creator.',
      );
    }
    let voiceId: string | null = null;
    let speechSeconds: number;
    if (req.audio) {
      speechSeconds = (await this.checked('audio', req.audio, ['audio', 'video'])).durationSeconds ?? 0;
      if (speechSeconds > 600) throw ValidationError.field('audio', 'The audio is longer than 10 minutes.');
    } else {
      const wanted = req.voiceId ?? avatar.defaultVoiceId ?? this.defaultVoiceId();
      const voice = wanted ? await this.voices.resolve(accountId, wanted) : null;
      if (!voice) throw ValidationError.field(req.voiceField, unknownVoiceMessage(wanted ?? undefined));
      voiceId = voice.id;
      speechSeconds = estimateSpeechSeconds(text);
    }
    if (req.backgroundImageUrl && !req.greenScreen) await this.checked('background_asset_image_url', req.backgroundImageUrl, ['image']);
    return this.tasks.create(
      lipsyncKind.newTask({
        accountId,
        input: {
          echo: req.echo,
          aspectRatio,
          avatarId: avatar.id,
          voiceId,
          text: text || null,
          audioUrl: req.audio ?? null,
          backgroundImageUrl: req.backgroundImageUrl ?? null,
          greenScreen: req.greenScreen === true,
          transparent: req.transparentBackground === true,
          noCaption: req.noCaption !== false,
          noMusic: req.noMusic !== false,
          caption: req.caption ?? null,
          seed,
          modelVersion: req.modelVersion ?? 'standard',
        },
        ...plannedVideoStart(lipsyncKind, mode),
        estimate: { durationSeconds: speechSeconds },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  /** A new preview of a finished task (spec: POST /api/lipsyncs/{id}/preview/), v1 or v2. */
  preview(accountId: string, id: string): Promise<Task> {
    return this.followUp(accountId, id, 'repreview', { previewKey: null });
  }

  render(accountId: string, id: string, kinds = [LIPSYNC_KIND, LIPSYNC_V2_KIND]): Promise<Task> {
    return this.followUp(accountId, id, 'render', { outputKey: null }, kinds);
  }

  get(accountId: string, id: string, kinds = [LIPSYNC_KIND, LIPSYNC_V2_KIND]): Promise<Task> {
    return this.tasks.get(accountId, id, kinds, 'Lipsync');
  }

  list(accountId: string, q: ListQuery, kinds = [LIPSYNC_KIND]): Promise<Task[]> {
    return this.tasks.list(accountId, kinds, q);
  }

  private async followUp(
    accountId: string,
    id: string,
    step: VideoStep,
    reset: { previewKey?: null; outputKey?: null },
    kinds = [LIPSYNC_KIND, LIPSYNC_V2_KIND],
  ): Promise<Task> {
    const task = await this.get(accountId, id, kinds);
    const kind = task.kind === LIPSYNC_KIND ? lipsyncKind : lipsyncV2Kind;
    const durationSeconds = kind.shownResultOf(task).durationSeconds ?? 30;
    const holdMillicredits = plannedVideoPrice(step, { modelVersion: kind.shownInputOf(task).modelVersion ?? 'standard' }, { durationSeconds });
    return this.tasks.followUp(accountId, id, kinds, plannedVideoFollowUp(kind, step, holdMillicredits, reset));
  }

  private checked(field: string, url: string, accept: ('image' | 'audio' | 'video')[]) {
    return asFieldError(field, () => this.media.check(url, accept));
  }
}

export const LIPSYNC_V2_JOB_NAME = lipsyncV2Kind.jobs.make;
