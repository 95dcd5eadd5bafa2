import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LIPSYNC_JOB,
  LIPSYNC_KIND,
  LIPSYNC_V2_JOB_NAME,
  LIPSYNC_V2_KIND,
  LipsyncService,
  type LipsyncRequest,
} from '../../../src/domain/avatars/lipsync-service.js';
import { InsufficientCredits, NotFound, TaskNotReady, ValidationError } from '../../../src/core/errors.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { MediaUnusable } from '../../../src/domain/media-check.js';
import { FakeVoiceDirectory } from '../../../src/domain/speech/fake-voice-directory.js';
import { FakeAvatarDirectory } from '../../../src/domain/videos/fake-avatar-directory.js';
import { seedFor } from '../../../src/core/random.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const AUDIO = 'https://media.test/talk.mp3';
const LONG_AUDIO = 'https://media.test/long.mp3';
const PICTURE = 'https://media.test/photo.png';
const BACKGROUND = 'https://media.test/background.jpg';
// 300 characters: estimated at ceil(300 / 8) + 2 = 40 s of speech.
const TEXT_40S = 'a'.repeat(300);

describe('LipsyncService (AI Avatar v1)', () => {
  let h: DomainHarness;
  let media: FakeMediaUrlChecker;
  let avatars: FakeAvatarDirectory;
  let voices: FakeVoiceDirectory;
  let service: LipsyncService;
  let defaultVoice: string | null;

  beforeAll(async () => {
    h = await domainHarness({ webhookUrlProblem: (url) => (url.includes('127.0.0.1') ? 'webhooks are only sent to public addresses' : null) });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    media = new FakeMediaUrlChecker({
      [AUDIO]: fakeMedia.audio(31),
      [LONG_AUDIO]: fakeMedia.audio(601),
      [PICTURE]: fakeMedia.image(),
      [BACKGROUND]: fakeMedia.image('image/jpeg'),
    });
    avatars = new FakeAvatarDirectory([
      { id: 'anna', name: 'Anna', defaultVoiceId: 'voice-anna' },
      { id: 'ben', name: 'Ben', defaultVoiceId: null },
    ]);
    voices = new FakeVoiceDirectory([
      { id: 'voice-anna', name: 'Anna', language: 'en', kind: 'builtin' },
      { id: 'voice-default', name: 'Default', language: 'en', kind: 'builtin' },
      { id: 'voice-other', name: 'Other', language: 'en', kind: 'builtin' },
    ]);
    defaultVoice = 'voice-default';
    service = new LipsyncService(h.tasks, voices, avatars, media, () => defaultVoice);
  });

  const req = (over: Partial<LipsyncRequest> = {}): LipsyncRequest => ({
    aspectRatio: '9x16',
    text: 'Hello there.',
    avatarId: 'anna',
    voiceField: 'voice_id',
    echo: { sent: true },
    ...over,
  });

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  describe('validation, each on its field', () => {
    it('needs text or audio, text within 8000 characters and something speakable', async () => {
      const account = await h.account(100);
      expect(await fieldsOf(service.create(account, req({ text: '   ' }), 'direct'))).toEqual({ text: ['Give text to speak or an audio URL.'] });
      expect((await fieldsOf(service.create(account, req({ text: 'x'.repeat(8001) }), 'direct'))).text).toEqual([
        'Ensure this field has no more than 8000 characters.',
      ]);
      expect((await fieldsOf(service.create(account, req({ text: '?!… 🙂' }), 'direct'))).text?.[0]).toMatch(/nothing to speak/);
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(100) });
    });

    it("refuses an unknown creator, and tells why the account's own avatar cannot be used", async () => {
      const account = await h.account(100);
      expect(await fieldsOf(service.create(account, req({ avatarId: 'nobody' }), 'direct'))).toEqual({
        creator: ['Unknown avatar id "nobody". List avatars with GET /api/personas/.'],
      });
      avatars.markUnusable(account, 'mine', 'This avatar is still being built; try again when its status is done.');
      expect(await fieldsOf(service.create(account, req({ avatarId: 'mine' }), 'direct'))).toEqual({
        creator: ['This avatar is still being built; try again when its status is done.'],
      });
    });

    it("does not show another account's avatar, and with no avatar at all asks for a creator", async () => {
      const owner = await h.account(100);
      const other = await h.account(100);
      avatars.own(owner, { id: 'private', name: 'Private', defaultVoiceId: 'voice-anna' });
      expect((await service.create(owner, req({ avatarId: 'private' }), 'preview')).input.avatarId).toBe('private');
      expect(Object.keys(await fieldsOf(service.create(other, req({ avatarId: 'private' }), 'preview')))).toEqual(['creator']);
      const empty = new LipsyncService(h.tasks, voices, new FakeAvatarDirectory([]), media, () => defaultVoice);
      expect(await fieldsOf(empty.create(other, req({ avatarId: null }), 'preview'))).toEqual({ creator: ['No avatar is available; pass creator.'] });
    });

    it('reports an unknown voice on the field the request named it with', async () => {
      const account = await h.account(100);
      expect(await fieldsOf(service.create(account, req({ voiceId: 'nope', voiceField: 'accent' }), 'direct'))).toEqual({
        accent: ['Unknown voice id "nope". List voices with GET /api/voices/.'],
      });
      defaultVoice = 'gone';
      expect(Object.keys(await fieldsOf(service.create(account, req({ avatarId: 'ben' }), 'direct')))).toEqual(['voice_id']);
    });

    it('maps a media check failure to the field: audio and background_asset_image_url', async () => {
      const account = await h.account(100);
      expect(await fieldsOf(service.create(account, req({ text: null, audio: 'https://media.test/missing.mp3' }), 'direct'))).toEqual({
        audio: ['Server answered 404 Not Found'],
      });
      expect(await fieldsOf(service.create(account, req({ text: null, audio: PICTURE }), 'direct'))).toEqual({
        audio: ['Expected an audio file or a video but the file is a picture (PNG)'],
      });
      media.set('https://media.test/broken.mp3', new MediaUnusable('the file at this URL (audio/mpeg) could not be decoded'));
      expect(await fieldsOf(service.create(account, req({ text: null, audio: 'https://media.test/broken.mp3' }), 'direct'))).toEqual({
        audio: ['the file at this URL (audio/mpeg) could not be decoded'],
      });
      expect(await fieldsOf(service.create(account, req({ text: null, audio: LONG_AUDIO }), 'direct'))).toEqual({
        audio: ['The audio is longer than 10 minutes.'],
      });
      expect(await fieldsOf(service.create(account, req({ backgroundImageUrl: AUDIO }), 'direct'))).toEqual({
        background_asset_image_url: ['Expected an image but the file is audio (MP3)'],
      });
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, ledgerEntries: 1 });
    });

    it('lets a fault of ours through as is (not a 400)', async () => {
      const account = await h.account(100);
      media.set(AUDIO, new Error('disk full'));
      const err = await rejectionOf(service.create(account, req({ text: null, audio: AUDIO }), 'direct'));
      expect(err).not.toBeInstanceOf(ValidationError);
      expect((err as Error).message).toBe('disk full');
    });

    it('does not check the background picture of a green-screen video', async () => {
      const account = await h.account(100);
      const task = await service.create(account, req({ backgroundImageUrl: 'https://media.test/missing.png', greenScreen: true }), 'preview');
      expect(task.input.greenScreen).toBe(true);
      expect(media.checks).toEqual([]);
    });

    it('refuses a webhook URL the rules do not allow, on webhook_url, holding nothing', async () => {
      const account = await h.account(100);
      expect(await fieldsOf(service.create(account, req({ webhookUrl: 'http://127.0.0.1/hook' }), 'direct'))).toEqual({
        webhook_url: ['webhooks are only sent to public addresses'],
      });
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(100) });
    });
  });

  describe('price held per step and model', () => {
    it('holds 5 credits per started 30 s for a direct create and 1 for a preview (text estimated, audio measured)', async () => {
      const account = await h.account(100);
      expect((await service.create(account, req({ text: TEXT_40S }), 'direct')).heldMillicredits).toBe(credits(10));
      expect((await service.create(account, req({ text: TEXT_40S }), 'preview')).heldMillicredits).toBe(credits(2));
      expect((await service.create(account, req({ text: null, audio: AUDIO }), 'direct')).heldMillicredits).toBe(credits(10));
      expect((await service.create(account, req({ text: 'Hi.' }), 'direct')).heldMillicredits).toBe(credits(5));
      expect(await h.balance(account)).toBe(credits(100 - 10 - 2 - 10 - 5));
    });

    it('prices an aurora model per second on a direct create, never on a preview', async () => {
      const account = await h.account(100);
      expect((await service.create(account, req({ text: null, audio: AUDIO, modelVersion: 'aurora_v1' }), 'direct')).heldMillicredits).toBe(credits(31));
      expect((await service.create(account, req({ text: null, audio: AUDIO, modelVersion: 'aurora_v1_fast' }), 'direct')).heldMillicredits).toBe(credits(15.5));
      expect((await service.create(account, req({ text: null, audio: AUDIO, modelVersion: 'aurora_v1' }), 'preview')).heldMillicredits).toBe(credits(2));
    });

    it("answers 402 when short of credits (the audio's measured length decides) and creates and holds nothing", async () => {
      const account = await h.account(9);
      const before = await h.footprint(account);
      const err = await rejectionOf(service.create(account, req({ text: null, audio: AUDIO }), 'direct'));
      expect(err).toBeInstanceOf(InsufficientCredits);
      expect((err as InsufficientCredits).status).toBe(402);
      expect((err as Error).message).toBe('Insufficient credits: this operation needs 10 credits and 9 are available.');
      expect(await h.footprint(account)).toEqual(before);
    });
  });

  describe('what is frozen into the task', () => {
    it('keeps the resolved avatar and voice, the normalised options and the seed, and queues the step', async () => {
      const account = await h.account(100);
      const task = await service.create(
        account,
        req({ name: 'Ad', caption: { font: 'Inter' }, noMusic: false, webhookUrl: 'https://hooks.test/x' }),
        'preview',
      );
      expect(task).toMatchObject({ kind: LIPSYNC_KIND, status: 'pending', accountId: account, webhookUrl: 'https://hooks.test/x' });
      expect(task.input).toEqual({
        echo: { sent: true },
        aspectRatio: '9:16',
        avatarId: 'anna',
        voiceId: 'voice-anna',
        text: 'Hello there.',
        audioUrl: null,
        backgroundImageUrl: null,
        greenScreen: false,
        transparent: false,
        noCaption: true,
        noMusic: false,
        caption: { font: 'Inter' },
        seed: seedFor(`${account}|Hello there.|`),
        modelVersion: 'standard',
      });
      expect(task.result).toEqual({ previewKey: null, outputKey: null, thumbnailKey: null });
      const [job] = await h.jobsOf(task.id);
      expect(job).toMatchObject({ name: LIPSYNC_JOB, payload: { step: 'preview' }, status: 'queued', maxAttempts: 3 });
      expect(h.dispatcher.dispatched.some((j) => j.id === job!.id)).toBe(true);
      expect(await h.store.tasks.get(task.id)).toEqual(task);
    });

    it("takes the request's voice over the avatar's, and the service default when the avatar has none", async () => {
      const account = await h.account(100);
      expect((await service.create(account, req({ voiceId: 'voice-other' }), 'preview')).input.voiceId).toBe('voice-other');
      expect((await service.create(account, req({ avatarId: 'ben' }), 'preview')).input.voiceId).toBe('voice-default');
    });

    it('keeps audio instead of a voice, and matches an avatar by seed when no creator is named', async () => {
      const account = await h.account(100);
      const task = await service.create(account, req({ text: null, audio: AUDIO, avatarId: null, backgroundImageUrl: BACKGROUND }), 'direct');
      const seed = seedFor(`${account}||${AUDIO}`);
      expect(task.input).toMatchObject({
        voiceId: null,
        text: null,
        audioUrl: AUDIO,
        backgroundImageUrl: BACKGROUND,
        seed,
        avatarId: seed % 2 === 0 ? 'anna' : 'ben',
      });
      expect(avatars.matched).toEqual([{ facts: null, seed }]);
      expect(media.checks).toEqual([
        { url: AUDIO, accept: ['audio', 'video'] },
        { url: BACKGROUND, accept: ['image'] },
      ]);
    });
  });

  describe('get and ownership', () => {
    it("finds the account's own v1 and v2 tasks, and nobody else's", async () => {
      const owner = await h.account(100);
      const other = await h.account(100);
      const task = await service.create(owner, req(), 'preview');
      expect((await service.get(owner, task.id)).id).toBe(task.id);
      const err = await rejectionOf(service.get(other, task.id));
      expect(err).toBeInstanceOf(NotFound);
      expect((err as Error).message).toBe('No Lipsync matches the given query.');
      await expect(service.get(owner, task.id, [LIPSYNC_V2_KIND])).rejects.toBeInstanceOf(NotFound);
      expect((await service.list(owner, {})).map((t) => t.id)).toEqual([task.id]);
      expect(await service.list(other, {})).toEqual([]);
    });
  });

  describe('follow-ups (preview again, render)', () => {
    it('renders a finished task with a plan: holds 4 credits per started 30 s of its duration, resets the output, queues render', async () => {
      const account = await h.account(100);
      const done = await h.doneTask(
        account,
        LIPSYNC_KIND,
        { modelVersion: 'standard' },
        { plan: { scenes: [] }, durationSeconds: 61, outputKey: 'old.mp4', previewKey: 'p.mp4' },
      );
      const moved = await service.render(account, done.id);
      expect(moved).toMatchObject({ status: 'processing', heldMillicredits: credits(12), progress: 0 });
      expect(moved.result).toMatchObject({ outputKey: null, previewKey: 'p.mp4', durationSeconds: 61 });
      expect(await h.balance(account)).toBe(credits(88));
      const jobs = await h.jobsOf(done.id);
      expect(jobs.map((j) => [j.name, j.payload.step])).toEqual([[LIPSYNC_JOB, 'render']]);
    });

    it('prices an aurora render per second and a repeated preview per 30 s; a v2 task gets the v2 job', async () => {
      const account = await h.account(100);
      const aurora = await h.doneTask(account, LIPSYNC_KIND, { modelVersion: 'aurora_v1_fast' }, { plan: {}, durationSeconds: 10 });
      expect((await service.render(account, aurora.id)).heldMillicredits).toBe(credits(5));
      const v2 = await h.doneTask(account, LIPSYNC_V2_KIND, { modelVersion: 'standard' }, { plan: {}, durationSeconds: 31, previewKey: 'old.mp4' });
      const again = await service.preview(account, v2.id);
      expect(again.heldMillicredits).toBe(credits(2));
      expect(again.result.previewKey).toBeNull();
      expect((await h.jobsOf(v2.id)).map((j) => [j.name, j.payload.step])).toEqual([[LIPSYNC_V2_JOB_NAME, 'repreview']]);
    });

    it('renders through the v2 route only tasks of the v2 kind', async () => {
      const account = await h.account(100);
      const v1 = await h.doneTask(account, LIPSYNC_KIND, {}, { plan: {}, durationSeconds: 10 });
      await expect(service.render(account, v1.id, [LIPSYNC_V2_KIND])).rejects.toBeInstanceOf(NotFound);
      const v2 = await h.doneTask(account, LIPSYNC_V2_KIND, { modelVersion: 'aurora_v1' }, { plan: {}, durationSeconds: 10 });
      expect((await service.render(account, v2.id, [LIPSYNC_V2_KIND])).heldMillicredits).toBe(credits(10));
      expect((await h.jobsOf(v2.id)).map((j) => [j.name, j.payload.step])).toEqual([[LIPSYNC_V2_JOB_NAME, 'render']]);
      expect(await h.jobsOf(v1.id)).toEqual([]);
    });

    it('answers task_not_ready for a task without a plan, not finished, or with expired output; 404 for another account', async () => {
      const account = await h.account(100);
      const other = await h.account(100);
      const noPlan = await h.doneTask(account, LIPSYNC_KIND, {}, { durationSeconds: 5 });
      await expect(service.render(account, noPlan.id)).rejects.toBeInstanceOf(TaskNotReady);
      const pending = await service.create(account, req(), 'preview');
      await expect(service.render(account, pending.id)).rejects.toBeInstanceOf(TaskNotReady);
      const expired = await h.doneTask(account, LIPSYNC_KIND, {}, { plan: {}, outputExpired: true });
      const err = await rejectionOf(service.preview(account, expired.id));
      expect(err).toBeInstanceOf(TaskNotReady);
      expect((err as Error).message).toMatch(/expired/);
      const mine = await h.doneTask(account, LIPSYNC_KIND, {}, { plan: {} });
      await expect(service.render(other, mine.id)).rejects.toBeInstanceOf(NotFound);
      expect(await h.jobsOf(noPlan.id)).toEqual([]);
      expect(await h.jobsOf(mine.id)).toEqual([]);
    });

    it('answers 402 on a follow-up the account cannot pay, leaving the task done', async () => {
      const account = await h.account(3);
      const done = await h.doneTask(account, LIPSYNC_KIND, {}, { plan: {}, durationSeconds: 30 });
      await expect(service.render(account, done.id)).rejects.toBeInstanceOf(InsufficientCredits);
      expect((await h.store.tasks.get(done.id))?.status).toBe('done');
      expect(await h.jobsOf(done.id)).toEqual([]);
      expect(await h.balance(account)).toBe(credits(3));
    });
  });
});
