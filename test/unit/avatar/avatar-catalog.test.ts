import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { filterAvatars, parseAvatarFilter } from '../../../src/domain/catalog/avatars-filter.js';
import {
  AVATAR_INDUSTRIES,
  BUILTIN_AVATARS,
  DEFAULT_AVATAR_ID,
  avatarIdFor,
  defaultVoiceForAvatar,
  findBuiltinAvatar,
} from '../../../src/domain/catalog/avatars.js';
import { voiceIdFor } from '../../../src/domain/catalog/voice-ids.js';

describe('built-in avatar catalog', () => {
  it('has at least 12 avatars with stable, unique UUIDv5 ids', () => {
    expect(BUILTIN_AVATARS.length).toBeGreaterThanOrEqual(12);
    const ids = new Set(BUILTIN_AVATARS.map((a) => a.id));
    expect(ids.size).toBe(BUILTIN_AVATARS.length);
    for (const a of BUILTIN_AVATARS) {
      expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(a.id).toBe(avatarIdFor(a.slug));
      expect(findBuiltinAvatar(a.id.toUpperCase())).toBe(a);
    }
    // Pinned: ids must never change between releases.
    expect(avatarIdFor('amara')).toBe(DEFAULT_AVATAR_ID);
    expect(DEFAULT_AVATAR_ID).toBe('e64f2e55-31a9-5b88-a5a2-c85624096d14');
  });

  it('is varied in gender, age, skin, hair, clothes, style and setting', () => {
    const distinct = (f: (a: (typeof BUILTIN_AVATARS)[number]) => string) => new Set(BUILTIN_AVATARS.map(f)).size;
    expect(distinct((a) => a.gender)).toBe(3);
    expect(distinct((a) => a.ageRange)).toBe(4);
    expect(distinct((a) => a.location)).toBe(4);
    expect(distinct((a) => a.style)).toBe(3);
    expect(distinct((a) => a.look.skin)).toBeGreaterThanOrEqual(10);
    expect(distinct((a) => a.look.hair.style)).toBeGreaterThanOrEqual(10);
    expect(distinct((a) => a.look.outfit.kind)).toBeGreaterThanOrEqual(9);
    expect(distinct((a) => a.look.scene)).toBeGreaterThanOrEqual(9);
    expect(distinct((a) => a.manner)).toBeGreaterThanOrEqual(10);
    for (const a of BUILTIN_AVATARS) {
      expect(a.suitableIndustries.every((i) => (AVATAR_INDUSTRIES as readonly string[]).includes(i))).toBe(true);
      expect(a.preferredVoiceIds.length).toBeGreaterThan(0);
    }
  });

  it("picks the avatar's voice from what the voice catalog has", () => {
    const amara = findBuiltinAvatar(DEFAULT_AVATAR_ID)!;
    const has = (ids: string[]) => ({ has: (id: string) => ids.includes(id), sameGender: (g: string) => (g === 'female' ? 'F' : 'M'), fallback: 'X' });
    expect(defaultVoiceForAvatar(amara, has([voiceIdFor('flite', 'slt')]))).toBe(voiceIdFor('flite', 'slt'));
    expect(defaultVoiceForAvatar(amara, has([]))).toBe('F');
    expect(defaultVoiceForAvatar({ gender: 'nb', preferredVoiceIds: ['none'] }, has([]))).toBe('X');
  });
});

describe('avatar filters', () => {
  it('parses comma-separated values and refuses unknown ones with the allowed list', () => {
    expect(parseAvatarFilter({ gender: 'f, nb', age_range: 'senior' })).toMatchObject({ gender: ['f', 'nb'], ageRange: ['senior'] });
    expect(parseAvatarFilter({ suitable_industries: 'health,pets' }).suitableIndustries).toEqual(['Health', 'Pets']);
    try {
      parseAvatarFilter({ style: 'business' });
      expect.fail('should throw');
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).fields.style![0]).toContain('selfie, presenter, other');
    }
  });

  it('filters by every field; keyword words must all match', () => {
    const all = BUILTIN_AVATARS;
    const seniors = filterAvatars(all, parseAvatarFilter({ age_range: 'senior' }));
    expect(seniors.length).toBeGreaterThan(0);
    expect(seniors.every((a) => a.ageRange === 'senior')).toBe(true);
    const f = filterAvatars(all, parseAvatarFilter({ gender: 'f', location: 'outdoor,fantasy' }));
    expect(f.every((a) => a.gender === 'f' && ['outdoor', 'fantasy'].includes(a.location))).toBe(true);
    expect(filterAvatars(all, parseAvatarFilter({ keyword: 'chef' })).map((a) => a.slug)).toEqual(['carlos']);
    expect(filterAvatars(all, parseAvatarFilter({ keyword: 'Senior BEARD' })).map((a) => a.slug)).toEqual(['ahmed']);
    expect(filterAvatars(all, parseAvatarFilter({ keyword: 'no-such-thing' }))).toEqual([]);
    const two = [all[0]!.id, all[3]!.id];
    expect(filterAvatars(all, parseAvatarFilter({ ids: two.join(',') })).map((a) => a.id)).toEqual(two);
    expect(filterAvatars(all, parseAvatarFilter({ suitable_industries: 'Pets' })).every((a) => a.suitableIndustries.includes('Pets'))).toBe(true);
  });
});
