import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AURORA_JOB, AURORA_KIND, AuroraService, type AuroraRequest } from '../../../src/domain/avatars/aurora-service.js';
import { InsufficientCredits, NotFound, ValidationError } from '../../../src/core/errors.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { MediaUnusable } from '../../../src/domain/media-check.js';
import { seedFor } from '../../../src/core/random.js';
import { guidanceFromPrompt } from '../../../src/domain/avatars/motion-guidance.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PHOTO = 'https://media.test/face.jpg';
const VOICE = 'https://media.test/voice.mp3'; // 10.2 s
const CLIP = 'https://media.test/clip.mp4';

describe('AuroraService (a photo speaking a recording)', () => {
  let h: DomainHarness;
  let media: FakeMediaUrlChecker;
  let service: AuroraService;

  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    media = new FakeMediaUrlChecker({ [PHOTO]: fakeMedia.image('image/jpeg'), [VOICE]: fakeMedia.audio(10.2), [CLIP]: fakeMedia.video(5) });
    service = new AuroraService(h.tasks, media, (url) => (url.startsWith('http://10.') ? 'webhooks are only sent to public addresses' : null));
  });

  const req = (over: Partial<AuroraRequest> = {}): AuroraRequest => ({ imageUrl: PHOTO, audioUrl: VOICE, model: 'aurora_v1', echo: { name: 'x' }, ...over });
  const withAudio = (seconds: number) => {
    const url = `https://media.test/${seconds}s.mp3`;
    media.set(url, fakeMedia.audio(seconds));
    return url;
  };

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  describe('validation, each on its field', () => {
    it('takes resolution for aurora_v2 only, a guidance scale of 0 to 3, and an allowed upload address', async () => {
      const account = await h.account(100);
      expect(await fieldsOf(service.create(account, req({ model: 'aurora_v1_fast', resolution: '1080p' })))).toEqual({
        resolution: ['resolution applies to aurora_v2 only; aurora_v1_fast renders at 480p.'],
      });
      expect(await fieldsOf(service.create(account, req({ promptGuidanceScale: 3.01 })))).toEqual({
        prompt_guidance_scale: ['Ensure this value is between 0 and 3.'],
      });
      expect(await fieldsOf(service.create(account, req({ outputUploadUrl: 'http://10.0.0.1/put' })))).toEqual({
        output_upload_url: ['outputs are only uploaded to public addresses'],
      });
      // The cheap rules come first: nothing was fetched for them.
      expect(media.checks).toEqual([]);
    });

    it('maps media check failures to image and audio', async () => {
      const account = await h.account(100);
      expect(await fieldsOf(service.create(account, req({ imageUrl: VOICE })))).toEqual({ image: ['Expected an image but the file is audio (MP3)'] });
      expect(await fieldsOf(service.create(account, req({ audioUrl: CLIP })))).toEqual({ audio: ['Expected an audio file but the file is a video (MP4)'] });
      media.set('https://media.test/mute.mp3', new MediaUnusable('the file at this URL has no audio track'));
      expect(await fieldsOf(service.create(account, req({ audioUrl: 'https://media.test/mute.mp3' })))).toEqual({
        audio: ['the file at this URL has no audio track'],
      });
      expect(await fieldsOf(service.create(account, req({ imageUrl: 'https://media.test/gone.png' })))).toEqual({ image: ['Server answered 404 Not Found'] });
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(100) });
    });

    it('bounds the audio by model and resolution (a 0.05 s margin)', async () => {
      const account = await h.account(1000);
      expect(await fieldsOf(service.create(account, req({ audioUrl: withAudio(301) })))).toEqual({
        audio: ['The audio lasts 301.0 s; aurora_v1 takes at most 300 s.'],
      });
      expect(await fieldsOf(service.create(account, req({ model: 'aurora_v2', resolution: '2k', audioUrl: withAudio(14.5) })))).toEqual({
        audio: ['The audio lasts 14.5 s; aurora_v2 at 2k takes at most 14.375 s.'],
      });
      expect(await fieldsOf(service.create(account, req({ model: 'aurora_v2', audioUrl: withAudio(60) })))).toEqual({
        audio: ['The audio lasts 60.0 s; aurora_v2 at 720p takes at most 59.7 s.'],
      });
      expect((await service.create(account, req({ model: 'aurora_v2', resolution: '2k', audioUrl: withAudio(14.42) }))).status).toBe('pending');
    });
  });

  describe('price held per started second, by model and resolution', () => {
    it.each([
      ['aurora_v1', null, 11],
      ['aurora_v1_fast', null, 5.5],
      ['aurora_v2', null, 7.7],
      ['aurora_v2', '480p', 4.4],
      ['aurora_v2', '1080p', 15.4],
      ['aurora_v2', '2k', 30.8],
    ] as const)('%s at %s holds %d credits for 10.2 s', async (model, resolution, expected) => {
      const account = await h.account(100);
      const task = await service.create(account, req({ model, resolution, audioUrl: model === 'aurora_v2' && resolution === '2k' ? withAudio(10.2) : VOICE }));
      expect(task.heldMillicredits).toBe(credits(expected));
      expect(await h.balance(account)).toBe(credits(100 - expected));
    });

    it('answers 402 when short of credits, with nothing created or held', async () => {
      const account = await h.account(10);
      const before = await h.footprint(account);
      const err = await rejectionOf(service.create(account, req()));
      expect(err).toBeInstanceOf(InsufficientCredits);
      expect((err as Error).message).toBe('Insufficient credits: this operation needs 11 credits and 10 are available.');
      expect(await h.footprint(account)).toEqual(before);
    });
  });

  it('freezes the understood request: resolution, motion guidance from the prompt, seed, upload URL, retention', async () => {
    const account = await h.account(100);
    const task = await service.create(
      account,
      req({
        model: 'aurora_v2',
        resolution: '1080p',
        textPrompt: 'Calm, nodding slowly',
        promptGuidanceScale: 2,
        ttlDays: 7,
        outputUploadUrl: 'https://bucket.test/put',
        webhookUrl: 'https://hooks.test/a',
      }),
    );
    expect(task).toMatchObject({ kind: AURORA_KIND, status: 'pending', webhookUrl: 'https://hooks.test/a' });
    const guidance = guidanceFromPrompt('Calm, nodding slowly', 2);
    expect(guidance.matched).toEqual(['calm', 'nodding']);
    expect(task.input).toEqual({
      echo: { name: 'x' },
      imageUrl: PHOTO,
      audioUrl: VOICE,
      model: 'aurora_v2',
      resolution: '1080p',
      outputUploadUrl: 'https://bucket.test/put',
      guidance,
      seed: seedFor(`${account}|${PHOTO}|${VOICE}`),
      retentionDays: 7,
    });
    expect(task.result).toEqual({ outputKey: null, thumbnailKey: null });
    const [job] = await h.jobsOf(task.id);
    expect(job).toMatchObject({ name: AURORA_JOB, payload: {} });
    const plain = await service.create(account, req());
    expect(plain.input).toMatchObject({ resolution: '720p', outputUploadUrl: null, guidance: guidanceFromPrompt(null, undefined) });
    expect(plain.input).not.toHaveProperty('retentionDays');
    expect(media.checks.slice(0, 2)).toEqual([
      { url: PHOTO, accept: ['image'] },
      { url: VOICE, accept: ['audio'] },
    ]);
  });

  it("gets and lists only the account's own aurora tasks", async () => {
    const owner = await h.account(100);
    const other = await h.account(100);
    const task = await service.create(owner, req());
    expect((await service.get(owner, task.id)).input.model).toBe('aurora_v1');
    const err = await rejectionOf(service.get(other, task.id));
    expect(err).toBeInstanceOf(NotFound);
    expect((err as Error).message).toBe('No Aurora matches the given query.');
    const lipsync = await h.doneTask(owner, 'lipsync', {}, {});
    await expect(service.get(owner, lipsync.id)).rejects.toBeInstanceOf(NotFound);
    expect((await service.list(owner, {})).map((t) => t.id)).toEqual([task.id]);
    expect(await service.list(other, {})).toEqual([]);
  });
});
