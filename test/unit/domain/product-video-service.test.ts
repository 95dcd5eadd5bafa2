import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientCredits, NotFound, TaskNotReady, ValidationError } from '../../../src/core/errors.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { productVideoKind, productVideoPrice } from '../../../src/domain/product-video/product-video-kind.js';
import { displaySecondsFrom, PRODUCT_VIDEO_KIND, ProductVideoService, type GenImageRequest } from '../../../src/domain/product-video/product-video-service.js';
import { FakeVoiceDirectory } from '../../../src/domain/speech/fake-voice-directory.js';
import { FakeCopywriter } from '../../../src/domain/text/fake-copywriter.js';
import { FakeAvatarDirectory } from '../../../src/domain/videos/fake-avatar-directory.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PHOTO = 'https://media.test/bottle.png';
const SHOWCASE = 'https://media.test/back.webp';
const GIF = 'https://media.test/anim.gif';
const SONG = 'https://media.test/song.mp3';

describe('ProductVideoService', () => {
  let h: DomainHarness;
  let service: ProductVideoService;
  let copywriter: FakeCopywriter;

  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    const media = new FakeMediaUrlChecker({
      [PHOTO]: fakeMedia.image(),
      [SHOWCASE]: fakeMedia.image('image/webp'),
      [GIF]: fakeMedia.image('image/gif'),
      [SONG]: fakeMedia.audio(10),
    });
    const avatars = new FakeAvatarDirectory([{ id: 'anna', name: 'Anna', defaultVoiceId: 'voice-anna' }]);
    const voices = new FakeVoiceDirectory([{ id: 'voice-anna', name: 'Anna', language: 'en', kind: 'builtin' }]);
    copywriter = new FakeCopywriter();
    service = new ProductVideoService(h.tasks, media, avatars, voices, copywriter, () => 'voice-anna');
  });

  const req = (over: Partial<GenImageRequest> = {}): GenImageRequest => ({ productUrl: PHOTO, echo: {}, ...over });
  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  it('prices each step by the contract: 2 per image, 10 per started 30 s of video, 1 per regen_video', () => {
    expect(productVideoPrice('gen_image', null, { durationSeconds: 0 })).toBe(credits(2));
    expect(productVideoPrice('gen_video', null, { durationSeconds: 10 })).toBe(credits(10));
    expect(productVideoPrice('gen_video', null, { durationSeconds: 30.5 })).toBe(credits(20));
    expect(productVideoPrice('regen_video', null, { durationSeconds: 45 })).toBe(credits(1));
  });

  it('gen_image holds 2 credits and freezes the input (aspect in its own spelling, a seed)', async () => {
    const account = await h.account(10);
    const task = await service.genImage(
      account,
      req({ aspectRatio: '9x16', imagePrompt: ' marble, soft light ', showcaseUrl: SHOWCASE, overrideAvatar: 'anna' }),
    );
    expect(task.heldMillicredits).toBe(credits(2));
    expect(await h.balance(account)).toBe(credits(8));
    const input = productVideoKind.inputOf(task);
    expect(input).toMatchObject({
      productUrl: PHOTO,
      aspectRatio: '9:16',
      aspectEcho: '9x16',
      imagePrompt: 'marble, soft light',
      overrideAvatar: 'anna',
      showcaseUrl: SHOWCASE,
      regenType: null,
    });
    expect(typeof input.seed).toBe('number');
    expect((await h.jobsOf(task.id))[0]?.name).toBe(productVideoKind.jobs.image);
  });

  it('refuses bad inputs on their field, with nothing created or held', async () => {
    const account = await h.account(10);
    const before = await h.footprint(account);
    expect(await fieldsOf(service.genImage(account, req({ aspectRatio: '3:2' })))).toHaveProperty('aspect_ratio');
    expect(await fieldsOf(service.genImage(account, req({ productUrl: GIF })))).toEqual({ product_url: [expect.stringContaining('PNG, JPEG or WebP')] });
    expect(await fieldsOf(service.genImage(account, req({ productUrl: 'https://media.test/missing.png' })))).toHaveProperty('product_url');
    expect(await fieldsOf(service.genImage(account, req({ productUrl: SONG })))).toHaveProperty('product_url');
    expect(await fieldsOf(service.genImage(account, req({ showcaseUrl: 'https://media.test/missing.jpg' })))).toHaveProperty('product_showcase_url');
    expect(await fieldsOf(service.genImage(account, req({ overrideAvatar: 'nobody' })))).toEqual({
      override_avatar: [expect.stringContaining('Unknown avatar id')],
    });
    expect(await h.footprint(account)).toEqual(before);
  });

  it('402 with nothing created when the balance cannot cover the image', async () => {
    const account = await h.account(1);
    const before = await h.footprint(account);
    expect(await rejectionOf(service.genImage(account, req()))).toBeInstanceOf(InsufficientCredits);
    expect(await h.footprint(account)).toEqual(before);
  });

  it('regen_image makes a new task from the source: its inputs, the new prompt, a new seed, 2 credits', async () => {
    const account = await h.account(10);
    const source = await service.genImage(account, req({ aspectRatio: '1:1', imagePrompt: 'wood', overrideAvatar: 'anna' }));
    const again = await service.regenImage(account, source.id, { imagePrompt: 'blue velvet' });
    expect(again.id).not.toBe(source.id);
    expect(again.heldMillicredits).toBe(credits(2));
    const a = productVideoKind.inputOf(again);
    const s = productVideoKind.inputOf(source);
    expect(a).toMatchObject({
      productUrl: PHOTO,
      aspectRatio: '1:1',
      overrideAvatar: 'anna',
      imagePrompt: 'blue velvet',
      regenType: 'regen_image',
      regenSourceId: source.id,
    });
    expect(a.seed).not.toBe(s.seed);
    expect(productVideoKind.inputOf(await service.regenImage(account, source.id, {})).imagePrompt).toBe('wood');
    const other = await h.account(10);
    expect(await rejectionOf(service.regenImage(other, source.id, {}))).toBeInstanceOf(NotFound);
  });

  it('gen_video needs a done image (404 task_not_ready), then holds 10 credits per started 30 s; regen_video 1', async () => {
    const account = await h.account(30);
    const pending = await service.genImage(account, req());
    expect(await rejectionOf(service.genVideo(account, pending.id, { motionStyle: 'display' }))).toBeInstanceOf(TaskNotReady);
    const layout = { width: 64, height: 36, hasShadow: false, product: { x: 1, y: 1, width: 10, height: 20 } };
    const done = await h.doneTask(account, PRODUCT_VIDEO_KIND, { ...pending.input }, { imageKey: 'k/image.png', layout });
    expect(await rejectionOf(service.regenVideo(account, done.id))).toBeInstanceOf(TaskNotReady);
    expect(await fieldsOf(service.genVideo(account, done.id, { motionStyle: 'dancing' }))).toHaveProperty('motion_style');
    const before = await h.balance(account);
    const video = await service.genVideo(account, done.id, { motionStyle: 'display', videoPrompt: 'a 6 second spin' });
    expect(video.status).toBe('processing');
    expect(video.heldMillicredits).toBe(credits(10));
    expect(await h.balance(account)).toBe(before - credits(10));
    expect(productVideoKind.resultOf(video).videoRequest).toMatchObject({ motionStyle: 'display', videoPrompt: 'a 6 second spin', durationSeconds: 6 });
    const jobs = await h.jobsOf(done.id);
    expect(jobs.at(-1)).toMatchObject({ name: productVideoKind.jobs.video, payload: { step: 'gen_video' } });
  });

  it('talking: the script is written from the prompt, the presenter and voice frozen; regen_video keeps them with a new seed', async () => {
    const account = await h.account(50);
    const layout = { width: 64, height: 36, hasShadow: false, product: { x: 1, y: 1, width: 10, height: 20 } };
    const done = await h.doneTask(
      account,
      PRODUCT_VIDEO_KIND,
      { productUrl: PHOTO, aspectRatio: '16:9', seed: 1, overrideAvatar: 'anna' },
      { imageKey: 'k/image.png', layout },
    );
    const talking = await service.genVideo(account, done.id, { motionStyle: 'talking', videoPrompt: 'Glow serum. Vitamin C for bright skin.' });
    const request = productVideoKind.resultOf(talking).videoRequest!;
    expect(copywriter.written.at(-1)?.facts.title).toBe('Glow serum');
    expect(request).toMatchObject({ motionStyle: 'talking', avatarId: 'anna', voiceId: 'voice-anna' });
    expect(request.script).toContain('Glow serum');
    // Finish it as the job would, then regenerate.
    await h.store.tasks.transition(
      done.id,
      ['processing'],
      { status: 'done', result: { ...talking.result, videoKey: 'k/v.mp4' }, finishedAt: h.clock.nowIso() },
      h.clock.nowIso(),
    );
    const before = await h.balance(account);
    const regen = await service.regenVideo(account, done.id);
    expect(regen.id).toBe(done.id);
    expect(regen.heldMillicredits).toBe(credits(1));
    expect(await h.balance(account)).toBe(before - credits(1));
    const again = productVideoKind.resultOf(regen).videoRequest!;
    expect(again).toMatchObject({ motionStyle: 'talking', script: request.script, avatarId: 'anna' });
    expect(again.seed).not.toBe(request.seed);
    expect(productVideoKind.resultOf(regen).videoKey).toBeNull();
  });

  it('a display length is read from the prompt and kept within 5–15 s', () => {
    expect(displaySecondsFrom(null)).toBe(10);
    expect(displaySecondsFrom('7 seconds please')).toBe(7);
    expect(displaySecondsFrom('2s')).toBe(5);
    expect(displaySecondsFrom('a 40 sec epic')).toBe(15);
  });
});
