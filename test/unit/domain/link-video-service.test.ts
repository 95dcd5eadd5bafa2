import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientCredits, NotFound, TaskNotReady, ValidationError } from '../../../src/core/errors.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { newId } from '../../../src/core/ids.js';
import { fakePageScraper } from '../../../src/domain/links/fake-page-scraper.js';
import { factsFrom, type LinkFacts } from '../../../src/domain/links/link-facts.js';
import { LinkService } from '../../../src/domain/links/link-service.js';
import type { LinkRecord } from '../../../src/core/store.js';
import { FakeVoiceDirectory } from '../../../src/domain/speech/fake-voice-directory.js';
import { FakeAvatarDirectory } from '../../../src/domain/videos/fake-avatar-directory.js';
import { fakeVideoVocabulary } from '../../../src/domain/videos/fake-video-vocabulary.js';
import { LINK_VIDEO_JOB, LINK_VIDEO_KIND, LinkVideoService, type LinkVideoMode, type LinkVideoRequest } from '../../../src/domain/videos/link-video-service.js';
import { seedFor } from '../../../src/core/random.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PHOTO = 'https://media.test/presenter.jpg';
const SONG = 'https://media.test/song.mp3';
const SILENT = 'https://media.test/silent.mp4';
const LIBRARY = 'https://library.test/music/upbeat.mp3';

