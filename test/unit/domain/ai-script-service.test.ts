import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FetchRefused, InsufficientCredits, NotFound, ValidationError } from '../../../src/core/errors.js';
import { newId } from '../../../src/core/ids.js';
import { fakePageScraper } from '../../../src/domain/links/fake-page-scraper.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import type { LinkRecord } from '../../../src/core/store.js';
import { AI_SCRIPT_KIND, AiScriptService, type AiScriptRequest } from '../../../src/domain/text/ai-script-service.js';
import { FakeCopywriter } from '../../../src/domain/text/fake-copywriter.js';
import { credits, domainHarness, rejectionOf, START_MS, type DomainHarness } from './harness.js';

const PAGE = 'https://shop.test/mug';

describe('AiScriptService (AI Scripts, answered done at once)', () => {
  let h: DomainHarness;
  let scraper: ReturnType<typeof fakePageScraper>;
  let copywriter: FakeCopywriter;
  let service: AiScriptService;

  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    scraper = fakePageScraper({
      [PAGE]: {
        title: 'Travel Mug',
        description: 'Keeps coffee hot for 12 hours.',
        imageUrls: ['https://cdn.test/mug.jpg'],
        price: { amount: 25, currency: 'USD' },
      },
      'https://shop.test/blank': { title: '  ', description: '' },
      'https://shop.test/private': new FetchRefused('private addresses are not allowed'),
      'https://shop.test/crash': new Error('parser crashed'),
    });
    copywriter = new FakeCopywriter();
    service = new AiScriptService(h.store, h.tasks, scraper, copywriter, h.clock);
  });

  const text = (over: Partial<AiScriptRequest> = {}): AiScriptRequest => ({
    title: 'Desk Lamp',
    description: 'Bright and warm light for late work.',
    seed: 4,
    ...over,
  });

  async function linkOf(accountId: string): Promise<LinkRecord> {
    const facts = factsFrom(
      {
        title: 'Yoga Mat',
        description: 'Grippy mat for hot yoga.',
        imageUrls: ['https://cdn.test/mat.jpg'],
        videoUrls: [],
        logoUrl: null,
        price: null,
        reviews: null,
      },
      newId(),
    );
    const at = h.clock.nowIso();
    const record: LinkRecord = {
      id: newId(),
      accountId,
      url: 'https://shop.test/mat',
      facts: facts as unknown as Record<string, unknown>,
      chargedMillicredits: 0,
      createdAt: at,
      updatedAt: at,
    };
    await h.store.links.insert(record);
    return record;
  }

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  describe('validation, each on its field', () => {
    it('checks language, video length and script styles', async () => {
      const account = await h.account(5);
      expect(await fieldsOf(service.create(account, text({ language: 'ja' })))).toEqual({ language: ['Unsupported language "ja". Supported: en, es.'] });
      expect(await fieldsOf(service.create(account, text({ videoLength: 20 })))).toEqual({
        video_length: ['"20" is not a valid choice. Allowed: 15, 30, 45, 60.'],
      });
      expect(await fieldsOf(service.create(account, text({ scriptStyles: Array(6).fill('Hook') })))).toEqual({
        script_styles: ['Ensure this field has no more than 5 elements.'],
      });
      expect(await fieldsOf(service.create(account, text({ scriptStyles: ['Hook', 'Sonnet'] })))).toEqual({
        script_styles: ['"Sonnet" is not a valid choice. Allowed: Hook, Story, Review.'],
      });
    });

    it('needs a url, a Link id, or a title with a description', async () => {
      const account = await h.account(5);
      expect(await fieldsOf(service.create(account, {}))).toEqual({
        non_field_errors: ['Give a url (a product page or a Link id), or a title and a description.'],
      });
      expect(await fieldsOf(service.create(account, { title: 'Lamp' }))).toEqual({ description: ['This field is required when no url is given.'] });
      expect(await fieldsOf(service.create(account, { description: 'A lamp.' }))).toEqual({ title: ['This field is required when no url is given.'] });
      expect(await fieldsOf(service.create(account, { url: 'shop.test/mug' }))).toEqual({ url: ['Enter a valid URL or a Link id.'] });
      expect(scraper.scraped).toEqual([]);
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, balanceMillicredits: credits(5) });
    });

    it('answers 402 before reading the page when the account cannot pay 1 credit', async () => {
      const account = await h.account(0);
      const before = await h.footprint(account);
      const err = await rejectionOf(service.create(account, { url: PAGE }));
      expect(err).toBeInstanceOf(InsufficientCredits);
      expect((err as Error).message).toBe('Insufficient credits: this operation needs 1 credits and 0 are available.');
      expect(scraper.scraped).toEqual([]);
      expect(copywriter.written).toEqual([]);
      expect(await h.footprint(account)).toEqual(before);
    });
  });

  describe('where the product comes from', () => {
    it('reads a page, letting a given title override what it says', async () => {
      const account = await h.account(5);
      const task = await service.create(account, { url: PAGE, title: 'Mug Pro', seed: 2 });
      expect(scraper.scraped).toEqual([PAGE]);
      expect(task.input).toMatchObject({ url: PAGE, linkId: null, title: 'Mug Pro', description: null });
      expect(task.result.product).toMatchObject({
        title: 'Mug Pro',
        description: 'Keeps coffee hot for 12 hours.',
        price: { amount: 25, currency: 'USD' },
        imageUrls: ['https://cdn.test/mug.jpg'],
        industry: 'Household Products',
      });
    });

    it('maps a page that cannot be read to url; a fault of ours passes through', async () => {
      const account = await h.account(5);
      expect(await fieldsOf(service.create(account, { url: 'https://shop.test/private' }))).toEqual({
        url: ['Failed to scrape url: private addresses are not allowed'],
      });
      expect(await fieldsOf(service.create(account, { url: 'https://shop.test/blank' }))).toEqual({
        url: ['Failed to scrape url: the page has no title or description to write from.'],
      });
      await expect(service.create(account, { url: 'https://shop.test/crash' })).rejects.toThrow('parser crashed');
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, balanceMillicredits: credits(5) });
    });

    it("takes the account's own Link by link_id or by id in url, and names the field it came in", async () => {
      const owner = await h.account(5);
      const other = await h.account(5);
      const link = await linkOf(owner);
      const byId = await service.create(owner, { linkId: link.id, seed: 1 });
      expect(byId.input).toMatchObject({ url: 'https://shop.test/mat', linkId: link.id });
      expect(byId.result.product).toMatchObject({ title: 'Yoga Mat', industry: 'Sports & Outdoors' });
      expect((await service.create(owner, { url: link.id, seed: 1 })).input.linkId).toBe(link.id);
      expect(scraper.scraped).toEqual([]);
      expect(await fieldsOf(service.create(other, { linkId: link.id }))).toEqual({
        link_id: [`No Link matches "${link.id}". Create one with POST /api/links/.`],
      });
      expect(Object.keys(await fieldsOf(service.create(other, { url: link.id })))).toEqual(['url']);
    });
  });

  describe('the task: done at once, 1 credit charged, the request frozen', () => {
    it('writes one script per style with the same seed and options, and charges 1 credit now', async () => {
      const account = await h.account(5);
      const task = await service.create(
        account,
        text({ language: 'es-MX', videoLength: 45, scriptStyles: ['story', 'HOOK', 'Story'], targetAudience: ' night owls ', platform: 'tiktok ' }),
      );
      const at = new Date(START_MS).toISOString();
      expect(task).toMatchObject({
        kind: AI_SCRIPT_KIND,
        status: 'done',
        progress: 100,
        heldMillicredits: 0,
        chargedMillicredits: credits(1),
        finishedAt: at,
        createdAt: at,
      });
      expect(task.input).toEqual({
        url: null,
        linkId: null,
        title: 'Desk Lamp',
        description: 'Bright and warm light for late work.',
        language: 'es',
        targetAudience: ' night owls ',
        platform: 'tiktok ',
        videoLength: 45,
        scriptStyles: ['Story', 'Hook'],
        seed: 4,
      });
      expect(copywriter.written.map((w) => [w.style, w.language, w.videoLengthSeconds, w.seed, w.audience, w.platform])).toEqual([
        ['Story', 'es', 45, 4, 'night owls', 'tiktok'],
        ['Hook', 'es', 45, 4, 'night owls', 'tiktok'],
      ]);
      expect(task.result).toEqual({
        product: {
          title: 'Desk Lamp',
          description: 'Bright and warm light for late work.',
          features: ['feature of Desk Lamp'],
          price: null,
          reviews: null,
          imageUrls: [],
          videoUrls: [],
          brand: null,
          industry: 'Home Improvement',
          targetAudiences: ['night owls'],
        },
        scripts: [
          {
            title: 'Story: Desk Lamp',
            style: 'Story',
            styleName: 'Story',
            text: 'Story es 45s seed 4 for night owls on tiktok: Desk Lamp',
            wordCount: 12,
            estimatedSeconds: 45,
          },
          {
            title: 'Hook: Desk Lamp',
            style: 'Hook',
            styleName: 'Hook',
            text: 'Hook es 45s seed 4 for night owls on tiktok: Desk Lamp',
            wordCount: 12,
            estimatedSeconds: 45,
          },
        ],
      });
      expect(await h.store.tasks.get(task.id)).toEqual(task);
      expect(await h.footprint(account)).toMatchObject({ balanceMillicredits: credits(4), tasks: 1, jobs: 0 });
      const ledger = await h.store.ledger.listForTask(task.id);
      expect(ledger.map((e) => e.amountMillicredits)).toEqual([-credits(1)]);
    });

    it("defaults to 30 s in English with the copywriter's styles for the seed, and the facts' audiences", async () => {
      const account = await h.account(5);
      const task = await service.create(account, text({ seed: 7 }));
      expect(task.input).toMatchObject({ language: 'en', videoLength: 30, scriptStyles: ['Story', 'Review'], seed: 7 });
      expect((task.result.product as { targetAudiences: string[] }).targetAudiences).toEqual(['homeowners', 'renters decorating', 'DIY fans']);
      const unseeded = await service.create(account, text({ seed: null }));
      expect(unseeded.input.seed).toEqual(expect.any(Number));
      expect(copywriter.written.at(-1)?.seed).toBe(unseeded.input.seed);
    });
  });

  it("gets and lists only the account's own scripts", async () => {
    const owner = await h.account(5);
    const other = await h.account(5);
    const task = await service.create(owner, text());
    expect((await service.get(owner, task.id)).result).toEqual(task.result);
    const err = await rejectionOf(service.get(other, task.id));
    expect(err).toBeInstanceOf(NotFound);
    expect((err as Error).message).toBe('No AiScript matches the given query.');
    expect((await service.list(owner, {})).map((t) => t.id)).toEqual([task.id]);
    expect(await service.list(other, {})).toEqual([]);
  });
});
