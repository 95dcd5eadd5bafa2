import { TaskNotReady, ValidationError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { seedFor } from '../../core/random.js';
import type { ListQuery } from '../../core/store.js';
import type { Task } from '../../core/task.js';
import type { LinkFacts } from '../links/link-facts.js';
import { asFieldError, type MediaUrlChecker } from '../media-check.js';
import { estimateSpeechSeconds } from '../speech/tts-service.js';
import { unspeakableTextProblem } from '../speech/speakable-text.js';
import type { VoiceDirectory } from '../speech/voice-directory.js';
import type { TaskService } from '../tasks/task-service.js';
import type { Copywriter } from '../text/ai-script-service.js';
import { unresolvedAvatarMessage, type AvatarDirectory } from '../videos/avatar-directory.js';
import { PRODUCT_ASPECTS, productVideoKind, productVideoPrice, type MotionStyle, type ProductAspect, type ProductVideoRequest } from './product-video-kind.js';

export const PRODUCT_VIDEO_KIND = productVideoKind.kind;
export const PRODUCT_VIDEO_JOBS = Object.values(productVideoKind.jobs);

/** The picture types a product photo may be (the contract: direct png, jpg or webp). */
const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp'];

/** Display videos: 5–15 s, about 10 s unless the prompt asks for a length. */
export const DISPLAY_SECONDS = { min: 5, max: 15, default: 10 } as const;

/** A talking presenter's script is short: a product spot, not an essay. */
const TALKING_SCRIPT_SECONDS = 15;

export interface GenImageRequest {
  productUrl: string;
  type?: string | null;
  aspectRatio?: string | null;
  imagePrompt?: string | null;
  overrideAvatar?: string | null;
  showcaseUrl?: string | null;
  webhookUrl?: string | null;
  echo: Record<string, unknown>;
}

export interface GenVideoRequest {
  motionStyle?: string | null;
  videoPrompt?: string | null;
}

/** The aspect the request named (16:9 or 16x9 form), or undefined. */
export function productAspectOf(value: string): ProductAspect | undefined {
  const normal = value.trim().replace('x', ':');
  return PRODUCT_ASPECTS.find((a) => a === normal);
}

/** A length asked for in words ("a 6 second clip", "12s"), clamped to 5–15 s; otherwise 10 s. */
export function displaySecondsFrom(prompt: string | null | undefined): number {
  const m = prompt?.match(/(\d{1,3}(?:\.\d+)?)\s*(?:s\b|sec\b|secs\b|seconds?\b)/i);
  const asked = m ? Number(m[1]) : DISPLAY_SECONDS.default;
  return Math.min(DISPLAY_SECONDS.max, Math.max(DISPLAY_SECONDS.min, Math.round(asked)));
}

/**
 * Product Video (contract §5): `gen_image` creates the task (the product cut out and staged), the
 * video steps are follow-ups on the same record, and `regen_image` makes a new task from an old
 * one's inputs.
 */
type ProductVideoInput = ReturnType<typeof productVideoKind.inputOf>;

export class ProductVideoService {
  constructor(
    private readonly tasks: TaskService,
    private readonly media: MediaUrlChecker,
    private readonly avatars: AvatarDirectory,
    private readonly voices: VoiceDirectory,
    private readonly copywriter: Copywriter,
    private readonly defaultVoiceId: () => string | null,
  ) {}

  /** A task that stages the product image (the first step; a video follows on the same task). */
  private stageImage(accountId: string, input: ProductVideoInput, webhookUrl: string | null): Promise<Task> {
    return this.tasks.create(
      productVideoKind.newTask({
        accountId,
        input,
        result: productVideoKind.resultPatch({ imageKey: null, videoKey: null }),
        job: 'image',
        step: 'gen_image',
        estimate: { durationSeconds: 0 },
        jobPayload: { step: 'gen_image' },
        webhookUrl,
      }),
    );
  }

  async genImage(accountId: string, req: GenImageRequest): Promise<Task> {
    const aspectRatio = productAspectOf(req.aspectRatio ?? '16:9');
    if (!aspectRatio) throw ValidationError.field('aspect_ratio', `"${req.aspectRatio}" is not a valid choice. Choose one of ${PRODUCT_ASPECTS.join(', ')}.`);
    const type = req.type ?? 'product_anyshot';
    if (type !== 'product_anyshot') throw ValidationError.field('type', `"${type}" is not a valid choice. Choose product_anyshot.`);
    await this.checkPicture('product_url', req.productUrl);
    if (req.showcaseUrl) await this.checkPicture('product_showcase_url', req.showcaseUrl);
    const overrideAvatar = req.overrideAvatar ? await this.avatarId(accountId, req.overrideAvatar) : null;
    const imagePrompt = req.imagePrompt?.trim() || null;
    return this.stageImage(
      accountId,
      {
        echo: req.echo,
        productUrl: req.productUrl,
        type,
        aspectRatio,
        aspectEcho: req.aspectRatio ?? '16:9',
        imagePrompt,
        overrideAvatar,
        showcaseUrl: req.showcaseUrl ?? null,
        seed: seedFor(`${accountId}|${req.productUrl}|${imagePrompt ?? ''}|${newId()}`),
        regenType: null,
        regenSourceId: null,
      },
      req.webhookUrl ?? null,
    );
  }

  /** A new task staged again from the source's product, with the new prompt (or the old one) and a new seed. */
  async regenImage(accountId: string, sourceId: string, req: { imagePrompt?: string | null; webhookUrl?: string | null }): Promise<Task> {
    const source = await this.get(accountId, sourceId);
    const shown = productVideoKind.shownInputOf(source);
    if (!shown.productUrl || !shown.aspectRatio) throw new TaskNotReady("This task's inputs cannot be read; create it again with gen_image.");
    const imagePrompt = req.imagePrompt?.trim() || shown.imagePrompt || null;
    return this.stageImage(
      accountId,
      {
        echo: { ...(shown.echo ?? {}), image_prompt: imagePrompt, webhook_url: req.webhookUrl ?? null },
        productUrl: shown.productUrl,
        type: shown.type ?? 'product_anyshot',
        aspectRatio: shown.aspectRatio,
        aspectEcho: shown.aspectEcho ?? shown.aspectRatio,
        imagePrompt,
        overrideAvatar: shown.overrideAvatar ?? null,
        showcaseUrl: shown.showcaseUrl ?? null,
        seed: seedFor(`${sourceId}|regen|${newId()}`),
        regenType: 'regen_image',
        regenSourceId: source.id,
      },
      req.webhookUrl ?? null,
    );
  }

  /** The image (done) made into a video: the step is chosen now and priced on its length. */
  async genVideo(accountId: string, id: string, req: GenVideoRequest): Promise<Task> {
    const motionStyle = (req.motionStyle ?? 'display') as MotionStyle;
    if (motionStyle !== 'display' && motionStyle !== 'talking')
      throw ValidationError.field('motion_style', `"${req.motionStyle}" is not a valid choice. Choose display or talking.`);
    const task = await this.get(accountId, id);
    const videoPrompt = req.videoPrompt?.trim() || null;
    const seed = seedFor(`${task.id}|video|${newId()}`);
    const request =
      motionStyle === 'display'
        ? { motionStyle, videoPrompt, seed, durationSeconds: displaySecondsFrom(videoPrompt) }
        : await this.talkingRequest(accountId, task, videoPrompt, seed);
    return this.videoFollowUp(accountId, task, 'gen_video', request);
  }

  /** The same video request with a new seed: other motions and variation; the old video is replaced when done. */
  async regenVideo(accountId: string, id: string): Promise<Task> {
    const task = await this.get(accountId, id);
    const previous = productVideoKind.shownResultOf(task).videoRequest;
    if (!previous) throw new TaskNotReady('This task has no video to regenerate yet; call gen_video first.');
    return this.videoFollowUp(accountId, task, 'regen_video', { ...previous, seed: seedFor(`${task.id}|regen-video|${newId()}`) });
  }

  get(accountId: string, id: string): Promise<Task> {
    return this.tasks.get(accountId, id, [PRODUCT_VIDEO_KIND], 'Product video');
  }

  list(accountId: string, q: ListQuery): Promise<Task[]> {
    return this.tasks.list(accountId, [PRODUCT_VIDEO_KIND], q);
  }

  private videoFollowUp(accountId: string, task: Task, step: 'gen_video' | 'regen_video', request: ProductVideoRequest): Promise<Task> {
    return this.tasks.followUp(accountId, task.id, [PRODUCT_VIDEO_KIND], {
      step,
      holdMillicredits: productVideoPrice(step, null, { durationSeconds: request.durationSeconds }),
      jobName: productVideoKind.jobs.video,
      jobPayload: { step },
      resultReset: productVideoKind.resultPatch({ videoRequest: request, videoKey: null, thumbnailKey: null }),
      // The image (and its layers) must be there; a regen also needs the video it varies.
      ready: (t) => {
        const r = productVideoKind.shownResultOf(t);
        return Boolean(r.imageKey && r.layout) && (step === 'gen_video' || Boolean(r.videoRequest));
      },
    });
  }

  /** The presenter (the image's avatar, or one matched by seed), their voice and a short script. */
  private async talkingRequest(accountId: string, task: Task, videoPrompt: string | null, seed: number): Promise<ProductVideoRequest> {
    const input = productVideoKind.shownInputOf(task);
    const avatar = input.overrideAvatar ? await this.avatars.resolve(accountId, input.overrideAvatar) : await this.avatars.match(null, seed);
    if (!avatar)
      throw ValidationError.field(
        'motion_style',
        "No presenter is available for a talking video: the image's override_avatar is gone. Use motion_style display or make a new image.",
      );
    const wanted = avatar.defaultVoiceId ?? this.defaultVoiceId();
    const voice = wanted ? await this.voices.resolve(accountId, wanted) : null;
    if (!voice) throw ValidationError.field('motion_style', 'No voice is available on this server for a talking video; use motion_style display.');
    const script = await this.script(videoPrompt, input.imagePrompt ?? null, seed);
    const problem = unspeakableTextProblem(script);
    if (problem) throw ValidationError.field('video_prompt', problem);
    return { motionStyle: 'talking', videoPrompt, seed, durationSeconds: estimateSpeechSeconds(script), script, avatarId: avatar.id, voiceId: voice.id };
  }

  /** Written by the copywriter (the configured model, else the built-in one) from what is known of the product: the prompts. */
  private async script(videoPrompt: string | null, imagePrompt: string | null, seed: number): Promise<string> {
    const about = videoPrompt ?? imagePrompt ?? '';
    const facts: LinkFacts = {
      innerId: 'product-video',
      title: productTitle(about),
      description: about,
      imageUrls: [],
      videoUrls: [],
      logoUrl: null,
      price: null,
      reviews: null,
      brand: null,
      siteName: null,
      aiSummary: about,
      aiIndustry: '',
      aiTargetAudiences: [],
    };
    const style = this.copywriter.defaultStyles(seed)[0] ?? this.copywriter.styleNames()[0]!;
    const written = await this.copywriter.write({
      facts,
      audience: null,
      platform: null,
      style,
      videoLengthSeconds: TALKING_SCRIPT_SECONDS,
      language: 'en',
      seed,
    });
    return written.text;
  }

  private async avatarId(accountId: string, id: string): Promise<string> {
    const avatar = await this.avatars.resolve(accountId, id);
    if (!avatar) throw ValidationError.field('override_avatar', await unresolvedAvatarMessage(this.avatars, accountId, id));
    return avatar.id;
  }

  private async checkPicture(field: string, url: string): Promise<void> {
    const checked = await asFieldError(field, () => this.media.check(url, ['image']));
    const type = checked.contentType.split(';')[0]!.trim().toLowerCase();
    if (!PRODUCT_IMAGE_TYPES.includes(type)) throw ValidationError.field(field, `The picture is ${type}; send a PNG, JPEG or WebP image.`);
  }
}

/** A title for the copywriter: the prompt's first clause, or a plain name. */
function productTitle(about: string): string {
  const first = about.split(/[.!?\n,;:]/)[0]?.trim() ?? '';
  return first.length >= 3 && first.length <= 80 ? first : 'Our product';
}