describe('LinkVideoService (URL to Video)', () => {
  let h: DomainHarness;
  let media: FakeMediaUrlChecker;
  let avatars: FakeAvatarDirectory;
  let voices: FakeVoiceDirectory;
  let links: LinkService;
  let service: LinkVideoService;

  beforeAll(async () => {
    h = await domainHarness();
    links = new LinkService(h.store, fakePageScraper(), h.clock);
  });
  afterAll(() => h.close());
  beforeEach(() => {
    media = new FakeMediaUrlChecker({ [PHOTO]: fakeMedia.image('image/jpeg'), [SONG]: fakeMedia.audio(90), [SILENT]: fakeMedia.video(20, false) });
    avatars = new FakeAvatarDirectory([{ id: 'anna', name: 'Anna', defaultVoiceId: 'voice-anna' }]);
    voices = new FakeVoiceDirectory([
      { id: 'voice-anna', name: 'Anna', language: 'en', kind: 'builtin' },
      { id: 'voice-en', name: 'English', language: 'en', kind: 'builtin' },
      { id: 'voice-es', name: 'Spanish', language: 'es', kind: 'builtin' },
      { id: 'voice-ja', name: 'Japanese', language: 'ja', kind: 'remote' },
    ]);
    service = new LinkVideoService(h.tasks, links, voices, avatars, fakeVideoVocabulary(), media, (url) => url.startsWith('https://library.test/'));
  });

  /** A saved link of the account (as POST /api/links/ leaves it), without charging. */
  async function linkOf(accountId: string, page: Partial<Parameters<typeof factsFrom>[0]> = {}): Promise<LinkRecord> {
    const facts = factsFrom(
      {
        title: 'Trail Shoe',
        description: 'A light running shoe.',
        imageUrls: ['https://cdn.test/shoe.jpg'],
        videoUrls: [],
        logoUrl: null,
        price: null,
        reviews: null,
        ...page,
      },
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

  const req = (link: string, over: Partial<LinkVideoRequest> = {}): LinkVideoRequest => ({ link, echo: { link }, ...over });

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  describe('validation, each on its field', () => {
    it("needs the account's own link with a picture or a video", async () => {
      const owner = await h.account(100);
      const other = await h.account(100);
      const link = await linkOf(owner);
      expect(await fieldsOf(service.create(other, req(link.id), 'direct'))).toEqual({ link: ['Invalid link ID'] });
      expect(await fieldsOf(service.create(owner, req(newId()), 'direct'))).toEqual({ link: ['Invalid link ID'] });
      const bare = await linkOf(owner, { imageUrls: [] });
      expect(await fieldsOf(service.create(owner, req(bare.id), 'direct'))).toEqual({
        link: ['This link has no image and no video to make a video from; add some with PATCH /api/links/{id}/.'],
      });
    });

    it('checks the length, script style and visual styles (one for a video, a list for preview_list)', async () => {
      const account = await h.account(100);
      const { id } = await linkOf(account);
      expect(await fieldsOf(service.create(account, req(id, { videoLength: 20 }), 'direct'))).toEqual({
        video_length: ['"20" is not a valid choice. Allowed: 15, 30, 45, 60.'],
      });
      expect(await fieldsOf(service.create(account, req(id, { scriptStyle: 'Poem' }), 'direct'))).toEqual({
        script_style: ['"Poem" is not a valid choice. Allowed: DiscoveryWriter, HookWriter.'],
      });
      expect(await fieldsOf(service.create(account, req(id, { visualStyle: 'Neon' }), 'preview'))).toEqual({
        visual_style: ['"Neon" is not a valid choice. Allowed: AvatarBubbleTemplate, FullScreenTemplate, VanillaTemplate.'],
      });
      expect(await fieldsOf(service.create(account, req(id, { visualStyles: [] }), 'preview_list'))).toEqual({
        visual_styles: ['This list may not be empty.'],
      });
      expect(await fieldsOf(service.create(account, req(id, { visualStyles: Array(11).fill('FullScreenTemplate') }), 'preview_list'))).toEqual({
        visual_styles: ['Ensure this field has no more than 10 elements.'],
      });
      expect(Object.keys(await fieldsOf(service.create(account, req(id, { visualStyles: ['FullScreenTemplate', 'Neon'] }), 'preview_list')))).toEqual([
        'visual_styles',
      ]);
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(100) });
    });

    it('checks presenter, script, language and voice', async () => {
      const account = await h.account(100);
      const { id } = await linkOf(account);
      expect(await fieldsOf(service.create(account, req(id, { overrideAvatar: 'anna', overrideAvatarByImage: PHOTO }), 'direct'))).toEqual({
        override_avatar_by_image: ['Give override_avatar or override_avatar_by_image, not both.'],
      });
      expect(Object.keys(await fieldsOf(service.create(account, req(id, { overrideScript: '!!! ...' }), 'direct')))).toEqual(['override_script']);
      expect(await fieldsOf(service.create(account, req(id, { language: 'JA' }), 'direct'))).toEqual({
        language: ['The built-in copywriter writes en, es, fr and de; for "ja" send your own script in override_script.'],
      });
      // Without an avatar's voice, a language the vocabulary has no voice for needs override_voice.
      const faceless = new LinkVideoService(h.tasks, links, voices, new FakeAvatarDirectory([]), fakeVideoVocabulary(), media);
      expect(await fieldsOf(faceless.create(account, req(id, { language: 'ja', overrideScript: 'Konnichiwa' }), 'direct'))).toEqual({
        language: ['No voice speaks "ja" here; pick one with override_voice from GET /api/voices/.'],
      });
      expect(
        (await faceless.create(account, req(id, { language: 'ja', overrideScript: 'Konnichiwa', overrideVoice: 'voice-ja' }), 'preview')).input,
      ).toMatchObject({ avatarId: null, voiceId: 'voice-ja', language: 'ja' });
      expect(await fieldsOf(service.create(account, req(id, { overrideAvatar: 'ghost' }), 'direct'))).toEqual({
        override_avatar: ['Unknown avatar id "ghost". List avatars with GET /api/personas/.'],
      });
      expect(await fieldsOf(service.create(account, req(id, { overrideVoice: 'voice-xx' }), 'direct'))).toEqual({
        override_voice: ['Unknown voice id "voice-xx". List voices with GET /api/voices/.'],
      });
      // A default voice that the directory does not know is the language's fault, not override_voice's.
      const vocab = fakeVideoVocabulary({ en: 'voice-gone' });
      const noAvatar = new LinkVideoService(h.tasks, links, voices, new FakeAvatarDirectory([]), vocab, media);
      expect(await fieldsOf(noAvatar.create(account, req(id), 'direct'))).toEqual({
        language: ['Unknown voice id "voice-gone". List voices with GET /api/voices/.'],
      });
      expect(media.checks).toEqual([]);
    });

    it("maps an unusable presenter photo or music to its field, and skips music that will not be used or is the library's", async () => {
      const account = await h.account(100);
      const { id } = await linkOf(account);
      expect(await fieldsOf(service.create(account, req(id, { overrideAvatarByImage: SONG, backgroundMusicUrl: SILENT }), 'direct'))).toEqual({
        override_avatar_by_image: ['Expected an image but the file is audio (MP3)'],
        background_music_url: ['the file at this URL has no audio track'],
      });
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0 });
      media.checks.length = 0;
      await service.create(account, req(id, { backgroundMusicUrl: SILENT, noBackgroundMusic: true }), 'preview');
      await service.create(account, req(id, { backgroundMusicUrl: LIBRARY }), 'preview');
      expect(media.checks).toEqual([]);
    });

    it('refuses a photo presenter when the server has no media checker', async () => {
      const account = await h.account(100);
      const { id } = await linkOf(account);
      const unchecked = new LinkVideoService(h.tasks, links, voices, avatars, fakeVideoVocabulary());
      expect(await fieldsOf(unchecked.create(account, req(id, { overrideAvatarByImage: PHOTO }), 'direct'))).toEqual({
        override_avatar_by_image: ['Photo presenters are not available on this server; pass a persona id as override_avatar.'],
      });
    });
  });

  describe('price held per step and model', () => {
    it.each<[string, LinkVideoMode, Partial<LinkVideoRequest>, number]>([
      ['a 15 s direct video', 'direct', {}, 5],
      ['a 45 s direct video', 'direct', { videoLength: 45 }, 10],
      ['a 60 s preview', 'preview', { videoLength: 60 }, 2],
      ['three previews of 30 s', 'preview_list', { videoLength: 30, visualStyles: ['AvatarBubbleTemplate', 'FullScreenTemplate', 'AvatarBubbleTemplate'] }, 3],
      ['a script estimated at 43 s (300 chars + 3 s)', 'direct', { overrideScript: 'c'.repeat(300) }, 10],
      ['a 30 s video on aurora_v1_fast', 'direct', { videoLength: 30, modelVersion: 'aurora_v1_fast' }, 15],
      ['a 15 s preview on aurora_v1 (previews keep their price)', 'preview', { modelVersion: 'aurora_v1' }, 1],
    ])('%s holds %s credits', async (_label, mode, over, expected) => {
      const account = await h.account(100);
      const { id } = await linkOf(account);
      const task = await service.create(account, req(id, over), mode);
      expect(task.heldMillicredits).toBe(credits(expected));
      expect(await h.balance(account)).toBe(credits(100 - expected));
    });

    it('answers 402 when short of credits, with nothing created or held', async () => {
      const account = await h.account(4);
      const { id } = await linkOf(account);
      const before = await h.footprint(account);
      await expect(service.create(account, req(id), 'direct')).rejects.toBeInstanceOf(InsufficientCredits);
      expect(await h.footprint(account)).toEqual(before);
    });
  });

  describe('what is frozen into the task', () => {
    it("freezes the link's facts, the resolved avatar and voice, every option and the seed", async () => {
      const account = await h.account(100);
      const link = await linkOf(account);
      const task = await service.create(
        account,
        req(link.id, {
          language: 'EN',
          videoLength: 30,
          aspectRatio: '1x1',
          visualStyle: 'VanillaTemplate',
          targetAudience: 'runners',
          targetPlatform: 'tiktok',
          backgroundMusicUrl: SONG,
          backgroundMusicVolume: 0.3,
          voiceoverVolume: 0.9,
          captionSetting: { override_visual_style: true, font: 'Inter' },
          noCta: true,
          webhookUrl: 'https://hooks.test/v',
        }),
        'preview',
      );
      expect(task).toMatchObject({ kind: LINK_VIDEO_KIND, status: 'pending', webhookUrl: 'https://hooks.test/v' });
      expect(task.input).toEqual({
        mode: 'preview',
        echo: { link: link.id },
        linkId: link.id,
        linkUrl: 'https://shop.test/shoe',
        facts: link.facts as unknown as LinkFacts,
        language: 'en',
        videoLengthSeconds: 30,
        aspectRatio: '1:1',
        scriptStyle: 'DiscoveryWriter',
        styles: ['VanillaTemplate'],
        avatarId: 'anna',
        presenterImageUrl: null,
        voiceId: 'voice-anna',
        seed: seedFor(`${link.id}|DiscoveryWriter|en|30`),
        overrideScript: null,
        targetAudience: 'runners',
        targetPlatform: 'tiktok',
        music: { none: false, url: SONG, volume: 0.3 },
        voiceoverVolume: 0.9,
        caption: { none: false, override: true, setting: { override_visual_style: true, font: 'Inter' } },
        noCta: true,
        noStockBroll: false,
        modelVersion: 'standard',
      });
      expect(task.result).toEqual({ previews: [], previewKey: null, outputKey: null, thumbnailKey: null });
      expect(avatars.matched).toEqual([{ facts: link.facts, seed: seedFor(`${link.id}|DiscoveryWriter|en|30`) }]);
      const [job] = await h.jobsOf(task.id);
      expect(job).toMatchObject({ name: LINK_VIDEO_JOB, payload: { step: 'preview' } });
    });

    it('matches no built-in presenter for styles that are not built around one, when the request names none', async () => {
      const account = await h.account(100);
      const { id } = await linkOf(account);
      const before = avatars.matched.length;
      for (const visualStyle of ['FullScreenTemplate', 'AvatarBubbleTemplate']) {
        const task = await service.create(account, req(id, { visualStyle }), 'preview');
        expect(task.input).toMatchObject({ avatarId: null, voiceId: 'voice-en', styles: [visualStyle] });
      }
      expect(avatars.matched.length).toBe(before);
      // A list with one style built around a presenter gets one.
      const list = await service.create(account, req(id, { visualStyles: ['FullScreenTemplate', 'VanillaTemplate'] }), 'preview_list');
      expect(list.input).toMatchObject({ avatarId: 'anna' });
    });

    it("takes a presenter photo instead of an avatar, the language's voice, and a trimmed script", async () => {
      const account = await h.account(100);
      const { id } = await linkOf(account);
      const task = await service.create(
        account,
        req(id, { overrideAvatarByImage: PHOTO, language: 'es', overrideScript: '  Hola a todos.  ', noCaption: true }),
        'direct',
      );
      expect(task.input).toMatchObject({
        avatarId: null,
        presenterImageUrl: PHOTO,
        voiceId: 'voice-es',
        overrideScript: 'Hola a todos.',
        caption: { none: true, override: false, setting: null },
      });
      expect(avatars.matched).toEqual([]);
      expect(media.checks).toEqual([{ url: PHOTO, accept: ['image'] }]);
    });
  });

  describe('render (a follow-up on previews)', () => {
    const previews = [{ mediaJob: 'job-a' }, { mediaJob: 'job-b' }];

    it('renders a chosen preview: 4 credits per started 30 s of the planned length, output reset, render job', async () => {
      const account = await h.account(100);
      const done = await h.doneTask(
        account,
        LINK_VIDEO_KIND,
        { videoLengthSeconds: 15, modelVersion: 'standard' },
        { plan: { durationSeconds: 40 }, previews, outputKey: 'old.mp4', previewKey: 'p.mp4' },
      );
      const moved = await service.render(account, done.id, 'job-b');
      expect(moved).toMatchObject({ status: 'processing', heldMillicredits: credits(8) });
      expect(moved.result).toMatchObject({ outputKey: null, previewKey: 'p.mp4', previews });
      expect((await h.jobsOf(done.id)).map((j) => [j.name, j.payload])).toEqual([[LINK_VIDEO_JOB, { mediaJob: 'job-b', step: 'render' }]]);
      expect(await h.balance(account)).toBe(credits(92));
    });

    it('falls back to the requested length, and prices an aurora render per second', async () => {
      const account = await h.account(100);
      const planless = await h.doneTask(account, LINK_VIDEO_KIND, { videoLengthSeconds: 45 }, { plan: {}, previews });
      expect((await service.render(account, planless.id, null)).heldMillicredits).toBe(credits(8));
      const aurora = await h.doneTask(
        account,
        LINK_VIDEO_KIND,
        { videoLengthSeconds: 15, modelVersion: 'aurora_v1' },
        { plan: { durationSeconds: 12.5 }, previews },
      );
      expect((await service.render(account, aurora.id, null)).heldMillicredits).toBe(credits(13));
    });

    it('answers task_not_ready without a plan, without previews or for an unknown media_job; 404 for another account', async () => {
      const account = await h.account(100);
      const other = await h.account(100);
      const noPlan = await h.doneTask(account, LINK_VIDEO_KIND, { videoLengthSeconds: 15 }, { previews });
      await expect(service.render(account, noPlan.id, null)).rejects.toBeInstanceOf(TaskNotReady);
      const noPreviews = await h.doneTask(account, LINK_VIDEO_KIND, { videoLengthSeconds: 15 }, { plan: {}, previews: [] });
      await expect(service.render(account, noPreviews.id, null)).rejects.toBeInstanceOf(TaskNotReady);
      const ready = await h.doneTask(account, LINK_VIDEO_KIND, { videoLengthSeconds: 15 }, { plan: {}, previews });
      await expect(service.render(account, ready.id, 'job-z')).rejects.toBeInstanceOf(TaskNotReady);
      await expect(service.render(other, ready.id, null)).rejects.toBeInstanceOf(NotFound);
      expect((await h.store.tasks.get(ready.id))?.status).toBe('done');
      expect(await h.balance(account)).toBe(credits(100));
    });
  });

  it("gets and lists only the account's own URL-to-video tasks", async () => {
    const owner = await h.account(100);
    const other = await h.account(100);
    const { id } = await linkOf(owner);
    const task = await service.create(owner, req(id), 'preview');
    const err = await rejectionOf(service.get(other, task.id));
    expect(err).toBeInstanceOf(NotFound);
    expect((err as Error).message).toBe('No LinkToVideo matches the given query.');
    expect((await service.get(owner, task.id)).id).toBe(task.id);
    expect((await service.list(owner, {})).map((t) => t.id)).toEqual([task.id]);
    expect(await service.list(other, {})).toEqual([]);
  });
});
