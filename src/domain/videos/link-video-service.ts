import { seedFor } from '../../core/random.js';
import type { VideoModelVersion } from '../credits/prices.js';
import { linkVideoKind, linkVideoPrice } from './link-video-kind.js';
import { ValidationError } from '../../core/errors.js';
import { checkMediaFields, type MediaFieldCheck, type MediaUrlChecker } from '../media-check.js';
import { storedLinkFacts } from '../links/link-facts-schema.js';
import type { LinkService } from '../links/link-service.js';
import { unspeakableTextProblem } from '../speech/speakable-text.js';
import type { VoiceDirectory } from '../speech/voice-directory.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import type { Task } from '../../core/task.js';
import { estimateSpeechSeconds } from '../speech/tts-service.js';
import { unresolvedAvatarMessage, type AvatarDirectory } from './avatar-directory.js';

export const LINK_VIDEO_KIND = linkVideoKind.kind;
export const LINK_VIDEO_JOB = linkVideoKind.jobs.make;

export type LinkVideoMode = 'direct' | 'preview' | 'preview_list';

/** The request as the routes pass it, names already unaliased. */
export interface LinkVideoRequest {
  link: string;
  name?: string | null;
  targetPlatform?: string | null;
  targetAudience?: string | null;
  language?: string | null;
  videoLength?: number | null;
  aspectRatio?: string | null;
  scriptStyle?: string | null;
  visualStyle?: string | null;
  visualStyles?: string[] | null;
  overrideAvatar?: string | null;
  overrideAvatarByImage?: string | null;
  overrideVoice?: string | null;
  overrideScript?: string | null;
  backgroundMusicUrl?: string | null;
  backgroundMusicVolume?: number | null;
  voiceoverVolume?: number | null;
  noBackgroundMusic?: boolean;
  noCaption?: boolean;
  noCta?: boolean;
  noStockBroll?: boolean;
  captionSetting?: Record<string, unknown> | null;
  /** aurora models are priced per second instead of per 30 s (create and render). */
  modelVersion?: VideoModelVersion | null;
  webhookUrl?: string | null;
  /** The body as sent, echoed back on the task. */
  echo: Record<string, unknown>;
}

/** What the copywriter and the layouts accept; injected so this module stays free of pipelines. */
export interface VideoVocabulary {
  isScriptStyle(name: string): boolean;
  scriptStyleNames(): string[];
  isVisualStyle(name: string): boolean;
  visualStyleNames(): string[];
  /** Languages the copywriter writes; any voice language works with override_script. */
  isScriptLanguage(code: string): boolean;
  /** The voice to use for a language when neither the request nor the avatar names one. */
  defaultVoiceFor(language: string): string | null;
  /**
   * Whether a visual style is built around a presenter (Vanilla, EnhancedVanilla, GreenScreen):
   * only those get a built-in presenter when the request names none; the others are product-first.
   */
  needsPresenter(style: string): boolean;
}

export const VIDEO_LENGTHS = [15, 30, 45, 60];
export const DEFAULT_SCRIPT_STYLE = 'DiscoveryWriter';
export const DEFAULT_VISUAL_STYLE = 'AvatarBubbleTemplate';

