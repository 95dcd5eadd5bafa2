import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientCredits, ValidationError } from '../../../src/core/errors.js';
import { newId } from '../../../src/core/ids.js';
import type { LinkRecord } from '../../../src/core/store.js';
import { adCloneKind, adClonePrice } from '../../../src/domain/ad-clone/ad-clone-kind.js';
import { AD_CLONE_JOB, AD_CLONE_KIND, AdCloneService } from '../../../src/domain/ad-clone/ad-clone-service.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { fakePageScraper } from '../../../src/domain/links/fake-page-scraper.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { LinkService } from '../../../src/domain/links/link-service.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PHOTO = 'https://cdn.test/a.jpg';
const BROKEN = 'https://cdn.test/broken.jpg';
const REFERENCE = 'https://media.test/ad.mp4';
const LONG = 'https://media.test/long.mp4';

describe('AdCloneService', () => {
  let h: DomainHarness;
  let service: AdCloneService;

  beforeAll(async () => {
    h = await domainHarness();
    const media = new FakeMediaUrlChecker({
      [PHOTO]: fakeMedia.image('image/jpeg'),
      [REFERENCE]: fakeMedia.video(12),
      [LONG]: fakeMedia.video(75),
      'https://media.test/pic.png': fakeMedia.image(),
    });
    service = new AdCloneService(h.tasks, new LinkService(h.store, fakePageScraper(), h.clock), media, ['en', 'es', 'fr', 'de']);
  });
  afterAll(() => h.close());

  async function linkOf(accountId: string, imageUrls: string[]): Promise<LinkRecord> {
    const facts = factsFrom(
      { title: 'Trail Shoe', description: 'A light running shoe.', imageUrls, videoUrls: [], logoUrl: null, price: null, reviews: null },
      newId(),
    );
    const at = h.clock.nowIso();
    const record: LinkRecord = {
      id: newId(),
      accountId,
      url: 'https://shop.test/shoe',
      facts: facts as unknown as Record<string, unknown>,
      chargedMillicredits: 0,
      createdAt: at,
      updatedAt: at,
    };
    await h.store.links.insert(record);
    return record;
  }
  const fieldsOf = async (p: Promise<unknown>) => {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  };

  it('prices 12 credits per started 5 s of the clone', () => {
    expect(adClonePrice(5)).toBe(credits(12));
    expect(adClonePrice(5.2)).toBe(credits(24));
    expect(adClonePrice(0.5)).toBe(credits(12));
  });

  it("freezes the link's usable pictures and the reference, holds the price of the reference's length and queues the job", async () => {
    const account = await h.account(100);
    const link = await linkOf(account, [PHOTO, BROKEN]);
    const task = await service.create(account, { link: link.id, videoUrl: REFERENCE, aspectRatio: '16x9', language: 'ES-mx' });
    expect(task.kind).toBe(AD_CLONE_KIND);
    expect(adCloneKind.inputOf(task)).toMatchObject({
      linkId: link.id,
      imageUrls: [PHOTO],
      videoUrl: REFERENCE,
      aspectRatio: '16:9',
      language: 'es',
      referenceSeconds: 12,
      echo: { aspect_ratio: '16x9', language: 'ES-mx' },
    });
    // 12 s + 1 s of slack → three started 5 s units.
    expect(await h.balance(account)).toBe(credits(100 - 36));
    expect((await h.jobsOf(task.id)).map((j) => j.name)).toEqual([AD_CLONE_JOB]);
  });

  it('refuses each bad field with nothing created or charged', async () => {
    const account = await h.account(100);
    const link = await linkOf(account, [PHOTO]);
    const before = await h.footprint(account);
    expect(await fieldsOf(service.create(account, { link: newId(), videoUrl: REFERENCE }))).toEqual({ link: ['Invalid link ID'] });
    expect(Object.keys(await fieldsOf(service.create(account, { link: (await linkOf(account, [])).id, videoUrl: REFERENCE })))).toEqual(['link']);
    expect(Object.keys(await fieldsOf(service.create(account, { link: (await linkOf(account, [BROKEN])).id, videoUrl: REFERENCE })))).toEqual(['link']);
    expect(Object.keys(await fieldsOf(service.create(account, { link: link.id, videoUrl: REFERENCE, aspectRatio: '4:3' })))).toEqual(['aspect_ratio']);
    expect(Object.keys(await fieldsOf(service.create(account, { link: link.id, videoUrl: REFERENCE, language: 'ja' })))).toEqual(['language']);
    expect((await fieldsOf(service.create(account, { link: link.id, videoUrl: LONG }))).video_url![0]).toMatch(/75\.0 s.*at most 60 s/);
    expect((await fieldsOf(service.create(account, { link: link.id, videoUrl: 'https://media.test/pic.png' }))).video_url![0]).toMatch(/Expected a video/);
    expect(Object.keys(await fieldsOf(service.create(account, { link: link.id, videoUrl: 'https://media.test/missing.mp4' })))).toEqual(['video_url']);
    expect({ ...(await h.footprint(account)), links: before.links }).toEqual(before);
  });

  it('answers 402 when the balance cannot cover the hold, creating nothing', async () => {
    const account = await h.account(20);
    const link = await linkOf(account, [PHOTO]);
    const before = await h.footprint(account);
    expect(await rejectionOf(service.create(account, { link: link.id, videoUrl: REFERENCE }))).toBeInstanceOf(InsufficientCredits);
    expect(await h.footprint(account)).toEqual(before);
  });
});
