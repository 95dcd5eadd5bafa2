import type { Clock } from '../../core/clock.js';
import { chargeNow } from '../credits/credit-service.js';
import { prices } from '../credits/prices.js';
import { FetchRefused, InsufficientCredits, NotFound, ValidationError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { LinkRecord, ListQuery, Store } from '../../core/store.js';
import { checkMediaFields, type MediaFieldCheck, type MediaUrlChecker } from '../media-check.js';
import { factsFrom, reclassified, type LinkFacts, type PageScraper, type ScrapedPage } from './link-facts.js';
import { linkFactsRecord, storedLinkFacts } from './link-facts-schema.js';

export interface LinkEdit {
  url?: string;
  title?: string;
  description?: string;
  imageUrls?: string[];
  videoUrls?: string[];
  reviews?: unknown;
  logoUrl?: string | null;
  aiSummary?: string;
}

const NO_MEDIA = 'Link must have at least one image or one video.';

export class LinkService {
  constructor(
    private readonly store: Store,
    private readonly scrape: PageScraper,
    private readonly clock: Clock,
    /** Probes the pictures, videos and logo a client gives (not scraped ones) before they are saved. */
    private readonly media: MediaUrlChecker | null = null,
  ) {}

  /** Fetches and reads the page, then charges 1 credit and saves it, in that order. */
  async createFromUrl(accountId: string, url: string): Promise<LinkRecord> {
    await this.assertCanPay(accountId, prices.link());
    let page: ScrapedPage;
    try {
      page = await this.scrape(url);
    } catch (err) {
      if (err instanceof FetchRefused) {
        const message = err.message.startsWith('Failed to scrape url') ? err.message : `Failed to scrape url: ${err.message}`;
        throw ValidationError.general(message);
      }
      throw err;
    }
    if (page.imageUrls.length === 0 && page.videoUrls.length === 0) throw ValidationError.general(NO_MEDIA);
    return this.save(accountId, url, factsFrom(page, newId()));
  }

  async createFromParams(accountId: string, p: Required<Pick<LinkEdit, 'imageUrls' | 'videoUrls'>> & LinkEdit): Promise<LinkRecord> {
    if (p.imageUrls.length === 0 && p.videoUrls.length === 0) throw ValidationError.general(NO_MEDIA);
    // Checked before the fetches so an account that cannot pay does not make the service download.
    await this.assertCanPay(accountId, prices.link());
    await this.checkMedia(p, null);
    const page: ScrapedPage = {
      title: p.title ?? '',
      description: p.description ?? '',
      imageUrls: p.imageUrls,
      videoUrls: p.videoUrls,
      logoUrl: p.logoUrl ?? null,
      price: null,
      reviews: p.reviews ?? null,
    };
    return this.save(accountId, null, factsFrom(page, newId()));
  }

  async update(accountId: string, id: string, edit: LinkEdit): Promise<LinkRecord> {
    const link = await this.get(accountId, id);
    const old = storedLinkFacts(link.facts);
    const facts: LinkFacts = {
      ...old,
      title: edit.title ?? old.title,
      description: edit.description ?? old.description,
      imageUrls: edit.imageUrls ?? old.imageUrls,
      videoUrls: edit.videoUrls ?? old.videoUrls,
      reviews: edit.reviews !== undefined ? edit.reviews : old.reviews,
      logoUrl: edit.logoUrl !== undefined ? edit.logoUrl : old.logoUrl,
      aiSummary: edit.aiSummary ?? old.aiSummary,
    };
    // A corrected name or description is a better signal than the one the industry was read from.
    const renamed = (edit.title !== undefined && edit.title !== old.title) || (edit.description !== undefined && edit.description !== old.description);
    if (renamed) Object.assign(facts, reclassified(facts));
    if (facts.imageUrls.length === 0 && facts.videoUrls.length === 0) throw ValidationError.general(NO_MEDIA);
    await this.checkMedia(edit, old);
    const at = this.clock.nowIso();
    const url = edit.url ?? link.url;
    await this.store.links.update(id, linkFactsRecord(facts), url, at);
    return { ...link, url, facts: linkFactsRecord(facts), updatedAt: at };
  }

  async get(accountId: string, id: string): Promise<LinkRecord> {
    const link = await this.store.links.getOwned(id, accountId);
    if (!link) throw new NotFound('Link');
    return link;
  }

  list(accountId: string, q: ListQuery): Promise<LinkRecord[]> {
    return this.store.links.list(accountId, q);
  }

  count(accountId: string, q: ListQuery): Promise<number> {
    return this.store.links.countMatching(accountId, q);
  }

  /**
   * Every picture, video and logo URL the client gives is fetched and probed (each once; on an
   * edit, only the ones the link did not have): an unusable one is a 400 on its field, e.g.
   * `image_urls.2`, so a video is never made from media that cannot be used.
   */
  private async checkMedia(edit: LinkEdit, before: LinkFacts | null): Promise<void> {
    if (!this.media) return;
    const known = new Set([...(before?.imageUrls ?? []), ...(before?.videoUrls ?? []), before?.logoUrl ?? '']);
    const checks: MediaFieldCheck[] = [];
    const add = (field: string, url: string | null | undefined, accept: MediaFieldCheck['accept']) => {
      if (url && !known.has(url)) checks.push({ field, url, accept });
    };
    edit.imageUrls?.forEach((url, i) => {
      add(`image_urls.${i}`, url, ['image']);
    });
    edit.videoUrls?.forEach((url, i) => {
      add(`video_urls.${i}`, url, ['video']);
    });
    add('logo_url', edit.logoUrl, ['image']);
    if (checks.length === 0) return;
    const problems = await checkMediaFields(this.media, checks);
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  }

  private async assertCanPay(accountId: string, millicredits: number): Promise<void> {
    const account = await this.store.accounts.get(accountId);
    const available = account?.balanceMillicredits ?? 0;
    if (available < millicredits) throw new InsufficientCredits(millicredits, available);
  }

  private async save(accountId: string, url: string | null, facts: LinkFacts): Promise<LinkRecord> {
    const at = this.clock.nowIso();
    const price = prices.link();
    const record: LinkRecord = { id: newId(), accountId, url, facts: linkFactsRecord(facts), chargedMillicredits: price, createdAt: at, updatedAt: at };
    await this.store.transaction(async (tx) => {
      await chargeNow(tx, accountId, record.id, price, at, `link ${record.id}`);
      await tx.links.insert(record);
    });
    return record;
  }
}
