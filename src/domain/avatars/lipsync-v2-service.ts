import type { VideoModelVersion } from '../credits/prices.js';
import { lipsyncV2Kind } from './lipsync-kind.js';
import { addFieldError, ValidationError, type FieldErrors } from '../../core/errors.js';
import { isMediaRef } from '../../core/uploads.js';
import { checkMediaFields, type MediaFieldCheck, type MediaUrlChecker } from '../media-check.js';
import { estimateSpeechSeconds } from '../speech/tts-service.js';
import { unspeakableTextProblem } from '../speech/speakable-text.js';
import { unknownVoiceMessage, type VoiceDirectory } from '../speech/voice-directory.js';
import type { TaskService } from '../tasks/task-service.js';
import { plannedVideoStart } from '../videos/planned-video-kind.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import type { Task } from '../../core/task.js';
import { unresolvedAvatarMessage, type AvatarDirectory } from '../videos/avatar-directory.js';
import { seedFor } from '../../core/random.js';
import {
  DEFAULT_V2_VISUAL_STYLE,
  spokenText,
  type AvatarVideoAspect,
  type AvatarVideoSpec,
  type BackgroundEffect,
  type CaptionSettingJson,
  type Offset,
  type SceneSpec,
  type SceneTransition,
  type V2VisualStyle,
} from './avatar-video-spec.js';
import { LIPSYNC_V2_KIND } from './lipsync-service.js';

/** A request may hold this many scenes: enough for any ad, and a bound on one task's work. */
export const MAX_SCENES = 30;
export const DEFAULT_CTA_SECONDS = 2;
const DEFAULT_VOICE_VOLUME = 0.8;
const DEFAULT_MUSIC_VOLUME = 0.2;

/** One scene of the v2 body, after the API has checked types, ranges and enumerations. */
export interface LipsyncV2SceneRequest {
  character?: {
    avatarId?: string | null;
    offset?: Partial<Offset> | null;
    scale?: number | null;
    avatarStyle?: 'normal' | 'circle' | null;
    hidden?: boolean | null;
  } | null;
  voice?: {
    type?: 'text' | 'silence' | null;
    inputText?: string | null;
    voiceId?: string | null;
    durationSeconds?: number | null;
    volume?: number | null;
    model?: 'v2' | 'v3' | null;
  } | null;
  background?: { type?: 'image' | 'video' | null; url?: string | null; fit?: 'crop' | 'contain' | 'cover' | null; effect?: BackgroundEffect | null } | null;
  captionSetting?: CaptionSettingJson | null;
  transitionIn?: SceneTransition | null;
  transitionOut?: SceneTransition | null;
  visualStyle?: V2VisualStyle | null;
  cta?: {
    logo?: { url?: string | null; offset?: Partial<Offset> | null; scale?: number | null } | null;
    caption?: { text?: string | null; captionSetting?: CaptionSettingJson | null } | null;
  } | null;
}

export interface LipsyncV2Request {
  scenes: LipsyncV2SceneRequest[];
  aspectRatio?: string | null;
  name?: string | null;
  music?: { url?: string | null; volume?: number | null } | null;
  ctaEnd?: boolean;
  ctaBackground?: string | null;
  ctaDurationSeconds?: number | null;
  /** aurora models are priced per second instead of per 30 s (create and render). */
  modelVersion?: VideoModelVersion | null;
  webhookUrl?: string | null;
  echo: Record<string, unknown>;
}

type UrlCheck = MediaFieldCheck;

