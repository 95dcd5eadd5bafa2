import { randomInt } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { chargeNow } from '../credits/credit-service.js';
import { FetchRefused, InsufficientCredits, ValidationError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { factsFrom, type LinkFacts, type PageScraper } from '../links/link-facts.js';
import { storedLinkFacts } from '../links/link-facts-schema.js';
import type { ListQuery, Store } from '../../core/store.js';
import type { TaskService } from '../tasks/task-service.js';
import type { Task } from '../../core/task.js';
import { aiScriptKind, type WrittenScript } from './ai-script-kind.js';

export type { WrittenScript };

export const AI_SCRIPT_KIND = aiScriptKind.kind;
export const MAX_SCRIPT_STYLES = 5;
export const AI_SCRIPT_VIDEO_LENGTHS = [15, 30, 45, 60] as const;
export const DEFAULT_AI_SCRIPT_VIDEO_LENGTH = 30;

/** The copywriter as this service sees it (`app/` wires pipelines/text behind it). */
export interface Copywriter {
  languages: readonly string[];
  /** The canonical name of a style (any case), or null. */
  styleName(name: string): string | null;
  styleNames(): readonly string[];
  defaultStyles(seed: number): string[];
  /** The language code it writes for a request code (es-MX → es), or null. */
  language(code: string): string | null;
  /** Features it reads from the facts, for the `product` echo. */
  features(facts: LinkFacts): string[];
  write(req: {
    facts: LinkFacts;
    audience: string | null;
    platform: string | null;
    style: string;
    videoLengthSeconds: number;
    language: string;
    seed: number;
  }): WrittenScript | Promise<WrittenScript>;
}

export interface AiScriptRequest {
  url?: string | null;
  /** A Link id given as `link_id`/`link` (also accepted in `url`). */
  linkId?: string | null;
  title?: string | null;
  description?: string | null;
  language?: string | null;
  targetAudience?: string | null;
  platform?: string | null;
  videoLength?: number | null;
  scriptStyles?: string[] | null;
  seed?: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * AI Scripts: several ad scripts for a product, written at once and answered done (1 credit).
 * The product comes from a Link (by id), a page (fetched now, no Link saved), or a title and
 * description; given title/description override what the page says.
 */
export class AiScriptService {
  constructor(
    private readonly store: Store,
    private readonly tasks: TaskService,
    private readonly scrape: PageScraper,
    private readonly copywriter: Copywriter,
    private readonly clock: Clock,
  ) {}

  async create(accountId: string, req: AiScriptRequest): Promise<Task> {
    const options = this.validate(req);
    const seed = req.seed ?? randomInt(0, 2 ** 31);
    const styles = options.styles ?? this.copywriter.defaultStyles(seed);
    const requested = {
      url: req.url?.trim() || null,
      linkId: req.linkId?.trim() || null,
      title: req.title ?? null,
      description: req.description ?? null,
      language: options.language,
      targetAudience: req.targetAudience ?? null,
      platform: req.platform ?? null,
      videoLength: options.videoLength,
      scriptStyles: styles,
      seed,
    };
    // Checked before the page is fetched, so an account that cannot pay does not make the service scrape.
    const price = aiScriptKind.price('write', requested, null);
    const account = await this.store.accounts.get(accountId);
    const available = account?.balanceMillicredits ?? 0;
    if (available < price) throw new InsufficientCredits(price, available);

    const { facts, url, linkId } = await this.facts(accountId, req);
    // One after another: a local model writes one script at a time anyway.
    const scripts: WrittenScript[] = [];
    for (const style of styles) {
      const written = await this.copywriter.write({
        facts,
        audience: req.targetAudience?.trim() || null,
        platform: req.platform?.trim() || null,
        style,
        videoLengthSeconds: options.videoLength,
        language: options.language,
        seed,
      });
      scripts.push(written);
    }

    const at = this.clock.nowIso();
    // Where the product came from, as resolved (a Link id given in `url` is stored as the Link).
    const input = { ...requested, url, linkId };
    const task: Task = {
      id: newId(),
      accountId,
      kind: aiScriptKind.kind,
      status: 'done',
      progress: 100,
      failedReason: null,
      input,
      result: aiScriptKind.resultPatch({
        product: {
          title: facts.title,
          description: facts.description,
          features: this.copywriter.features(facts),
          price: facts.price,
          reviews: facts.reviews,
          imageUrls: facts.imageUrls,
          videoUrls: facts.videoUrls,
          brand: facts.brand,
          industry: facts.aiIndustry,
          targetAudiences: req.targetAudience?.trim() ? [req.targetAudience.trim()] : facts.aiTargetAudiences,
        },
        scripts,
      }),
      heldMillicredits: 0,
      chargedMillicredits: price,
      webhookUrl: null,
      createdAt: at,
      updatedAt: at,
      finishedAt: at,
    };
    await this.store.transaction(async (tx) => {
      await chargeNow(tx, accountId, task.id, price, at, `ai_script ${task.id}`);
      await tx.tasks.insert(task);
    });
    return task;
  }

  get(accountId: string, id: string): Promise<Task> {
    return this.tasks.get(accountId, id, [AI_SCRIPT_KIND], 'AiScript');
  }

  list(accountId: string, q: ListQuery): Promise<Task[]> {
    return this.tasks.list(accountId, [AI_SCRIPT_KIND], q);
  }

  private validate(req: AiScriptRequest): { language: string; videoLength: number; styles: string[] | null } {
    const language = this.copywriter.language(req.language?.trim() || 'en');
    if (!language) throw ValidationError.field('language', `Unsupported language "${req.language}". Supported: ${this.copywriter.languages.join(', ')}.`);
    const videoLength = req.videoLength ?? DEFAULT_AI_SCRIPT_VIDEO_LENGTH;
    if (!(AI_SCRIPT_VIDEO_LENGTHS as readonly number[]).includes(videoLength)) {
      throw ValidationError.field('video_length', `"${videoLength}" is not a valid choice. Allowed: ${AI_SCRIPT_VIDEO_LENGTHS.join(', ')}.`);
    }
    let styles: string[] | null = null;
    if (req.scriptStyles?.length) {
      if (req.scriptStyles.length > MAX_SCRIPT_STYLES)
        throw ValidationError.field('script_styles', `Ensure this field has no more than ${MAX_SCRIPT_STYLES} elements.`);
      styles = [];
      for (const raw of req.scriptStyles) {
        const name = this.copywriter.styleName(raw);
        if (!name) throw ValidationError.field('script_styles', `"${raw}" is not a valid choice. Allowed: ${this.copywriter.styleNames().join(', ')}.`);
        if (!styles.includes(name)) styles.push(name);
      }
    }
    const url = req.url?.trim();
    const hasText = Boolean(req.title?.trim()) && Boolean(req.description?.trim());
    if (!url && !req.linkId?.trim() && !hasText) {
      if (req.title?.trim()) throw ValidationError.field('description', 'This field is required when no url is given.');
      if (req.description?.trim()) throw ValidationError.field('title', 'This field is required when no url is given.');
      throw ValidationError.general('Give a url (a product page or a Link id), or a title and a description.');
    }
    if (url && !UUID.test(url) && !/^https?:\/\/\S+$/i.test(url)) throw ValidationError.field('url', 'Enter a valid URL or a Link id.');
    return { language, videoLength, styles };
  }

  /** The facts to write from, and where they came from. */
  private async facts(accountId: string, req: AiScriptRequest): Promise<{ facts: LinkFacts; url: string | null; linkId: string | null }> {
    const overrides = (facts: LinkFacts): LinkFacts => ({
      ...facts,
      title: req.title?.trim() || facts.title,
      description: req.description?.trim() || facts.description,
    });
    const url = req.url?.trim() || null;
    const linkRef = req.linkId?.trim() || (url && UUID.test(url) ? url : null);
    if (linkRef) {
      const link = await this.store.links.getOwned(linkRef, accountId);
      if (!link) throw ValidationError.field(req.linkId?.trim() ? 'link_id' : 'url', `No Link matches "${linkRef}". Create one with POST /api/links/.`);
      return { facts: overrides(storedLinkFacts(link.facts)), url: link.url, linkId: link.id };
    }
    if (url) {
      try {
        const page = await this.scrape(url);
        const facts = overrides(factsFrom(page, newId()));
        if (!facts.title.trim() && !facts.description.trim())
          throw ValidationError.field('url', 'Failed to scrape url: the page has no title or description to write from.');
        return { facts, url, linkId: null };
      } catch (err) {
        if (err instanceof FetchRefused)
          throw ValidationError.field('url', err.message.startsWith('Failed to scrape url') ? err.message : `Failed to scrape url: ${err.message}`);
        throw err;
      }
    }
    const facts = factsFrom(
      { title: req.title!.trim(), description: req.description!.trim(), imageUrls: [], videoUrls: [], logoUrl: null, price: null, reviews: null },
      newId(),
    );
    return { facts, url: null, linkId: null };
  }
}
