import { ValidationError } from '../../core/errors.js';
import type { Task } from '../../core/task.js';
import { storedLinkFacts } from '../links/link-facts-schema.js';
import type { LinkFacts } from '../links/link-facts.js';
import type { LinkService } from '../links/link-service.js';
import { asFieldError, mediaProblemOf, type MediaUrlChecker } from '../media-check.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { iabKind, type IabCopy } from './iab-kind.js';
import { describeMediaType } from '../../core/media-words.js';

export const IAB_KIND = iabKind.kind;
export const IAB_JOB = iabKind.jobs.make;

/** The picture types the contract takes for `image`. */
export const IAB_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/webp'];

/** The button's words when a link is given and the request names none. */
export const DEFAULT_CALL_TO_ACTION = 'Shop now';
/** Longest call to action: a button on a 320×50 strip holds about this many characters. */
export const MAX_CALL_TO_ACTION = 24;

export interface IabRequest {
  /** The contract's `image`; with a link it may be left out (the link's first picture is used). */
  imageUrl?: string | null;
  /** A Link id (extension): its logo, name and price are drawn on the banners, with a button. */
  link?: string | null;
  /** The button's words (extension), with a link; "Shop now" by default. */
  callToAction?: string | null;
  webhookUrl?: string | null;
}

export class IabImagesService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly media: MediaUrlChecker,
    private readonly links: LinkService | null = null,
  ) {
    super(tasks, [IAB_KIND], 'IabImage');
  }

  /**
   * `image` is fetched and decoded before anything is held: an unusable one is a 400 on `image`.
   * A link is read at create and its words frozen into the task; its logo is checked the same way
   * (one that cannot be used is left off the banners rather than failing them).
   */
  async create(accountId: string, req: IabRequest): Promise<Task> {
    const facts = req.link ? await this.linkFacts(accountId, req.link) : null;
    if (!req.link && req.callToAction) throw ValidationError.field('call_to_action', 'A call to action is drawn with a link; send `link` too.');
    const imageUrl = req.imageUrl || facts?.imageUrls[0];
    if (!imageUrl) {
      throw ValidationError.field('image', req.link ? 'This link has no picture; send `image` with the product photo.' : 'This field is required.');
    }
    const checked = await asFieldError('image', () => this.media.check(imageUrl, ['image']));
    if (!IAB_IMAGE_TYPES.includes(checked.contentType)) {
      throw ValidationError.field('image', `Expected a PNG, JPEG or WebP picture but the file is ${describeMediaType(checked.contentType)}`);
    }
    const copy = facts && req.link ? await this.copyOf(req.link, facts, req.callToAction ?? null) : null;
    return this.tasks.create(
      iabKind.newTask({
        accountId,
        input: { imageUrl, copy },
        job: 'make',
        step: 'make',
        estimate: {},
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  private async linkFacts(accountId: string, id: string): Promise<LinkFacts> {
    if (!this.links) throw ValidationError.field('link', 'Invalid link ID');
    const link = await this.links.get(accountId, id).catch(() => {
      throw ValidationError.field('link', 'Invalid link ID');
    });
    return storedLinkFacts(link.facts);
  }

  private async copyOf(linkId: string, facts: LinkFacts, callToAction: string | null): Promise<IabCopy> {
    const cta = (callToAction ?? DEFAULT_CALL_TO_ACTION).trim();
    if (cta.length > MAX_CALL_TO_ACTION) {
      throw ValidationError.field('call_to_action', `Ensure this field has no more than ${MAX_CALL_TO_ACTION} characters.`);
    }
    return {
      linkId,
      headline: facts.title.trim().replace(/\s+/g, ' ') || null,
      price: facts.price && facts.price.amount > 0 ? facts.price : null,
      logoUrl: facts.logoUrl ? await this.usableLogo(facts.logoUrl) : null,
      cta: cta || DEFAULT_CALL_TO_ACTION,
    };
  }

  private async usableLogo(url: string): Promise<string | null> {
    try {
      const m = await this.media.check(url, ['image']);
      return m.contentType.startsWith('image/') ? url : null;
    } catch (err) {
      if (mediaProblemOf(err) === null) throw err;
      return null;
    }
  }
}
