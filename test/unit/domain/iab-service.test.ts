import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientCredits, ValidationError } from '../../../src/core/errors.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { iabKind } from '../../../src/domain/iab-images/iab-kind.js';
import { IAB_JOB, IAB_KIND, IabImagesService } from '../../../src/domain/iab-images/iab-service.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PHOTO = 'https://media.test/bottle.webp';
const GIF = 'https://media.test/anim.gif';
const VOICE = 'https://media.test/voice.mp3';

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
      new FakeMediaUrlChecker({ [PHOTO]: fakeMedia.image('image/webp'), [GIF]: fakeMedia.image('image/gif'), [VOICE]: fakeMedia.audio(3) }),
    );
  });

  it('holds 2 credits per request and freezes the picture URL', async () => {
    const account = await h.account(5);
    const task = await service.create(account, { imageUrl: PHOTO, webhookUrl: null });
    expect(task).toMatchObject({ kind: IAB_KIND, status: 'pending', input: { imageUrl: PHOTO } });
    expect(iabKind.price('make', { imageUrl: PHOTO }, {})).toBe(credits(2));
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
});
