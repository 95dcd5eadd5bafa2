import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientCredits, NotFound, TaskNotReady, ValidationError } from '../../../src/core/errors.js';
import { aiShortKind, aiShortPrice } from '../../../src/domain/shorts/ai-short-kind.js';
import { AI_SHORT_JOB, AI_SHORT_KIND, AiShortService, type AiShortRequest } from '../../../src/domain/shorts/ai-short-service.js';
import { SHORT_STYLES } from '../../../src/domain/shorts/short-styles.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { FakeVoiceDirectory } from '../../../src/domain/speech/fake-voice-directory.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';
import { fakePageScraper } from '../../../src/domain/links/fake-page-scraper.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { LinkService } from '../../../src/domain/links/link-service.js';
import { newId } from '../../../src/core/ids.js';

const MUSIC = 'https://media.test/tune.mp3';
const PICTURE = 'https://media.test/photo.png';
// 300 characters: estimated at ceil(300 / 8) + 2 = 40 s of narration.
const SCRIPT_40S = `${'word '.repeat(59)}ends.`;

describe('AiShortService (AI Shorts)', () => {
  let h: DomainHarness;
  let media: FakeMediaUrlChecker;
  let service: AiShortService;

  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    media = new FakeMediaUrlChecker({ [MUSIC]: fakeMedia.audio(120), [PICTURE]: fakeMedia.image() });
    const voices = new FakeVoiceDirectory([
      { id: 'voice-default', name: 'Default', language: 'en', kind: 'builtin' },
      { id: 'voice-other', name: 'Other', language: 'en', kind: 'builtin' },
    ]);
    service = new AiShortService(
      h.tasks,
      voices,
      media,
      () => 'voice-default',
      (url) => url.endsWith('/files/music/library.mp3'),
      new LinkService(h.store, fakePageScraper(), h.clock),
    );
  });

  const req = (over: Partial<AiShortRequest> = {}): AiShortRequest => ({
    script: 'A dog runs on the beach.',
    aspectRatio: '9x16',
    style: 'Pixel art',
    voiceField: 'accent',
    echo: { sent: true },
    ...over,
  });

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  it('freezes the request into the task: the style by its contract name, the default voice, the music and captions', async () => {
    const account = await h.account(100);
    const task = await service.create(
      account,
      req({ style: 'steam_punk', caption: { style: 'neo' }, backgroundMusicUrl: MUSIC, backgroundMusicVolume: 0.4 }),
      'preview',
    );
    expect(task.kind).toBe(AI_SHORT_KIND);
    expect(aiShortKind.inputOf(task)).toMatchObject({
      script: 'A dog runs on the beach.',
      aspectRatio: '9:16',
      style: 'Steam punk',
      voiceId: 'voice-default',
      caption: { style: 'neo' },
      music: { url: MUSIC, volume: 0.4 },
      echo: { sent: true },
    });
    expect((await h.jobsOf(task.id)).map((j) => [j.name, j.payload.step])).toEqual([[AI_SHORT_JOB, 'preview']]);
    expect(media.checks.map((c) => c.url)).toEqual([MUSIC]);
  });

  it('holds the create price on the estimated narration: 5 cr direct, 1 cr preview, per started 30 s', async () => {
    const account = await h.account(100);
    expect((await service.create(account, req({ script: SCRIPT_40S }), 'direct')).heldMillicredits).toBe(credits(10));
    expect((await service.create(account, req({ script: SCRIPT_40S }), 'preview')).heldMillicredits).toBe(credits(2));
    expect(aiShortPrice('render', null, { durationSeconds: 30 })).toBe(credits(4));
    expect(aiShortPrice('render', null, { durationSeconds: 30.5 })).toBe(credits(8));
  });

  it("refuses each bad field with the contract's 400, the unknown style listing all ten, and creates nothing", async () => {
    const account = await h.account(100);
    const style = (await fieldsOf(service.create(account, req({ style: 'Watercolour' }), 'direct'))).style![0]!;
    for (const name of SHORT_STYLES) expect(style).toContain(name);
    expect(Object.keys(await fieldsOf(service.create(account, req({ script: '  ' }), 'direct')))).toEqual(['script']);
    expect((await fieldsOf(service.create(account, req({ script: '?! …' }), 'direct'))).script?.[0]).toMatch(/nothing to speak/);
    expect(Object.keys(await fieldsOf(service.create(account, req({ script: 'x'.repeat(3001) }), 'direct')))).toEqual(['script']);
    expect(Object.keys(await fieldsOf(service.create(account, req({ aspectRatio: '4:3' }), 'direct')))).toEqual(['aspect_ratio']);
    expect(Object.keys(await fieldsOf(service.create(account, req({ voiceId: 'nope' }), 'direct')))).toEqual(['accent']);
    expect(Object.keys(await fieldsOf(service.create(account, req({ voiceId: 'nope', voiceField: 'voice_id' }), 'direct')))).toEqual(['voice_id']);
    expect(Object.keys(await fieldsOf(service.create(account, req({ backgroundMusicUrl: PICTURE }), 'direct')))).toEqual(['background_music_url']);
    expect(Object.keys(await fieldsOf(service.create(account, req({ backgroundMusicUrl: 'https://media.test/missing.mp3' }), 'direct')))).toEqual([
      'background_music_url',
    ]);
    expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(100) });
  });

  it('takes a library track without fetching it', async () => {
    const account = await h.account(100);
    await service.create(account, req({ backgroundMusicUrl: 'https://any.host/files/music/library.mp3' }), 'direct');
    expect(media.checks).toEqual([]);
  });

  it('answers 402 when short of credits and creates and holds nothing', async () => {
    const account = await h.account(1);
    const err = await rejectionOf(service.create(account, req(), 'direct'));
    expect(err).toBeInstanceOf(InsufficientCredits);
    expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(1) });
  });

  it("renders a planned short at 4 cr per started 30 s of it; not before a plan, not another account's", async () => {
    const account = await h.account(100);
    const done = await h.doneTask(account, AI_SHORT_KIND, {}, { plan: { scenes: [] }, durationSeconds: 31, previewKey: 'p.mp4', outputKey: 'old.mp4' });
    const moved = await service.render(account, done.id);
    expect(moved).toMatchObject({ status: 'processing', heldMillicredits: credits(8) });
    expect(moved.result).toMatchObject({ outputKey: null, previewKey: 'p.mp4' });
    expect((await h.jobsOf(done.id)).map((j) => [j.name, j.payload.step])).toEqual([[AI_SHORT_JOB, 'render']]);
    const noPlan = await h.doneTask(account, AI_SHORT_KIND, {}, { durationSeconds: 5 });
    await expect(service.render(account, noPlan.id)).rejects.toBeInstanceOf(TaskNotReady);
    const other = await h.account(100);
    await expect(service.render(other, done.id)).rejects.toBeInstanceOf(NotFound);
    await expect(service.get(other, done.id)).rejects.toBeInstanceOf(NotFound);
  });
  it("takes a product (extension): its own photos, checked as pictures, or a link's photos and name; an unknown link or a link without pictures is a 400", async () => {
    const account = await h.account(100);
    const own = await service.create(account, req({ productImages: [PICTURE] }), 'preview');
    expect(aiShortKind.inputOf(own).product).toEqual({ imageUrls: [PICTURE], name: null, linkId: null });
    expect(aiShortKind.inputOf(await service.create(account, req(), 'preview')).product).toBeNull();
    expect(await fieldsOf(service.create(account, req({ productImages: [MUSIC] }), 'preview'))).toHaveProperty('product_images.0');

    const at = h.clock.nowIso();
    const linkId = newId();
    const facts = factsFrom(
      {
        title: 'Northpeak TrailFlask 32 oz',
        description: '',
        imageUrls: ['a', 'b', 'c', 'd', 'e'].map((x) => `https://shop.test/${x}.jpg`),
        videoUrls: [],
        logoUrl: null,
        price: null,
        reviews: null,
      },
      newId(),
    );
    await h.store.links.insert({
      id: linkId,
      accountId: account,
      url: 'https://shop.test/flask',
      facts: { ...facts },
      chargedMillicredits: 0,
      createdAt: at,
      updatedAt: at,
    });
    const fromLink = await service.create(account, req({ link: linkId }), 'preview');
    expect(aiShortKind.inputOf(fromLink).product).toEqual({
      imageUrls: ['a', 'b', 'c', 'd'].map((x) => `https://shop.test/${x}.jpg`),
      name: 'Northpeak TrailFlask 32 oz',
      linkId,
    });
    expect(await fieldsOf(service.create(account, req({ link: 'no-such-link' }), 'preview'))).toEqual({ link: ['Invalid link ID'] });
    const bare = newId();
    await h.store.links.insert({
      id: bare,
      accountId: account,
      url: 'https://shop.test/bare',
      facts: { ...facts, imageUrls: [] },
      chargedMillicredits: 0,
      createdAt: at,
      updatedAt: at,
    });
    expect(Object.keys(await fieldsOf(service.create(account, req({ link: bare }), 'preview')))).toEqual(['link']);
  });
});
