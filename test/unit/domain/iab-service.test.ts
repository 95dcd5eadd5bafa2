import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientCredits, ValidationError } from '../../../src/core/errors.js';
import { newId } from '../../../src/core/ids.js';
import type { LinkRecord } from '../../../src/core/store.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { iabKind } from '../../../src/domain/iab-images/iab-kind.js';
import { IAB_JOB, IAB_KIND, IabImagesService } from '../../../src/domain/iab-images/iab-service.js';
import { fakePageScraper } from '../../../src/domain/links/fake-page-scraper.js';
import { factsFrom, type ScrapedPage } from '../../../src/domain/links/link-facts.js';
import { LinkService } from '../../../src/domain/links/link-service.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PHOTO = 'https://media.test/bottle.webp';
const GIF = 'https://media.test/anim.gif';
const VOICE = 'https://media.test/voice.mp3';
const LOGO = 'https://media.test/logo.png';

describe('IabImagesService', () => {
  let h: DomainHarness;
  let service: IabImagesService;
  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    service = new IabImagesService(
      h.tasks,
      new FakeMediaUrlChecker({
        [PHOTO]: fakeMedia.image('image/webp'),
        [GIF]: fakeMedia.image('image/gif'),
        [VOICE]: fakeMedia.audio(3),
        [LOGO]: fakeMedia.image(),
      }),
      new LinkService(h.store, fakePageScraper(), h.clock),
    );
  });

  it('holds 2 credits per request and freezes the picture URL', async () => {
    const account = await h.account(5);
    const task = await service.create(account, { imageUrl: PHOTO, webhookUrl: null });
    expect(task).toMatchObject({ kind: IAB_KIND, status: 'pending', input: { imageUrl: PHOTO } });
    expect(iabKind.price('make', { imageUrl: PHOTO, copy: null }, {})).toBe(credits(2));
    expect((await h.jobsOf(task.id)).map((j) => j.name)).toEqual([IAB_JOB]);
    expect(await h.balance(account)).toBe(credits(3));
  });

  it('refuses audio, a GIF and an unreachable URL on image, and 402 without 2 credits, creating nothing', async () => {
    const account = await h.account(5);
    for (const [url, message] of [
      [VOICE, 'Expected an image but the file is audio (MP3)'],
      [GIF, 'Expected a PNG, JPEG or WebP picture but the file is a picture (GIF)'],
      ['https://media.test/gone.png', 'Server answered 404 Not Found'],
    ] as const) {
      const err = await rejectionOf(service.create(account, { imageUrl: url }));
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fields).toEqual({ image: [message] });
    }
    expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(5) });
    const poor = await h.account(1);
    expect(await rejectionOf(service.create(poor, { imageUrl: PHOTO }))).toBeInstanceOf(InsufficientCredits);
    expect(await h.footprint(poor)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(1) });
  });

  async function linkOf(accountId: string, page: Partial<ScrapedPage>): Promise<LinkRecord> {
    const facts = factsFrom({ title: '', description: '', imageUrls: [], videoUrls: [], logoUrl: null, price: null, reviews: null, ...page }, newId());
    const at = h.clock.nowIso();
    const record: LinkRecord = {
      id: newId(),
      accountId,
      url: 'https://shop.test/flask',
      facts: { ...facts },
      chargedMillicredits: 0,
      createdAt: at,
      updatedAt: at,
    };
    await h.store.links.insert(record);
    return record;
  }

  it("freezes a link's name, price, usable logo and call to action; its first picture stands in for image", async () => {
    const account = await h.account(10);
    const link = await linkOf(account, {
      title: '  Northpeak   TrailFlask 32 oz ',
      imageUrls: [PHOTO],
      logoUrl: LOGO,
      price: { amount: 34.95, currency: 'USD' },
    });
    const task = await service.create(account, { link: link.id });
    expect(task.input).toEqual({
      imageUrl: PHOTO,
      copy: { linkId: link.id, headline: 'Northpeak TrailFlask 32 oz', price: { amount: 34.95, currency: 'USD' }, logoUrl: LOGO, cta: 'Shop now' },
    });
    // A logo that cannot be fetched is left off, not a refusal; the button takes the words given.
    const gone = await linkOf(account, { title: 'Flask', imageUrls: [PHOTO], logoUrl: 'https://media.test/missing.png' });
    const second = await service.create(account, { link: gone.id, imageUrl: PHOTO, callToAction: 'Get yours' });
    expect(second.input).toMatchObject({ copy: { logoUrl: null, price: null, cta: 'Get yours' } });
  });

  it('refuses an unknown link, a link without a picture and no image, and a call to action without a link', async () => {
    const account = await h.account(10);
    const fields = async (p: Promise<unknown>) => ((await rejectionOf(p)) as ValidationError).fields;
    expect(await fields(service.create(account, { link: 'nope' }))).toEqual({ link: ['Invalid link ID'] });
    const bare = await linkOf(account, { title: 'Video only', videoUrls: ['https://media.test/v.mp4'] });
    expect(await fields(service.create(account, { link: bare.id }))).toEqual({ image: ['This link has no picture; send `image` with the product photo.'] });
    expect(await fields(service.create(account, {}))).toEqual({ image: ['This field is required.'] });
    expect(await fields(service.create(account, { imageUrl: PHOTO, callToAction: 'Buy' }))).toEqual({
      call_to_action: ['A call to action is drawn with a link; send `link` too.'],
    });
    expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0 });
  });
});
