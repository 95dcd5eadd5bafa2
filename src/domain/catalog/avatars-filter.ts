import { ValidationError } from '../../core/errors.js';
import { AVATAR_AGE_RANGES, AVATAR_GENDERS, AVATAR_INDUSTRIES, AVATAR_LOCATIONS, AVATAR_STYLES, type FilterableAvatar } from './avatars.js';

/** The contract's avatar filters; each list holds alternatives (comma-separated in the query). */
export interface AvatarFilter {
  gender?: string[];
  ageRange?: string[];
  location?: string[];
  style?: string[];
  /** Free text: matched against name, keywords, scene, style and industries. */
  keyword?: string;
  suitableIndustries?: string[];
  ids?: string[];
}

/** The query as the client sent it (snake_case names, comma-separated values). */
export interface AvatarFilterQuery {
  gender?: string;
  age_range?: string;
  location?: string;
  style?: string;
  keyword?: string;
  suitable_industries?: string;
  ids?: string;
}

const split = (value: string | undefined): string[] | undefined => {
  const parts = value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return parts && parts.length > 0 ? parts : undefined;
};

/** Values outside an enumeration → 400 on that field, listing the allowed values. */
function checked(field: string, values: string[] | undefined, allowed: readonly string[], fold = (s: string) => s.toLowerCase()): string[] | undefined {
  if (!values) return undefined;
  const byFolded = new Map(allowed.map((a) => [fold(a), a]));
  return values.map((v) => {
    const hit = byFolded.get(fold(v));
    if (!hit) throw ValidationError.field(field, `"${v}" is not a valid choice. Allowed: ${allowed.join(', ')}.`);
    return hit;
  });
}

export function parseAvatarFilter(q: AvatarFilterQuery): AvatarFilter {
  return {
    gender: checked('gender', split(q.gender), AVATAR_GENDERS),
    ageRange: checked('age_range', split(q.age_range), AVATAR_AGE_RANGES),
    location: checked('location', split(q.location), AVATAR_LOCATIONS),
    style: checked('style', split(q.style), AVATAR_STYLES),
    keyword: q.keyword?.trim() || undefined,
    suitableIndustries: checked('suitable_industries', split(q.suitable_industries), AVATAR_INDUSTRIES, (s) => s.toLowerCase().replace(/\s+/g, ' ')),
    ids: split(q.ids)
      ?.slice(0, 100)
      .map((s) => s.toLowerCase()),
  };
}

/** Every keyword word must appear somewhere in the avatar's describing text. */
function matchesKeyword(a: FilterableAvatar & { manner?: string }, keyword: string): boolean {
  const haystack = [a.name, a.videoScene ?? '', a.manner ?? '', a.style ?? '', a.location ?? '', ...a.keywords, ...a.suitableIndustries]
    .join(' ')
    .toLowerCase();
  return keyword
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function filterAvatars<A extends FilterableAvatar>(avatars: readonly A[], f: AvatarFilter): A[] {
  return avatars.filter((a) => {
    if (f.ids && !f.ids.includes(a.id.toLowerCase())) return false;
    if (f.gender && (!a.gender || !f.gender.includes(a.gender))) return false;
    if (f.ageRange && (!a.ageRange || !f.ageRange.includes(a.ageRange))) return false;
    if (f.location && (!a.location || !f.location.includes(a.location))) return false;
    if (f.style && (!a.style || !f.style.includes(a.style))) return false;
    if (f.suitableIndustries && !a.suitableIndustries.some((i) => f.suitableIndustries!.includes(i))) return false;
    if (f.keyword && !matchesKeyword(a, f.keyword)) return false;
    return true;
  });
}
