import { describe, expect, it } from 'vitest';
import { AVATAR_INDUSTRIES } from '../../../src/domain/catalog/avatars.js';
import { findMusicTrack, listMusicCategories } from '../../../src/domain/catalog/music.js';
import { MUSIC_FOR_INDUSTRY } from '../../../src/domain/catalog/music-for-industry.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';
import { defaultTrackId } from '../../../src/pipelines/music/background-music.js';
import { INDUSTRY_PAGES, productPageHtml } from '../../fixtures/industry-pages/index.js';

const SEEDS = Array.from({ length: 60 }, (_, i) => i * 104729 + 11);
const categoriesPlayed = (industry: string | null) => new Set(SEEDS.map((seed) => findMusicTrack(defaultTrackId(seed, industry))!.categorySlug));

function industryOf(slug: string): string {
  const p = INDUSTRY_PAGES.find((x) => x.slug === slug)!;
  const page = readProductPage(productPageHtml(p), `https://shop.test/p/${slug}`);
  return factsFrom({ ...page, siteName: page.siteName ?? null, brand: page.brand ?? null }, slug).aiIndustry;
}

describe("an ad's music follows the product's industry (issue 27 point 3)", () => {
  it('every industry of the contract but "Others" has categories, all of them in the library', () => {
    const library = new Set(listMusicCategories().map((c) => c.slug));
    for (const industry of AVATAR_INDUSTRIES.filter((i) => i !== 'Others')) {
      const slugs = MUSIC_FOR_INDUSTRY[industry];
      expect(slugs?.length, industry).toBeGreaterThan(0);
      for (const slug of slugs!) expect(library, `${industry}: ${slug}`).toContain(slug);
    }
  });

  it("plays only the industry's categories, the seed varying the track among them", () => {
    for (const industry of AVATAR_INDUSTRIES.filter((i) => i !== 'Others')) {
      const played = categoriesPlayed(industry);
      for (const slug of played) expect(MUSIC_FOR_INDUSTRY[industry], `${industry} played ${slug}`).toContain(slug);
      expect(new Set(SEEDS.map((seed) => defaultTrackId(seed, industry))).size, industry).toBeGreaterThan(3);
    }
    expect(categoriesPlayed('Beauty & Personal Care').has('hip-hop')).toBe(false);
    expect(categoriesPlayed('Financial Services').has('electronic')).toBe(false);
  });

  it('an unknown or missing industry may play the whole library', () => {
    expect(categoriesPlayed(null).size).toBe(listMusicCategories().length);
    expect(categoriesPlayed('Others').size).toBe(listMusicCategories().length);
  });

  it('the water bottle page gets sport music, the cold brew page the food categories', () => {
    const bottle = categoriesPlayed(industryOf('trailflask-water-bottle'));
    expect([...bottle].every((slug) => ['upbeat', 'hip-hop', 'electronic'].includes(slug))).toBe(true);
    const coffee = categoriesPlayed(industryOf('northbean-cold-brew'));
    expect([...coffee].every((slug) => ['acoustic', 'upbeat', 'chill'].includes(slug))).toBe(true);
  });
});
