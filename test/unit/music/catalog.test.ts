import { describe, expect, it } from 'vitest';
import {
  barCountForTempo,
  findMusicCategory,
  findMusicTrack,
  listMusicCategories,
  listMusicTracks,
  MIN_TRACK_DURATION_SECONDS,
  queryMusicTracks,
  uuidV5,
} from '../../../src/domain/catalog/music.js';
import { ValidationError } from '../../../src/core/errors.js';

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('music catalog', () => {
  it('derives UUIDv5 ids the standard way (RFC 4122 test vector for the DNS namespace)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('has at least 6 categories with at least 5 tracks each, all at least a minute long', () => {
    const categories = listMusicCategories();
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const category of categories) {
      const tracks = listMusicTracks().filter((track) => track.categoryId === category.id);
      expect(tracks.length, category.name).toBeGreaterThanOrEqual(5);
      for (const track of tracks) {
        expect(track.durationSeconds).toBeGreaterThanOrEqual(MIN_TRACK_DURATION_SECONDS);
        expect(track.categoryName).toBe(category.name);
      }
    }
  });

  it('gives every category and track a unique UUIDv5 id and a readable key', () => {
    const ids = [...listMusicCategories().map((c) => c.id), ...listMusicTracks().map((t) => t.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID_V5);
    for (const track of listMusicTracks()) expect(track.key).toMatch(/^[A-G][#b]? (major|minor)$/);
  });

  it('keeps ids stable: they come from the slug only', () => {
    const category = listMusicCategories()[0]!;
    expect(category.id).toBe(uuidV5(`music-category:${category.slug}`, '3f6c1a52-8d0e-4b7a-9c21-6e5d4f1b2a90'));
  });

  it('makes tracks whole 4-bar phrases whose duration follows from tempo and bar count', () => {
    for (const track of listMusicTracks()) {
      expect(track.barCount % 4).toBe(0);
      expect(track.durationSeconds).toBeCloseTo((track.barCount * track.beatsPerBar * 60) / track.bpm, 3);
    }
    // The bar count is the least that reaches a minute.
    const bars = barCountForTempo(100);
    expect((bars * 240) / 100).toBeGreaterThanOrEqual(60);
    expect(((bars - 4) * 240) / 100 < 60 || bars - 4 < 20).toBe(true);
  });

  it('finds categories by id, name or slug, ignoring case', () => {
    const hipHop = listMusicCategories().find((c) => c.slug === 'hip-hop')!;
    expect(findMusicCategory(hipHop.id.toUpperCase())).toBe(hipHop);
    expect(findMusicCategory('HIP-HOP')).toBe(hipHop);
    expect(findMusicCategory(' Hip-Hop ')).toBe(hipHop);
    expect(findMusicCategory('polka')).toBeUndefined();
  });

  it('finds a track by id', () => {
    const track = listMusicTracks()[7]!;
    expect(findMusicTrack(track.id)).toBe(track);
    expect(findMusicTrack('00000000-0000-5000-8000-000000000000')).toBeUndefined();
  });

  it('filters tracks by category name or id', () => {
    const chill = findMusicCategory('chill')!;
    const byName = queryMusicTracks({ category: 'CHILL', pageSize: 100 });
    const byId = queryMusicTracks({ category: chill.id, pageSize: 100 });
    expect(byName.items.length).toBeGreaterThanOrEqual(5);
    expect(byName.items.every((t) => t.categoryId === chill.id)).toBe(true);
    expect(byId.items).toEqual(byName.items);
    expect(queryMusicTracks({ category: 'no such category' }).totalCount).toBe(0);
  });

  it('searches track names and category names', () => {
    const someTrack = listMusicTracks()[3]!;
    const word = someTrack.name.split(' ')[0]!.toLowerCase();
    const byTrackName = queryMusicTracks({ search: word, pageSize: 100 });
    expect(byTrackName.items).toContain(someTrack);
    expect(byTrackName.items.every((t) => `${t.name} ${t.categoryName}`.toLowerCase().includes(word))).toBe(true);
    const byCategory = queryMusicTracks({ search: 'cinem', pageSize: 100 });
    expect(byCategory.totalCount).toBeGreaterThanOrEqual(5);
    expect(byCategory.items.every((t) => t.categorySlug === 'cinematic' || t.name.toLowerCase().includes('cinem'))).toBe(true);
  });

  it('paginates with page and page_size', () => {
    const all = listMusicTracks();
    const first = queryMusicTracks({ page: 1, pageSize: 7 });
    const second = queryMusicTracks({ page: 2, pageSize: 7 });
    expect(first.items).toEqual(all.slice(0, 7));
    expect(second.items).toEqual(all.slice(7, 14));
    expect(first.totalCount).toBe(all.length);
    expect(first.hasNext).toBe(true);
    expect(first.hasPrevious).toBe(false);
    expect(queryMusicTracks({}).pageSize).toBe(20);
    const last = queryMusicTracks({ page: 1000, pageSize: 10 });
    expect(last.items).toEqual([]);
    expect(last.hasNext).toBe(false);
  });

  it('rejects a page or page size that is not a positive integer', () => {
    expect(() => queryMusicTracks({ page: 0 })).toThrow(ValidationError);
    expect(() => queryMusicTracks({ pageSize: 2.5 })).toThrow(ValidationError);
  });

  it('filters by ids', () => {
    const [a, b] = listMusicTracks();
    expect(queryMusicTracks({ ids: [b!.id, a!.id] }).items).toEqual([a, b]);
  });
});
