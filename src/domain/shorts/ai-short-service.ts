import { ValidationError } from '../../core/errors.js';
import { seedFor } from '../../core/random.js';
import type { Task } from '../../core/task.js';
import type { VideoStep } from '../credits/prices.js';
import { checkMediaFields, type MediaUrlChecker } from '../media-check.js';
import { unspeakableTextProblem } from '../speech/speakable-text.js';
import { estimateSpeechSeconds } from '../speech/tts-service.js';
import type { VoiceDirectory } from '../speech/voice-directory.js';
import type { TaskService } from '../tasks/task-service.js';
import { plannedVideoFollowUp, plannedVideoStart } from '../videos/planned-video-kind.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { aiShortKind, aiShortPrice, type AiShortInput } from './ai-short-kind.js';
import { storedLinkFacts } from '../links/link-facts-schema.js';
import type { LinkService } from '../links/link-service.js';
import { SHORT_STYLES, shortStyleNamed } from './short-styles.js';

export const AI_SHORT_KIND = aiShortKind.kind;
export const AI_SHORT_JOB = aiShortKind.jobs.make;
/** The product photos a short takes (extension `product_images`, or a link's first ones). */
export const MAX_PRODUCT_IMAGES = 4;
/** A short is short: about three minutes of narration at most. */
export const MAX_SHORT_SCRIPT_CHARS = 3000;

/** The request as the routes pass it, names already unaliased. */
export interface AiShortRequest {
  script: string;
  aspectRatio: string;
  style: string;
  voiceId?: string | null;
  /** The field the voice came in (`accent` or `voice_id`), for its 400. */
  voiceField: string;
  caption?: Record<string, unknown> | null;
  backgroundMusicUrl?: string | null;
  backgroundMusicVolume?: number | null;
  voiceoverVolume?: number | null;
  name?: string | null;
  webhookUrl?: string | null;
  /** A Link id (extension): its photos and name are the product the short shows. */
  link?: string | null;
  /** Product photo URLs (extension), up to 4; used instead of the link's photos when both are sent. */
  productImages?: string[] | null;
  /** The body as sent, echoed back on the task. */
  echo: Record<string, unknown>;
}

/** AI Shorts: validates and prices a request, then leaves the work to the job. */
export class AiShortService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly voices: VoiceDirectory,
    private readonly media: MediaUrlChecker,
    private readonly defaultVoiceId: () => string | null,
    /** True for the service's own music library URLs, which need no fetching to be checked. */
    private readonly isLibraryMusicUrl: (url: string) => boolean = () => false,
    private readonly links: LinkService | null = null,
  ) {
    super(tasks, [AI_SHORT_KIND], 'AiShort');
  }

  async create(accountId: string, req: AiShortRequest, mode: 'direct' | 'preview'): Promise<Task> {
    const script = req.script.trim();
    if (!script) throw ValidationError.field('script', 'This field may not be blank.');
    if (script.length > MAX_SHORT_SCRIPT_CHARS)
      throw ValidationError.field('script', `Ensure this field has no more than ${MAX_SHORT_SCRIPT_CHARS} characters.`);
    const unspeakable = unspeakableTextProblem(script);
    if (unspeakable) throw ValidationError.field('script', unspeakable);
    const aspectRatio = (['16:9', '9:16', '1:1'] as const).find((a) => a === req.aspectRatio.replace('x', ':'));
    if (!aspectRatio) throw ValidationError.field('aspect_ratio', `"${req.aspectRatio}" is not a valid choice.`);
    const style = shortStyleNamed(req.style);
    if (!style) throw ValidationError.field('style', `"${req.style}" is not a valid choice. Allowed: ${SHORT_STYLES.join(', ')}.`);
    const wanted = req.voiceId ?? this.defaultVoiceId();
    const voice = wanted ? await this.voices.resolve(accountId, wanted) : null;
    if (!voice) throw ValidationError.field(req.voiceField, `Unknown voice id "${wanted ?? ''}". List voices with GET /api/voices/.`);
    const musicUrl = req.backgroundMusicUrl ?? null;
    const product = await this.productOf(accountId, req);
    // Fetched last, once everything cheap to check has passed.
    const checks: Parameters<typeof checkMediaFields>[1] = [];
    if (musicUrl && !this.isLibraryMusicUrl(musicUrl))
      checks.push({ field: 'background_music_url', url: musicUrl, accept: ['audio', 'video'], needsAudio: true });
    // The request's own photos are checked; a link's were read when the link was made.
    for (const [i, url] of (req.productImages ?? []).entries()) checks.push({ field: `product_images.${i}`, url, accept: ['image'] });
    if (checks.length > 0) {
      const problems = await checkMediaFields(this.media, checks);
      if (Object.keys(problems).length > 0) throw new ValidationError(problems);
    }
    return this.tasks.create(
      aiShortKind.newTask({
        accountId,
        input: {
          echo: req.echo,
          script,
          aspectRatio,
          style,
          voiceId: voice.id,
          caption: req.caption ?? null,
          music: { url: musicUrl, volume: req.backgroundMusicVolume ?? null },
          voiceoverVolume: req.voiceoverVolume ?? null,
          // The script alone seeds the music and motion: one script in two styles keeps its track.
          name: req.name ?? null,
          seed: seedFor(script),
          product,
        },
        ...plannedVideoStart(aiShortKind, mode),
        estimate: { durationSeconds: estimateSpeechSeconds(script) },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  /**
   * The product the short shows (extension): the request's photos, else the link's (its first
   * four); the link's title names it. Neither sent: no product.
   */
  private async productOf(accountId: string, req: AiShortRequest): Promise<AiShortInput['product']> {
    const own = (req.productImages ?? []).map((u) => u.trim()).filter(Boolean);
    if (!req.link) return own.length > 0 ? { imageUrls: own, name: null, linkId: null } : null;
    if (!this.links) throw ValidationError.field('link', 'Invalid link ID');
    const link = await this.links.get(accountId, req.link).catch(() => {
      throw ValidationError.field('link', 'Invalid link ID');
    });
    const facts = storedLinkFacts(link.facts);
    const imageUrls = own.length > 0 ? own : facts.imageUrls.slice(0, MAX_PRODUCT_IMAGES);
    if (imageUrls.length === 0) throw ValidationError.field('link', 'This link has no product picture; send `product_images` with the product photos.');
    return { imageUrls, name: facts.title.trim() || null, linkId: req.link };
  }

  /** The full-quality render of a previewed (or already rendered) short, on the same task. */
  render(accountId: string, id: string): Promise<Task> {
    return this.followUp(accountId, id, 'render');
  }

  private async followUp(accountId: string, id: string, step: VideoStep): Promise<Task> {
    const task = await this.get(accountId, id);
    const durationSeconds = aiShortKind.shownResultOf(task).durationSeconds ?? 30;
    return this.tasks.followUp(
      accountId,
      id,
      [AI_SHORT_KIND],
      plannedVideoFollowUp(aiShortKind, step, aiShortPrice(step, null, { durationSeconds }), { outputKey: null }),
    );
  }
}