/** URL to Video: validates and prices a request, then leaves the work to the job. */
export class LinkVideoService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly links: LinkService,
    private readonly voices: VoiceDirectory,
    private readonly avatars: AvatarDirectory,
    private readonly vocabulary: VideoVocabulary,
    /** Probes override_avatar_by_image and background_music_url at create; without one, photo presenters are refused. */
    private readonly media: MediaUrlChecker | null = null,
    /** True for the service's own music library URLs, which need no fetching to be checked. */
    private readonly isLibraryMusicUrl: (url: string) => boolean = () => false,
  ) {
    super(tasks, [LINK_VIDEO_KIND], 'LinkToVideo');
  }

  async create(accountId: string, req: LinkVideoRequest, mode: LinkVideoMode): Promise<Task> {
    const link = await this.links.get(accountId, req.link).catch(() => {
      throw ValidationError.field('link', 'Invalid link ID');
    });
    const facts = storedLinkFacts(link.facts);
    if (facts.imageUrls.length === 0 && facts.videoUrls.length === 0) {
      throw ValidationError.field('link', 'This link has no image and no video to make a video from; add some with PATCH /api/links/{id}/.');
    }
    const videoLengthSeconds = req.videoLength ?? 15;
    if (!VIDEO_LENGTHS.includes(videoLengthSeconds))
      throw ValidationError.field('video_length', `"${videoLengthSeconds}" is not a valid choice. Allowed: ${VIDEO_LENGTHS.join(', ')}.`);
    // The API allows only these (as 16x9 or 16:9); checked again so the task's input is typed by it.
    const aspectRatio = (['16:9', '9:16', '1:1'] as const).find((a) => a === (req.aspectRatio ?? '9:16').replace('x', ':'));
    if (!aspectRatio) throw ValidationError.field('aspect_ratio', `"${req.aspectRatio}" is not a valid choice.`);
    const scriptStyle = req.scriptStyle ?? DEFAULT_SCRIPT_STYLE;
    if (!this.vocabulary.isScriptStyle(scriptStyle))
      throw ValidationError.field('script_style', `"${scriptStyle}" is not a valid choice. Allowed: ${this.vocabulary.scriptStyleNames().join(', ')}.`);
    const styles = mode === 'preview_list' ? (req.visualStyles ?? []) : [req.visualStyle ?? DEFAULT_VISUAL_STYLE];
    const styleField = mode === 'preview_list' ? 'visual_styles' : 'visual_style';
    if (styles.length === 0) throw ValidationError.field(styleField, 'This list may not be empty.');
    if (styles.length > 10) throw ValidationError.field(styleField, 'Ensure this field has no more than 10 elements.');
    for (const style of styles) {
      if (!this.vocabulary.isVisualStyle(style))
        throw ValidationError.field(styleField, `"${style}" is not a valid choice. Allowed: ${this.vocabulary.visualStyleNames().join(', ')}.`);
    }
    if (req.overrideAvatar && req.overrideAvatarByImage)
      throw ValidationError.field('override_avatar_by_image', 'Give override_avatar or override_avatar_by_image, not both.');
    const language = (req.language ?? 'en').toLowerCase();
    const script = req.overrideScript?.trim();
    const unspeakable = script ? unspeakableTextProblem(script) : null;
    if (unspeakable) throw ValidationError.field('override_script', unspeakable);
    if (!req.overrideScript?.trim() && !this.vocabulary.isScriptLanguage(language)) {
      throw ValidationError.field('language', `The built-in copywriter writes en, es, fr and de; for "${language}" send your own script in override_script.`);
    }

    const seed = seedFor(`${link.id}|${scriptStyle}|${language}|${videoLengthSeconds}`);
    // A presenter photo replaces the avatar; its face is found by the job (no face → failed with the reason).
    // With neither, a built-in presenter is matched to the product only for a style built around
    // one: the others are product-first rather than fronted by a drawn figure nobody asked for.
    const avatar = req.overrideAvatarByImage
      ? null
      : req.overrideAvatar
        ? await this.avatars.resolve(accountId, req.overrideAvatar)
        : styles.some((s) => this.vocabulary.needsPresenter(s))
          ? await this.avatars.match(facts, seed)
          : null;
    if (req.overrideAvatar && !avatar)
      throw ValidationError.field('override_avatar', await unresolvedAvatarMessage(this.avatars, accountId, req.overrideAvatar));
    const voiceId = req.overrideVoice ?? avatar?.defaultVoiceId ?? this.vocabulary.defaultVoiceFor(language);
    if (!voiceId) throw ValidationError.field('language', `No voice speaks "${language}" here; pick one with override_voice from GET /api/voices/.`);
    const voice = await this.voices.resolve(accountId, voiceId);
    if (!voice)
      throw ValidationError.field(req.overrideVoice ? 'override_voice' : 'language', `Unknown voice id "${voiceId}". List voices with GET /api/voices/.`);
    // Fetches last, once everything cheap to check has passed.
    await this.checkMedia(req);

    const estimateSeconds = req.overrideScript ? estimateSpeechSeconds(req.overrideScript) + 3 : videoLengthSeconds;
    return this.tasks.create(
      linkVideoKind.newTask({
        accountId,
        input: {
          mode,
          echo: req.echo,
          linkId: link.id,
          linkUrl: link.url,
          facts,
          language,
          videoLengthSeconds,
          aspectRatio,
          scriptStyle,
          styles,
          avatarId: avatar?.id ?? null,
          presenterImageUrl: req.overrideAvatarByImage ?? null,
          voiceId: voice.id,
          seed,
          overrideScript: req.overrideScript?.trim() || null,
          targetAudience: req.targetAudience ?? null,
          targetPlatform: req.targetPlatform ?? null,
          music: { none: req.noBackgroundMusic === true, url: req.backgroundMusicUrl ?? null, volume: req.backgroundMusicVolume ?? null },
          voiceoverVolume: req.voiceoverVolume ?? null,
          caption: { none: req.noCaption === true, override: req.captionSetting?.override_visual_style === true, setting: req.captionSetting ?? null },
          noCta: req.noCta === true,
          noStockBroll: req.noStockBroll === true,
          modelVersion: req.modelVersion ?? 'standard',
        },
        result: linkVideoKind.resultPatch({ previews: [], previewKey: null, outputKey: null, thumbnailKey: null }),
        job: 'make',
        step: mode,
        estimate: { durationSeconds: estimateSeconds },
        jobPayload: { step: mode },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  /** Renders one of the task's previews (default: the first) at full quality on the same task. */
  async render(accountId: string, id: string, mediaJob: string | null): Promise<Task> {
    const task = await this.get(accountId, id);
    const input = linkVideoKind.shownInputOf(task);
    const durationSeconds = linkVideoKind.shownResultOf(task).plan?.durationSeconds ?? input.videoLengthSeconds ?? 30;
    return this.tasks.followUp(accountId, id, [LINK_VIDEO_KIND], {
      step: 'render',
      jobName: linkVideoKind.jobs.make,
      holdMillicredits: linkVideoPrice('render', { modelVersion: input.modelVersion ?? 'standard', styles: input.styles ?? [] }, { durationSeconds }),
      jobPayload: { mediaJob },
      resultReset: { outputKey: null },
      ready: (t) => {
        const r = linkVideoKind.shownResultOf(t);
        const previews = r.previews ?? [];
        return Boolean(r.plan) && previews.length > 0 && (!mediaJob || previews.some((p) => p.mediaJob === mediaJob));
      },
    });
  }

  /**
   * The presenter photo must be a picture, and the music (when it will be used and is not a library
   * track) sound, that the service can fetch and decode: a 400 on the field otherwise, both probed
   * at once.
   */
  private async checkMedia(req: LinkVideoRequest): Promise<void> {
    const checks: MediaFieldCheck[] = [];
    if (req.overrideAvatarByImage) {
      if (!this.media)
        throw ValidationError.field('override_avatar_by_image', 'Photo presenters are not available on this server; pass a persona id as override_avatar.');
      checks.push({ field: 'override_avatar_by_image', url: req.overrideAvatarByImage, accept: ['image'] });
    }
    const musicUrl = req.noBackgroundMusic ? null : req.backgroundMusicUrl;
    if (musicUrl && !this.isLibraryMusicUrl(musicUrl))
      checks.push({ field: 'background_music_url', url: musicUrl, accept: ['audio', 'video'], needsAudio: true });
    if (checks.length === 0 || !this.media) return;
    const problems = await checkMediaFields(this.media, checks);
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  }
}
