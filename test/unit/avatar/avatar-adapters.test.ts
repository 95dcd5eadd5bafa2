import { describe, expect, it } from 'vitest';
import { TaskFailure } from '../../../src/core/errors.js';
import { customAvatarDirectory } from '../../../src/domain/avatars/custom-avatar-directory.js';
import type { CustomAvatarRecord } from '../../../src/domain/avatars/custom-avatars.js';
import { avatarVoiceIn, voiceForGender } from '../../../src/domain/catalog/avatar-voice.js';
import { BUILTIN_AVATARS, DEFAULT_AVATAR_ID, findBuiltinAvatar } from '../../../src/domain/catalog/avatars.js';
import { voiceIdFor } from '../../../src/domain/catalog/voice-ids.js';
import { buildVoiceCatalog } from '../../../src/domain/catalog/voices.js';
import type { LinkFacts } from '../../../src/domain/links/link-facts.js';
import type { AvatarDirectory } from '../../../src/domain/videos/avatar-directory.js';
import { builtinAvatarDirectory } from '../../../src/domain/videos/builtin-avatar-directory.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { createFakeFaceEngine } from '../../../src/engines/face/fake-engine.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import type { EngineVoice } from '../../../src/engines/speech/port.js';
import { drawnAvatarClips } from '../../../src/pipelines/avatar/clips/drawn-avatar-clips.js';
import { photoAvatarClips } from '../../../src/pipelines/avatar/clips/photo-avatar-clips.js';
import type { AvatarClipMaker } from '../../../src/pipelines/avatar/clips/avatar-clip-maker.js';

const ev = (engine: EngineVoice['engine'], engineVoice: string, locale: string, gender: EngineVoice['gender']): EngineVoice => ({
  engine,
  engineVoice,
  locale,
  languageName: locale,
  gender,
  label: engineVoice,
});
const espeakMale = ev('espeak-ng', 'en-us+m3', 'en-US', 'male');
const espeakFemale = ev('espeak-ng', 'en-us+f3', 'en-US', 'female');
const frenchMale = ev('espeak-ng', 'fr+m1', 'fr-FR', 'male');
const slt = ev('flite', 'slt', 'en-US', 'female');

const facts = (aiIndustry: string) => ({ aiIndustry }) as unknown as LinkFacts;

describe("an avatar's voice among the voices this machine has (one rule for built-in and custom avatars)", () => {
  const amara = findBuiltinAvatar(DEFAULT_AVATAR_ID)!;

  it('takes its preferred voice when the machine has it', () => {
    expect(avatarVoiceIn(buildVoiceCatalog([espeakMale, slt]), amara)).toBe(voiceIdFor('flite', 'slt'));
  });

  it('else an English built-in voice of its gender, else the default; null with no voices', () => {
    expect(avatarVoiceIn(buildVoiceCatalog([frenchMale, espeakMale, espeakFemale]), amara)).toBe(voiceIdFor('espeak-ng', 'en-us+f3'));
    expect(avatarVoiceIn(buildVoiceCatalog([frenchMale, espeakMale]), { gender: 'm', preferredVoiceIds: [] })).toBe(voiceIdFor('espeak-ng', 'en-us+m3'));
    expect(avatarVoiceIn(buildVoiceCatalog([espeakMale, espeakFemale]), { gender: 'nb', preferredVoiceIds: [] })).toBe(voiceIdFor('espeak-ng', 'en-us+f3'));
    expect(avatarVoiceIn(buildVoiceCatalog([]), amara)).toBeNull();
  });

  it('a custom avatar is voiced by its gender (no gender: the default voice)', () => {
    const byGender = voiceForGender(buildVoiceCatalog([frenchMale, espeakMale, espeakFemale]));
    expect(byGender('m')).toBe(voiceIdFor('espeak-ng', 'en-us+m3'));
    expect(byGender('f')).toBe(voiceIdFor('espeak-ng', 'en-us+f3'));
    expect(byGender(null)).toBe(voiceIdFor('espeak-ng', 'en-us+f3'));
  });
});

