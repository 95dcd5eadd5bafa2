import type { AvatarIndustry } from './avatars.js';
import { listMusicTracks, type MusicTrack } from './music.js';

/**
 * The library's categories (slugs) that sound like an industry's ads, best fit first: skincare
 * over a chill groove, sport over a driving beat, a bank over clean corporate pulses. An industry
 * that is not listed ("Others") may get any track.
 */
export const MUSIC_FOR_INDUSTRY: Partial<Record<AvatarIndustry, readonly string[]>> = {
  'Apparel & Accessories': ['hip-hop', 'upbeat', 'electronic'],
  Appliances: ['upbeat', 'acoustic', 'corporate'],
  Apps: ['electronic', 'upbeat', 'corporate'],
  'Baby Kids & Maternity': ['acoustic', 'upbeat'],
  'Beauty & Personal Care': ['chill', 'ambient', 'acoustic'],
  'Business Services': ['corporate', 'ambient'],
  'E-Commerce': ['upbeat', 'corporate'],
  Education: ['corporate', 'acoustic', 'ambient'],
  'Financial Services': ['corporate', 'ambient'],
  'Food & Beverage': ['acoustic', 'upbeat', 'chill'],
  Games: ['electronic', 'cinematic', 'hip-hop'],
  Health: ['ambient', 'chill', 'acoustic'],
  'Home Improvement': ['acoustic', 'upbeat'],
  'Household Products': ['upbeat', 'acoustic'],
  'Life Services': ['acoustic', 'corporate'],
  'News & Entertainment': ['cinematic', 'electronic'],
  Pets: ['acoustic', 'upbeat'],
  'Sports & Outdoors': ['upbeat', 'hip-hop', 'electronic'],
  'Tech & Electronics': ['electronic', 'corporate', 'upbeat'],
  Travel: ['cinematic', 'acoustic', 'chill'],
  'Vehicle & Transportation': ['cinematic', 'electronic', 'upbeat'],
};

/** The library tracks an ad of this industry may play (every track when the industry has no list). */
export function tracksForIndustry(industry: string | null | undefined): readonly MusicTrack[] {
  const all = listMusicTracks();
  const slugs = industry ? MUSIC_FOR_INDUSTRY[industry as AvatarIndustry] : undefined;
  if (!slugs) return all;
  const fitting = all.filter((t) => slugs.includes(t.categorySlug));
  return fitting.length > 0 ? fitting : all;
}
