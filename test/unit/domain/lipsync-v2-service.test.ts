import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIPSYNC_KIND, LIPSYNC_V2_JOB_NAME, LIPSYNC_V2_KIND } from '../../../src/domain/avatars/lipsync-service.js';
import { LipsyncV2Service, MAX_SCENES, type LipsyncV2Request, type LipsyncV2SceneRequest } from '../../../src/domain/avatars/lipsync-v2-service.js';
import { InsufficientCredits, NotFound, ValidationError } from '../../../src/core/errors.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { FakeVoiceDirectory } from '../../../src/domain/speech/fake-voice-directory.js';
import { FakeAvatarDirectory } from '../../../src/domain/videos/fake-avatar-directory.js';
import { seedFor } from '../../../src/core/random.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PICTURE = 'https://media.test/bg.png';
const CLIP = 'https://media.test/bg.mp4';
const SILENT_CLIP = 'https://media.test/silent.mp4';
const SONG = 'https://media.test/song.mp3';
const LOGO = 'https://media.test/logo.png';
const LIBRARY_SONG = 'https://library.test/music/calm.mp3';

describe('LipsyncV2Service (AI Avatar v2, multi-scene)', () => {
  let h: DomainHarness;
  let media: FakeMediaUrlChecker;
  let avatars: FakeAvatarDirectory;
  let service: LipsyncV2Service;

  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    media = new FakeMediaUrlChecker({
      [PICTURE]: fakeMedia.image(),
      [CLIP]: fakeMedia.video(8),
      [SILENT_CLIP]: fakeMedia.video(8, false),
      [SONG]: fakeMedia.audio(120),
      [LOGO]: fakeMedia.image(),
    });
    avatars = new FakeAvatarDirectory([
      { id: 'anna', name: 'Anna', defaultVoiceId: 'voice-anna' },
      { id: 'ben', name: 'Ben', defaultVoiceId: null },
    ]);
    const voices = new FakeVoiceDirectory([
      { id: 'voice-anna', name: 'Anna', language: 'en', kind: 'builtin' },
      { id: 'voice-default', name: 'Default', language: 'en', kind: 'builtin' },
    ]);
    service = new LipsyncV2Service(
      h.tasks,
      voices,
      avatars,
      media,
      () => 'voice-default',
      (url) => url.startsWith('https://library.test/'),
    );
  });

  const scene = (over: Partial<LipsyncV2SceneRequest> = {}): LipsyncV2SceneRequest => ({
    character: { avatarId: 'anna' },
    voice: { type: 'text', inputText: 'Hello there.' },
    ...over,
  });
  const req = (scenes: LipsyncV2SceneRequest[], over: Partial<LipsyncV2Request> = {}): LipsyncV2Request => ({
    scenes,
    echo: { video_inputs: scenes.length },
    ...over,
  });

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  describe('validation', () => {
    it('needs 1 to 30 scenes', async () => {
      const account = await h.account(100);
      expect(await fieldsOf(service.create(account, req([]), 'direct'))).toEqual({ video_inputs: ['Give at least one scene.'] });
      expect(await fieldsOf(service.create(account, req(Array.from({ length: MAX_SCENES + 1 }, () => scene())), 'direct'))).toEqual({
        video_inputs: ['Ensure this field has no more than 30 elements.'],
      });
    });

    it("collects every scene's problems into one field map, on dotted paths, before fetching anything", async () => {
      const account = await h.account(100);
      const fields = await fieldsOf(
        service.create(
          account,
          req(
            [
              scene({ character: null }),
              scene({ character: { avatarId: '  ' }, voice: null }),
              scene({ character: { avatarId: 'nobody' }, voice: { type: 'silence' } }),
              scene({ voice: { type: 'text', inputText: '   ' } }),
              scene({ voice: { type: 'text', inputText: '[laughs] [sighs]', model: 'v3' } }),
              scene({ voice: { type: 'text', inputText: '?!…' } }),
              scene({ voice: { type: 'text', inputText: 'Hi', voiceId: 'nope' }, background: { type: 'image', url: null } }),
              scene({ background: { type: 'image', url: PICTURE } }),
            ],
            { music: { url: null }, ctaEnd: true, ctaBackground: 'not a url' },
          ),
          'direct',
        ),
      );
      expect(fields).toEqual({
        'video_inputs.0.character': ['This field is required.'],
        'video_inputs.1.character.avatar_id': ['This field is required.'],
        'video_inputs.1.voice': ['This field is required.'],
        'video_inputs.2.character.avatar_id': ['Unknown avatar id "nobody". List avatars with GET /api/personas/.'],
        'video_inputs.2.voice.duration': ['A silence needs its duration in seconds (1 to 100).'],
        'video_inputs.3.voice.input_text': ['This field may not be blank when voice.type is "text".'],
        'video_inputs.4.voice.input_text': ['There are no words to speak once the emotion tags are taken out.'],
        'video_inputs.5.voice.input_text': ['There is nothing to speak in this text: it has no letters or digits, only punctuation, symbols or emoji.'],
        'video_inputs.6.voice.voice_id': ['Unknown voice id "nope". List voices with GET /api/voices/.'],
        'video_inputs.6.background.url': ['This field is required.'],
        'background_music.url': ['This field is required.'],
        cta_background: ['Enter a valid URL (an image or a video), or a colour as #RGB, #RRGGBB or #RRGGBBAA.'],
      });
      // Scene 7's valid picture is not fetched while other fields are wrong.
      expect(media.checks).toEqual([]);
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(100) });
    });

    it('asks for cta_background when cta_end is set, and tells why an own avatar cannot be used', async () => {
      const account = await h.account(100);
      avatars.markUnusable(account, 'mine', 'This avatar failed: no face was found.');
      expect(await fieldsOf(service.create(account, req([scene({ character: { avatarId: 'mine' } })], { ctaEnd: true }), 'direct'))).toEqual({
        'video_inputs.0.character.avatar_id': ['This avatar failed: no face was found.'],
        cta_background: ["cta_end needs cta_background: the URL of the end card's picture or clip."],
      });
    });

    it('maps each unusable URL to its field, fetching a URL given twice once', async () => {
      const account = await h.account(100);
      const fields = await fieldsOf(
        service.create(
          account,
          req(
            [
              scene({ background: { type: 'image', url: SONG } }),
              scene({ background: { type: 'video', url: CLIP }, cta: { logo: { url: 'https://media.test/missing.png' } } }),
              scene({ background: { type: 'image', url: SONG } }),
            ],
            { music: { url: SILENT_CLIP }, ctaEnd: true, ctaBackground: CLIP },
          ),
          'direct',
        ),
      );
      expect(fields).toEqual({
        'video_inputs.0.background.url': ['Expected an image but the file is audio (MP3)'],
        'video_inputs.1.cta.cta_logo.url': ['Server answered 404 Not Found'],
        'video_inputs.2.background.url': ['Expected an image but the file is audio (MP3)'],
        'background_music.url': ['the file at this URL has no audio track'],
      });
      expect(media.checks.map((c) => c.url).sort()).toEqual([CLIP, 'https://media.test/missing.png', SILENT_CLIP, SONG].sort());
      expect(media.checks.find((c) => c.url === CLIP)?.accept.sort()).toEqual(['image', 'video']);
      expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0 });
    });

    it("does not fetch the service's own library music", async () => {
      const account = await h.account(100);
      const task = await service.create(account, req([scene()], { music: { url: LIBRARY_SONG } }), 'preview');
      expect(media.checks).toEqual([]);
      expect(task.input.spec).toMatchObject({ music: { url: LIBRARY_SONG, volume: 0.2 } });
    });
  });

  describe('price held (speech estimated, silences and end card counted)', () => {
    it('holds per started 30 s: 5 credits direct, 1 preview, or the aurora model per second', async () => {
      const account = await h.account(100);
      // ceil(300 / 8) + 2 = 40 s of speech, 10 s of silence, 3 s of end card: 53 s.
      const scenes = [scene({ voice: { type: 'text', inputText: 'b'.repeat(300) } }), scene({ voice: { type: 'silence', durationSeconds: 10 } })];
      const withCard = { ctaEnd: true, ctaBackground: '#112233', ctaDurationSeconds: 3 };
      expect((await service.create(account, req(scenes, withCard), 'direct')).heldMillicredits).toBe(credits(10));
      expect((await service.create(account, req(scenes, withCard), 'preview')).heldMillicredits).toBe(credits(2));
      expect((await service.create(account, req(scenes, { ...withCard, modelVersion: 'aurora_v1' }), 'direct')).heldMillicredits).toBe(credits(53));
      expect((await service.create(account, req([scene({ voice: { type: 'silence', durationSeconds: 31 } })]), 'direct')).heldMillicredits).toBe(credits(10));
      expect(await h.balance(account)).toBe(credits(100 - 10 - 2 - 53 - 10));
    });

    it('answers 402 when short of credits, with nothing created or held', async () => {
      const account = await h.account(4);
      const before = await h.footprint(account);
      await expect(service.create(account, req([scene()]), 'direct')).rejects.toBeInstanceOf(InsufficientCredits);
      expect(await h.footprint(account)).toEqual(before);
    });
  });

  describe('what is frozen into the task', () => {
    it('freezes the whole video spec: avatars, voices, backgrounds, captions, styles, end card and seed', async () => {
      const account = await h.account(100);
      const echo = { video_inputs: [{ any: 'thing' }] };
      const task = await service.create(
        account,
        {
          scenes: [
            scene({
              character: { avatarId: 'anna', offset: { x: 0.1 }, scale: 0.5, avatarStyle: 'circle' },
              background: { type: 'video', url: CLIP, fit: 'contain', effect: 'imageZoomIn' },
              captionSetting: { override_visual_style: 'true', hidden: true },
              transitionIn: 'fade',
              visualStyle: 'SideBySide',
              cta: { logo: { url: LOGO }, caption: { text: '  Buy now  ' } },
            }),
            scene({ character: { avatarId: 'ben', hidden: true }, voice: { type: 'silence', durationSeconds: 2, volume: 0.5 } }),
            scene({ character: { avatarId: 'ben' }, voice: { inputText: '[excited] Go!', model: 'v3' } }),
          ],
          aspectRatio: '16x9',
          name: 'Spring ad',
          ctaEnd: true,
          ctaBackground: PICTURE,
          echo,
        },
        'direct',
      );
      expect(task).toMatchObject({ kind: LIPSYNC_V2_KIND, status: 'pending' });
      expect(task.input).toEqual({
        echo,
        aspectRatio: '16:9',
        modelVersion: 'standard',
        spec: {
          aspectRatio: '16:9',
          name: 'Spring ad',
          music: null,
          endCard: { background: { kind: 'url', url: PICTURE }, seconds: 2 },
          seed: seedFor(`${account}|${JSON.stringify(echo.video_inputs)}`),
          scenes: [
            {
              avatar: { id: 'anna', name: 'Anna', offset: { x: 0.1, y: 0 }, scale: 0.5, style: 'circle', hidden: false },
              voice: { kind: 'text', text: 'Hello there.', voiceId: 'voice-anna', volume: 0.8, model: null },
              background: { kind: 'video', url: CLIP, fit: 'contain', effect: 'imageZoomIn' },
              caption: { setting: { override_visual_style: 'true', hidden: true }, override: true, hidden: true },
              transitionIn: 'fade',
              transitionOut: null,
              visualStyle: 'SideBySide',
              cta: { logo: { url: LOGO, offset: null, scale: 0.25 }, caption: { text: 'Buy now', setting: null } },
            },
            {
              avatar: { id: 'ben', name: 'Ben', offset: { x: 0, y: 0 }, scale: 1, style: 'normal', hidden: true },
              voice: { kind: 'silence', seconds: 2, volume: 0.5 },
              background: null,
              caption: { setting: null, override: false, hidden: false },
              transitionIn: null,
              transitionOut: null,
              visualStyle: 'FullAvatar',
              cta: null,
            },
            {
              avatar: { id: 'ben', name: 'Ben', offset: { x: 0, y: 0 }, scale: 1, style: 'normal', hidden: false },
              voice: { kind: 'text', text: '[excited] Go!', voiceId: 'voice-default', volume: 0.8, model: 'v3' },
              background: null,
              caption: { setting: null, override: false, hidden: false },
              transitionIn: null,
              transitionOut: null,
              visualStyle: 'FullAvatar',
              cta: null,
            },
          ],
        },
      });
      expect(task.result).toEqual({ previewKey: null, outputKey: null, thumbnailKey: null });
      const [job] = await h.jobsOf(task.id);
      expect(job).toMatchObject({ name: LIPSYNC_V2_JOB_NAME, payload: { step: 'direct' } });
    });

    it('defaults the aspect ratio to 9:16 and accepts a colour end card without fetching', async () => {
      const account = await h.account(100);
      const task = await service.create(account, req([scene()], { ctaEnd: true, ctaBackground: '#ABC' }), 'preview');
      expect(task.input).toMatchObject({ aspectRatio: '9:16', spec: { endCard: { background: { kind: 'color', color: '#ABC' }, seconds: 2 } } });
      expect(media.checks).toEqual([]);
    });
  });

  it("gets and lists only the account's v2 tasks", async () => {
    const owner = await h.account(100);
    const other = await h.account(100);
    const task = await service.create(owner, req([scene()]), 'preview');
    const v1 = await h.doneTask(owner, LIPSYNC_KIND, {}, {});
    expect((await service.get(owner, task.id)).id).toBe(task.id);
    await expect(service.get(other, task.id)).rejects.toBeInstanceOf(NotFound);
    await expect(service.get(owner, v1.id)).rejects.toBeInstanceOf(NotFound);
    expect((await service.list(owner, {})).map((t) => t.id)).toEqual([task.id]);
  });
});