describe('built-in avatar directory', () => {
  const catalog = buildVoiceCatalog([espeakMale, espeakFemale]);

  it('resolves built-in ids with their voice, and hands other ids to the custom directory', async () => {
    const custom: AvatarDirectory = {
      resolve: async (accountId, id) => (accountId === 'acc' && id === 'mine' ? { id, name: 'Mine', defaultVoiceId: null } : null),
      whyUnusable: async (_a, id) => (id === 'building' ? 'still being built' : null),
      match: async () => null,
    };
    const directory = builtinAvatarDirectory(catalog, custom);
    expect(await directory.resolve('acc', DEFAULT_AVATAR_ID)).toEqual({
      id: DEFAULT_AVATAR_ID,
      name: 'Amara',
      defaultVoiceId: voiceIdFor('espeak-ng', 'en-us+f3'),
    });
    expect(await directory.resolve('acc', 'mine')).toEqual({ id: 'mine', name: 'Mine', defaultVoiceId: null });
    expect(await directory.resolve('other', 'mine')).toBeNull();
    expect(await directory.whyUnusable!('acc', 'building')).toBe('still being built');
    expect(await builtinAvatarDirectory(catalog).resolve('acc', 'mine')).toBeNull();
    expect(await builtinAvatarDirectory(catalog).whyUnusable!('acc', 'building')).toBeNull();
  });

  it("matches an avatar suited to the product's industry (never an 'other' style), the seed choosing among them", async () => {
    const directory = builtinAvatarDirectory(catalog);
    const industry = 'Tech & Electronics';
    const suited = BUILTIN_AVATARS.filter((a) => a.suitableIndustries.includes(industry as never) && a.style !== 'other');
    expect(suited.length).toBeGreaterThan(1);
    expect(BUILTIN_AVATARS.some((a) => a.suitableIndustries.includes(industry as never) && a.style === 'other')).toBe(true);
    const picks = await Promise.all(suited.map((_, seed) => directory.match(facts(industry), seed)));
    expect(picks.map((p) => p!.id)).toEqual(suited.map((a) => a.id));
    expect(await directory.match(facts(industry), suited.length)).toEqual(picks[0]);
  });

  it('an industry only "other" avatars (or none) suit gets a presenter in plain clothes; no facts at all gets the default avatar', async () => {
    const directory = builtinAvatarDirectory(catalog);
    const presenters = BUILTIN_AVATARS.filter((a) => a.style === 'presenter' && !a.presentsOnly);
    expect((await directory.match(facts('Pets'), 1))!.id).toBe(presenters[1]!.id);
    expect((await directory.match(facts('Underwater Basket Weaving'), 2))!.id).toBe(presenters[2]!.id);
    expect((await directory.match(null, 7))!.id).toBe(DEFAULT_AVATAR_ID);
  });
});

describe('custom avatar directory', () => {
  it("resolves the account's active avatars with their own voice, passes on why one is unusable, and never auto-matches", async () => {
    const record = { id: 'av1', name: 'Kim', defaultVoiceId: 'v-kim' } as CustomAvatarRecord;
    const directory = customAvatarDirectory({
      record: async (accountId, id) => (accountId === 'acc' && id === 'av1' ? record : null),
      whyUnusable: async (_a, id) => (id === 'av2' ? 'The avatar is still being built.' : null),
    });
    expect(await directory.resolve('acc', 'av1')).toEqual({ id: 'av1', name: 'Kim', defaultVoiceId: 'v-kim' });
    expect(await directory.resolve('other', 'av1')).toBeNull();
    expect(await directory.whyUnusable!('acc', 'av2')).toBe('The avatar is still being built.');
    expect(await directory.match(facts('Pets'), 0)).toBeNull();
  });
});

describe('avatar clip makers', () => {
  const req = { accountId: 'acc', audioPath: '/in/voice.wav', words: [], durationSeconds: 2, widthPx: 360, heightPx: 480, workDir: '/tmp' };

  it('drawn avatars can be cut out; photos and other ids cannot, and go to the photo clip maker', async () => {
    const photo: AvatarClipMaker = { make: async (r) => ({ path: `photo:${r.avatarId}`, hasAlpha: false }) };
    const clips = drawnAvatarClips(createFakeFfmpegEngine(), photo);
    expect(clips.canCutOut!({ accountId: 'acc', avatarId: DEFAULT_AVATAR_ID })).toBe(true);
    expect(clips.canCutOut!({ accountId: 'acc', avatarId: DEFAULT_AVATAR_ID, photoPath: '/in/me.jpg' })).toBe(false);
    expect(clips.canCutOut!({ accountId: 'acc', avatarId: 'custom-1' })).toBe(false);
    expect(await clips.make({ ...req, avatarId: 'custom-1' })).toEqual({ path: 'photo:custom-1', hasAlpha: false });
    expect(await clips.make({ ...req, avatarId: DEFAULT_AVATAR_ID, photoPath: '/in/me.jpg' })).toEqual({ path: `photo:${DEFAULT_AVATAR_ID}`, hasAlpha: false });
    await expect(drawnAvatarClips(createFakeFfmpegEngine()).make({ ...req, avatarId: 'custom-1' })).rejects.toThrow('avatar custom-1 is not a built-in avatar');
  });

  it('a custom avatar deleted since the task was created fails the task in words for the client', async () => {
    const clips = photoAvatarClips({
      ffmpeg: createFakeFfmpegEngine(),
      faces: createFakeFaceEngine(),
      blobs: new MemoryBlobStore(),
      records: async () => null,
    });
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const workDir = await mkdtemp(`${tmpdir()}/cw-clip-`);
    const failure = await clips.make({ ...req, workDir, avatarId: 'gone' }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TaskFailure);
    expect((failure as TaskFailure).message).toBe('The avatar gone is not available any more (deleted, or not active); choose another avatar.');
  });
});
