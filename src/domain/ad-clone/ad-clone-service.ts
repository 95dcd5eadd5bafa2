import { ValidationError } from '../../core/errors.js';
import { seedFor } from '../../core/random.js';
import type { Task } from '../../core/task.js';
import { storedLinkFacts } from '../links/link-facts-schema.js';
import type { LinkService } from '../links/link-service.js';
import { mediaProblemOf, type CheckedMedia, type MediaUrlChecker } from '../media-check.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { adCloneKind } from './ad-clone-kind.js';
import { describeMediaType } from '../../core/media-words.js';

export const AD_CLONE_KIND = adCloneKind.kind;
export const AD_CLONE_JOB = adCloneKind.jobs.make;

/**
 * Longest reference ad accepted. Ads run 6–60 s; past a minute the analysis (a frame per shot
 * through OCR, the whole track through the recogniser) grows long for what is not an ad.
 */
export const MAX_REFERENCE_SECONDS = 60;
/** Link pictures checked at create (the clone uses at most this many). */
export const MAX_CLONE_IMAGES = 6;

export interface AdCloneRequest {
  link: string;
  videoUrl: string;
  aspectRatio?: string | null;
  language?: string | null;
  webhookUrl?: string | null;
}

/** Ad clone: validates the link and the reference, then leaves analysis and render to the job. */
export class AdCloneService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly links: LinkService,
    private readonly media: MediaUrlChecker,
    /** The language codes the script writer writes (`language` must be one of them when given). */
    private readonly scriptLanguages: readonly string[],
  ) {
    super(tasks, [AD_CLONE_KIND], 'ad clone');
  }

  async create(accountId: string, req: AdCloneRequest): Promise<Task> {
    const link = await this.links.get(accountId, req.link).catch(() => {
      throw ValidationError.field('link', 'Invalid link ID');
    });
    const facts = storedLinkFacts(link.facts);
    if (facts.imageUrls.length === 0)
      throw ValidationError.field(
        'link',
        "This link has no image; ad clone fills the reference's shots with the link's pictures. Add some with PATCH /api/links/{id}/.",
      );
    const aspectRatio = (['9:16', '16:9', '1:1'] as const).find((a) => a === (req.aspectRatio ?? '9:16').replace('x', ':'));
    if (!aspectRatio) throw ValidationError.field('aspect_ratio', `"${req.aspectRatio}" is not a valid choice. Allowed: 9:16, 16:9, 1:1.`);
    const language = req.language ? req.language.toLowerCase().split(/[-_]/)[0]! : null;
    if (language && !this.scriptLanguages.includes(language)) {
      throw ValidationError.field('language', `The built-in script writer writes ${this.scriptLanguages.join(', ')}; "${req.language}" is not one of them.`);
    }
    const reference = await this.checkReference(req.videoUrl);
    const imageUrls = await this.usableImages(facts.imageUrls.slice(0, MAX_CLONE_IMAGES));
    if (!imageUrls.length)
      throw ValidationError.field('link', "None of the link's pictures can be fetched as an image; update them with PATCH /api/links/{id}/.");
    const referenceSeconds = reference.durationSeconds ?? MAX_REFERENCE_SECONDS;
    return this.tasks.create(
      adCloneKind.newTask({
        accountId,
        input: {
          linkId: link.id,
          linkUrl: link.url,
          facts,
          imageUrls,
          videoUrl: req.videoUrl,
          aspectRatio,
          language,
          echo: { aspect_ratio: req.aspectRatio ?? null, language: req.language ?? null },
          referenceSeconds,
          seed: seedFor(`${link.id}|${req.videoUrl}|${aspectRatio}|${language ?? ''}`),
        },
        result: adCloneKind.resultPatch({ outputKey: null, thumbnailKey: null }),
        job: 'make',
        step: 'make',
        // The clone follows the reference's length (a voiceover may run a little longer).
        estimate: { durationSeconds: referenceSeconds + 1 },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  private async checkReference(url: string): Promise<CheckedMedia> {
    let media: CheckedMedia;
    try {
      media = await this.media.check(url, ['video']);
    } catch (err) {
      const problem = mediaProblemOf(err);
      if (problem === null) throw err;
      throw ValidationError.field('video_url', problem);
    }
    if (!media.contentType.startsWith('video/'))
      throw ValidationError.field('video_url', `Expected a video but the file is ${describeMediaType(media.contentType)}`);
    if ((media.durationSeconds ?? 0) > MAX_REFERENCE_SECONDS + 0.05) {
      throw ValidationError.field(
        'video_url',
        `The reference lasts ${(media.durationSeconds ?? 0).toFixed(1)} s; ad clone takes references of at most ${MAX_REFERENCE_SECONDS} s.`,
      );
    }
    return media;
  }

  /** The link's pictures that fetch and decode as images, in order. */
  private async usableImages(urls: readonly string[]): Promise<string[]> {
    const ok = await Promise.all(
      urls.map(async (url) => {
        try {
          const m = await this.media.check(url, ['image']);
          return m.contentType.startsWith('image/');
        } catch (err) {
          if (mediaProblemOf(err) === null) throw err;
          return false;
        }
      }),
    );
    return urls.filter((_, i) => ok[i]);
  }
}
