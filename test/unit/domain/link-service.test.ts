import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FetchRefused, InsufficientCredits, NotFound, ValidationError } from '../../../src/core/errors.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { fakePageScraper } from '../../../src/domain/links/fake-page-scraper.js';
import { LinkService } from '../../../src/domain/links/link-service.js';
import { credits, domainHarness, rejectionOf, START_MS, type DomainHarness } from './harness.js';

const PAGE = 'https://shop.test/serum';
const IMG1 = 'https://cdn.test/1.jpg';
const IMG2 = 'https://cdn.test/2.jpg';
const VID = 'https://cdn.test/demo.mp4';
const LOGO = 'https://cdn.test/logo.png';
const SONG = 'https://cdn.test/song.mp3';

describe('LinkService (product links)', () => {
  let h: DomainHarness;
  let media: FakeMediaUrlChecker;
  let scraper: ReturnType<typeof fakePageScraper>;
  let service: LinkService;

  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    media = new FakeMediaUrlChecker({
      [IMG1]: fakeMedia.image(),
      [IMG2]: fakeMedia.image(),
      [VID]: fakeMedia.video(12),
      [LOGO]: fakeMedia.image(),
      [SONG]: fakeMedia.audio(30),
    });
    scraper = fakePageScraper({
      [PAGE]: {
        title: 'Glow Serum',
        description: 'A light serum for dry skin. Absorbs fast. Smells of nothing.',
        imageUrls: [IMG1],
        videoUrls: [],
        price: { amount: 19.9, currency: 'EUR' },
        brand: 'Glow',
      },
      'https://shop.test/empty': { title: 'Nothing to see', description: 'No pictures here.' },
      'https://shop.test/blocked': new FetchRefused('private addresses are not allowed'),
      'https://shop.test/prefixed': new FetchRefused('Failed to scrape url: the page is not HTML'),
      'https://shop.test/broken': new Error('parser crashed'),
    });
    service = new LinkService(h.store, scraper, h.clock, media);
  });

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  describe('from a URL', () => {
    it('reads the page into facts, charges 1 credit at once and saves the link', async () => {
      const account = await h.account(5);
      const link = await service.createFromUrl(account, PAGE);
      expect(link).toMatchObject({ accountId: account, url: PAGE, chargedMillicredits: credits(1), createdAt: new Date(START_MS).toISOString() });
      expect(link.facts).toMatchObject({
        title: 'Glow Serum',
        imageUrls: [IMG1],
        videoUrls: [],
        brand: 'Glow',
        price: { amount: 19.9, currency: 'EUR' },
        aiSummary: 'A light serum for dry skin. Absorbs fast.',
        aiIndustry: 'Beauty & Personal Care',
      });
      expect(await h.store.links.getOwned(link.id, account)).toEqual(link);
      expect(await h.footprint(account)).toMatchObject({ balanceMillicredits: credits(4), links: 1, tasks: 0 });
      const [, charge] = await h.store.ledger.listForAccount(account);
      expect(charge).toMatchObject({ amountMillicredits: -credits(1), taskId: link.id });
      // A scraped page's pictures are not probed: only what a client gives is.
      expect(media.checks).toEqual([]);
    });

    it('answers 402 before reading the page when the account cannot pay', async () => {
      const account = await h.account(0);
      const err = await rejectionOf(service.createFromUrl(account, PAGE));
      expect(err).toBeInstanceOf(InsufficientCredits);
      expect(scraper.scraped).toEqual([]);
      expect(await h.footprint(account)).toMatchObject({ links: 0, ledgerEntries: 0, balanceMillicredits: 0 });
    });

    it('turns a refused fetch and a page without media into a general 400, charging nothing', async () => {
      const account = await h.account(5);
      expect(await fieldsOf(service.createFromUrl(account, 'https://shop.test/blocked'))).toEqual({
        non_field_errors: ['Failed to scrape url: private addresses are not allowed'],
      });
      expect(await fieldsOf(service.createFromUrl(account, 'https://shop.test/prefixed'))).toEqual({
        non_field_errors: ['Failed to scrape url: the page is not HTML'],
      });
      expect(await fieldsOf(service.createFromUrl(account, 'https://shop.test/empty'))).toEqual({
        non_field_errors: ['Link must have at least one image or one video.'],
      });
      await expect(service.createFromUrl(account, 'https://shop.test/broken')).rejects.toThrow('parser crashed');
      expect(await h.footprint(account)).toMatchObject({ links: 0, balanceMillicredits: credits(5) });
    });
  });

  describe('from parameters', () => {
    it('probes every given picture, video and logo, and saves a link without a URL', async () => {
      const account = await h.account(5);
      const link = await service.createFromParams(account, {
        title: 'Lamp',
        description: 'A desk lamp.',
        imageUrls: [IMG1, IMG2],
        videoUrls: [VID],
        logoUrl: LOGO,
      });
      expect(link.url).toBeNull();
      expect(link.facts).toMatchObject({ title: 'Lamp', imageUrls: [IMG1, IMG2], videoUrls: [VID], logoUrl: LOGO, aiIndustry: 'Home Improvement' });
      expect(media.checks).toEqual([
        { url: IMG1, accept: ['image'] },
        { url: IMG2, accept: ['image'] },
        { url: VID, accept: ['video'] },
        { url: LOGO, accept: ['image'] },
      ]);
      expect(await h.balance(account)).toBe(credits(4));
    });

    it('maps each unusable URL to its indexed field, and saves nothing', async () => {
      const account = await h.account(5);
      const fields = await fieldsOf(service.createFromParams(account, { imageUrls: [IMG1, SONG], videoUrls: [IMG2], logoUrl: 'https://cdn.test/none.png' }));
      expect(fields).toEqual({
        'image_urls.1': ['Expected an image but the file is audio (MP3)'],
        'video_urls.0': ['Expected a video but the file is a picture (PNG)'],
        logo_url: ['Server answered 404 Not Found'],
      });
      expect(await h.footprint(account)).toMatchObject({ links: 0, balanceMillicredits: credits(5) });
    });

    it('needs a picture or a video (before anything else), then 402 before any fetch', async () => {
      const account = await h.account(0);
      expect(await fieldsOf(service.createFromParams(account, { imageUrls: [], videoUrls: [] }))).toEqual({
        non_field_errors: ['Link must have at least one image or one video.'],
      });
      await expect(service.createFromParams(account, { imageUrls: [IMG1], videoUrls: [] })).rejects.toBeInstanceOf(InsufficientCredits);
      expect(media.checks).toEqual([]);
      expect(await h.footprint(account)).toMatchObject({ links: 0, ledgerEntries: 0 });
    });
  });

  describe('update', () => {
    it('merges the edit, probes only the URLs the link did not have, and keeps the charge', async () => {
      const account = await h.account(5);
      const link = await service.createFromUrl(account, PAGE);
      h.clock.advance(60_000);
      const updated = await service.update(account, link.id, {
        title: 'Glow Serum 2',
        imageUrls: [IMG1, IMG2],
        logoUrl: LOGO,
        url: 'https://shop.test/serum-2',
      });
      expect(updated.facts).toMatchObject({
        title: 'Glow Serum 2',
        description: 'A light serum for dry skin. Absorbs fast. Smells of nothing.',
        imageUrls: [IMG1, IMG2],
        logoUrl: LOGO,
        brand: 'Glow',
      });
      expect(updated).toMatchObject({ url: 'https://shop.test/serum-2', updatedAt: new Date(h.clock.nowMs()).toISOString(), createdAt: link.createdAt });
      expect(media.checks).toEqual([
        { url: IMG2, accept: ['image'] },
        { url: LOGO, accept: ['image'] },
      ]);
      expect(await h.store.links.getOwned(link.id, account)).toMatchObject({ url: 'https://shop.test/serum-2', facts: updated.facts });
      expect(await h.balance(account)).toBe(credits(4));
    });

    it('classes the industry again when the name or the description changes (and only then)', async () => {
      const account = await h.account(5);
      const link = await service.createFromParams(account, { title: 'Flask', description: 'Keeps drinks cold.', imageUrls: [IMG1], videoUrls: [] });
      expect(link.facts).toMatchObject({ aiIndustry: 'Sports & Outdoors' });
      const renamed = await service.update(account, link.id, { title: 'Cold Brew Coffee Concentrate', description: 'Makes 16 iced coffees.' });
      expect(renamed.facts).toMatchObject({ aiIndustry: 'Food & Beverage', aiTargetAudiences: ['foodies', 'health-conscious eaters', 'busy families'] });
      const pictures = await service.update(account, link.id, { imageUrls: [IMG1, IMG2] });
      expect(pictures.facts).toMatchObject({ aiIndustry: 'Food & Beverage' });
    });

    it('refuses an edit that leaves no media or adds an unusable one, changing nothing', async () => {
      const account = await h.account(5);
      const link = await service.createFromUrl(account, PAGE);
      expect(await fieldsOf(service.update(account, link.id, { imageUrls: [] }))).toEqual({
        non_field_errors: ['Link must have at least one image or one video.'],
      });
      expect(await fieldsOf(service.update(account, link.id, { videoUrls: [SONG] }))).toEqual({
        'video_urls.0': ['Expected a video but the file is audio (MP3)'],
      });
      expect((await h.store.links.getOwned(link.id, account))?.facts).toEqual(link.facts);
    });

    it("answers 404 for another account's link (get, update) and lists only the account's own", async () => {
      const owner = await h.account(5);
      const other = await h.account(5);
      const link = await service.createFromUrl(owner, PAGE);
      const err = await rejectionOf(service.get(other, link.id));
      expect(err).toBeInstanceOf(NotFound);
      expect((err as Error).message).toBe('No Link matches the given query.');
      await expect(service.update(other, link.id, { title: 'mine now' })).rejects.toBeInstanceOf(NotFound);
      expect((await service.list(owner, {})).map((l) => l.id)).toEqual([link.id]);
      expect(await service.list(other, {})).toEqual([]);
    });
  });
});