/** AI Avatar v2: multi-scene avatar videos. Follow-ups (preview, render) go through LipsyncService. */
export class LipsyncV2Service extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly voices: VoiceDirectory,
    private readonly avatars: AvatarDirectory,
    private readonly media: MediaUrlChecker,
    private readonly defaultVoiceId: () => string | null,
    /** True for the service's own music library URLs, which need no fetching to be checked. */
    private readonly isLibraryMusicUrl: (url: string) => boolean,
  ) {
    super(tasks, [LIPSYNC_V2_KIND], 'Lipsync');
  }

  async create(accountId: string, req: LipsyncV2Request, mode: 'direct' | 'preview'): Promise<Task> {
    if (req.scenes.length === 0) throw ValidationError.field('video_inputs', 'Give at least one scene.');
    if (req.scenes.length > MAX_SCENES) throw ValidationError.field('video_inputs', `Ensure this field has no more than ${MAX_SCENES} elements.`);
    const errors: FieldErrors = {};
    const fail = (field: string, message: string) => addFieldError(errors, field, message);
    const urls: UrlCheck[] = [];

    const scenes: (SceneSpec | null)[] = [];
    for (const [i, scene] of req.scenes.entries()) scenes.push(await this.scene(accountId, scene, `video_inputs.${i}`, fail, urls));

    const music = req.music ? this.music(req.music, fail, urls) : null;
    const endCard = req.ctaEnd ? this.endCard(req, fail, urls) : null;
    if (Object.keys(errors).length === 0) await this.checkUrls(urls, fail);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    const spec: AvatarVideoSpec = {
      aspectRatio: (req.aspectRatio ?? '9:16').replace('x', ':') as AvatarVideoAspect,
      scenes: scenes as SceneSpec[],
      music,
      endCard,
      name: req.name ?? null,
      seed: seedFor(`${accountId}|${JSON.stringify(req.echo.video_inputs ?? null)}`),
    };
    const estimateSeconds =
      spec.scenes.reduce((sum, s) => sum + (s.voice.kind === 'text' ? estimateSpeechSeconds(s.voice.text) : s.voice.seconds), 0) + (endCard?.seconds ?? 0);
    return this.tasks.create(
      lipsyncV2Kind.newTask({
        accountId,
        input: { echo: req.echo, aspectRatio: spec.aspectRatio, spec, modelVersion: req.modelVersion ?? 'standard' },
        ...plannedVideoStart(lipsyncV2Kind, mode),
        estimate: { durationSeconds: estimateSeconds },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  private async scene(
    accountId: string,
    s: LipsyncV2SceneRequest,
    at: string,
    fail: (f: string, m: string) => void,
    urls: UrlCheck[],
  ): Promise<SceneSpec | null> {
    const avatarId = s.character?.avatarId?.trim();
    const avatar = avatarId ? await this.avatars.resolve(accountId, avatarId) : null;
    if (!s.character) fail(`${at}.character`, 'This field is required.');
    else if (!avatarId) fail(`${at}.character.avatar_id`, 'This field is required.');
    else if (!avatar) fail(`${at}.character.avatar_id`, await unresolvedAvatarMessage(this.avatars, accountId, avatarId));

    const voice = await this.voice(accountId, s.voice, avatar?.defaultVoiceId ?? null, `${at}.voice`, fail);

    let background: SceneSpec['background'] = null;
    if (s.background && (s.background.url || s.background.type)) {
      const kind = s.background.type ?? 'image';
      if (!s.background.url) fail(`${at}.background.url`, 'This field is required.');
      else urls.push({ field: `${at}.background.url`, url: s.background.url, accept: [kind] });
      const fit = s.background.fit === 'contain' ? 'contain' : 'crop';
      background = { kind, url: s.background.url ?? '', fit, effect: s.background.effect ?? null };
    }

    let cta: SceneSpec['cta'] = null;
    if (s.cta && (s.cta.logo?.url || s.cta.caption?.text?.trim())) {
      const logo = s.cta.logo?.url ? { url: s.cta.logo.url, offset: offsetOrNull(s.cta.logo.offset), scale: s.cta.logo.scale ?? 0.25 } : null;
      if (logo) urls.push({ field: `${at}.cta.cta_logo.url`, url: logo.url, accept: ['image'] });
      const text = s.cta.caption?.text?.trim();
      cta = { logo, caption: text ? { text, setting: s.cta.caption?.captionSetting ?? null } : null };
    }

    if (!avatar || !voice) return null;
    const setting = s.captionSetting ?? null;
    return {
      avatar: {
        id: avatar.id,
        name: avatar.name,
        offset: offsetOrNull(s.character?.offset) ?? { x: 0, y: 0 },
        scale: s.character?.scale ?? 1,
        style: s.character?.avatarStyle ?? 'normal',
        hidden: s.character?.hidden === true,
      },
      voice,
      background,
      caption: {
        setting,
        override: setting?.override_visual_style === true || setting?.override_visual_style === 'true',
        hidden: setting?.hidden === true || setting?.hidden === 'true',
      },
      transitionIn: s.transitionIn ?? null,
      transitionOut: s.transitionOut ?? null,
      visualStyle: s.visualStyle ?? DEFAULT_V2_VISUAL_STYLE,
      cta,
    };
  }

  private async voice(
    accountId: string,
    v: LipsyncV2SceneRequest['voice'],
    avatarVoiceId: string | null,
    at: string,
    fail: (f: string, m: string) => void,
  ): Promise<SceneSpec['voice'] | null> {
    if (!v) {
      fail(at, 'This field is required.');
      return null;
    }
    const volume = v.volume ?? DEFAULT_VOICE_VOLUME;
    const kind = v.type ?? (v.inputText != null ? 'text' : 'silence');
    if (kind === 'silence') {
      if (v.durationSeconds == null) {
        fail(`${at}.duration`, 'A silence needs its duration in seconds (1 to 100).');
        return null;
      }
      return { kind: 'silence', seconds: v.durationSeconds, volume };
    }
    const model = v.model ?? null;
    const text = v.inputText?.trim() ?? '';
    if (!text) {
      fail(`${at}.input_text`, 'This field may not be blank when voice.type is "text".');
      return null;
    }
    const spoken = spokenText(text, model);
    if (!spoken) {
      fail(`${at}.input_text`, 'There are no words to speak once the emotion tags are taken out.');
      return null;
    }
    const unspeakable = unspeakableTextProblem(spoken);
    if (unspeakable) {
      fail(`${at}.input_text`, unspeakable);
      return null;
    }
    const wanted = v.voiceId ?? avatarVoiceId ?? this.defaultVoiceId();
    const voice = wanted ? await this.voices.resolve(accountId, wanted) : null;
    if (!voice) {
      fail(`${at}.voice_id`, unknownVoiceMessage(wanted ?? undefined));
      return null;
    }
    return { kind: 'text', text, voiceId: voice.id, volume, model };
  }

  private music(m: NonNullable<LipsyncV2Request['music']>, fail: (f: string, m: string) => void, urls: UrlCheck[]): AvatarVideoSpec['music'] {
    if (!m.url) {
      fail('background_music.url', 'This field is required.');
      return null;
    }
    if (!this.isLibraryMusicUrl(m.url)) urls.push({ field: 'background_music.url', url: m.url, accept: ['audio', 'video'], needsAudio: true });
    return { url: m.url, volume: m.volume ?? DEFAULT_MUSIC_VOLUME };
  }

  private endCard(req: LipsyncV2Request, fail: (f: string, m: string) => void, urls: UrlCheck[]): AvatarVideoSpec['endCard'] {
    const seconds = req.ctaDurationSeconds ?? DEFAULT_CTA_SECONDS;
    const value = req.ctaBackground?.trim();
    if (!value) {
      fail('cta_background', "cta_end needs cta_background: the URL of the end card's picture or clip.");
      return null;
    }
    // Leniently, a colour also makes an end card.
    if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) return { background: { kind: 'color', color: value }, seconds };
    if (!isMediaRef(value)) {
      fail('cta_background', 'Enter a valid URL (an image or a video), or a colour as #RGB, #RRGGBB or #RRGGBBAA.');
      return null;
    }
    urls.push({ field: 'cta_background', url: value, accept: ['image', 'video'] });
    return { background: { kind: 'url', url: value }, seconds };
  }

  /** Every URL fetched and probed at once (each distinct one once): an unusable one is a 400 on its field. */
  private async checkUrls(urls: UrlCheck[], fail: (f: string, m: string) => void): Promise<void> {
    const problems = await checkMediaFields(this.media, urls);
    for (const [field, messages] of Object.entries(problems))
      messages.forEach((m) => {
        fail(field, m);
      });
  }
}

function offsetOrNull(o: Partial<Offset> | null | undefined): Offset | null {
  if (!o || (o.x == null && o.y == null)) return null;
  return { x: o.x ?? 0, y: o.y ?? 0 };
}
