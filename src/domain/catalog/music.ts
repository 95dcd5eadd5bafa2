import { uuidV5 } from '../../core/ids.js';
/**
 * The built-in music library: categories and tracks that the service synthesises itself
 * (`pipelines/music`). Pure data and filters; the API maps these to the wire shape.
 *
 * Ids are UUIDv5 of a fixed namespace and the slug, so they never change between releases or
 * machines, and a track URL handed out once keeps working.
 */
import { ValidationError } from '../../core/errors.js';

export type MusicMode = 'major' | 'minor';

export interface MusicCategory {
  id: string;
  slug: string;
  name: string;
  description: string;
}

export interface MusicTrack {
  id: string;
  slug: string;
  name: string;
  categoryId: string;
  categoryName: string;
  categorySlug: string;
  durationSeconds: number;
  bpm: number;
  /** Readable key, e.g. "F# minor". */
  key: string;
  /** 0 = C … 11 = B. */
  tonicPitchClass: number;
  mode: MusicMode;
  /** The loop is exactly this many whole bars, so its end joins its start on the beat. */
  barCount: number;
  beatsPerBar: number;
}

export const MUSIC_BEATS_PER_BAR = 4;
export const MIN_TRACK_DURATION_SECONDS = 60;
/** Intro and outro take 4 bars each; at least 3 phrases of 4 bars between them. */
const MIN_BAR_COUNT = 20;
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const MUSIC_ID_NAMESPACE = '3f6c1a52-8d0e-4b7a-9c21-6e5d4f1b2a90';

const PITCH_CLASS_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

interface CategoryDefinition {
  slug: string;
  name: string;
  description: string;
  /** [track name, bpm, tonic, mode] */
  tracks: ReadonlyArray<readonly [string, number, (typeof PITCH_CLASS_NAMES)[number], MusicMode]>;
}

const CATEGORY_DEFINITIONS: readonly CategoryDefinition[] = [
  {
    slug: 'upbeat',
    name: 'Upbeat',
    description: 'Bright, driving pop grooves with a four-on-the-floor pulse and a catchy lead.',
    tracks: [
      ['Sunny Side Up', 120, 'C', 'major'],
      ['Good Vibes Only', 124, 'G', 'major'],
      ['Morning Run', 118, 'D', 'major'],
      ['High Five', 126, 'A', 'major'],
      ['Confetti', 122, 'F', 'major'],
    ],
  },
  {
    slug: 'chill',
    name: 'Chill',
    description: 'Laid-back lo-fi beats with swung drums, soft electric piano and warm bass.',
    tracks: [
      ['Rainy Window', 78, 'A', 'minor'],
      ['Late Latte', 82, 'F', 'major'],
      ['Slow Sunday', 75, 'D', 'minor'],
      ['Paper Lanterns', 85, 'Eb', 'major'],
      ['Night Bus', 80, 'E', 'minor'],
    ],
  },
  {
    slug: 'corporate',
    name: 'Corporate',
    description: 'Clean, optimistic pulses with plucked synths and bell tones for presentations.',
    tracks: [
      ['Forward Together', 110, 'C', 'major'],
      ['Quarterly Growth', 104, 'G', 'major'],
      ['Clear Vision', 108, 'D', 'major'],
      ['Bright Horizon', 112, 'Bb', 'major'],
      ['Teamwork', 100, 'E', 'major'],
    ],
  },
  {
    slug: 'cinematic',
    name: 'Cinematic',
    description: 'Slow-building strings, deep drums and wide reverb for trailers and stories.',
    tracks: [
      ['Rising Tide', 72, 'D', 'minor'],
      ['Last Stand', 78, 'C', 'minor'],
      ['Northern Lights', 70, 'A', 'minor'],
      ['The Long Road', 74, 'E', 'minor'],
      ['Storm Front', 80, 'G', 'minor'],
    ],
  },
  {
    slug: 'hip-hop',
    name: 'Hip-Hop',
    description: 'Head-nodding beats with punchy kicks, crisp snares and deep sub bass.',
    tracks: [
      ['Block Party', 92, 'C', 'minor'],
      ['Concrete Dreams', 88, 'F', 'minor'],
      ['Late Night Cypher', 90, 'G', 'minor'],
      ['Gold Chain', 95, 'Bb', 'minor'],
      ['Corner Store', 86, 'D', 'minor'],
    ],
  },
  {
    slug: 'ambient',
    name: 'Ambient',
    description: 'Soft, evolving pads and gentle arpeggios over a quiet pulse.',
    tracks: [
      ['Drifting Clouds', 70, 'D', 'major'],
      ['Deep Field', 66, 'A', 'minor'],
      ['Glass Garden', 72, 'E', 'major'],
      ['Still Water', 64, 'C', 'major'],
      ['Aurora', 68, 'F#', 'minor'],
    ],
  },
  {
    slug: 'acoustic',
    name: 'Acoustic',
    description: 'Plucked-string patterns with shaker and warm bass (synthesised, not recorded).',
    tracks: [
      ['Front Porch', 96, 'G', 'major'],
      ['Open Road', 104, 'D', 'major'],
      ['Campfire', 92, 'C', 'major'],
      ['Wildflowers', 100, 'A', 'major'],
      ['Homeward', 94, 'E', 'minor'],
    ],
  },
  {
    slug: 'electronic',
    name: 'Electronic',
    description: 'Synth leads, side-chained pads and punchy club drums.',
    tracks: [
      ['Neon Pulse', 128, 'A', 'minor'],
      ['Circuit Breaker', 126, 'F', 'minor'],
      ['Digital Sunrise', 124, 'C', 'major'],
      ['Hyperdrive', 130, 'E', 'minor'],
      ['Afterglow', 122, 'G', 'minor'],
    ],
  },
];

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The smallest whole number of 4-bar phrases that lasts at least a minute at this tempo. */
export function barCountForTempo(bpm: number): number {
  const barSeconds = (MUSIC_BEATS_PER_BAR * 60) / bpm;
  let bars = MIN_BAR_COUNT;
  while (bars * barSeconds < MIN_TRACK_DURATION_SECONDS) bars += 4;
  return bars;
}

const CATEGORIES: readonly MusicCategory[] = CATEGORY_DEFINITIONS.map((definition) => ({
  id: uuidV5(`music-category:${definition.slug}`, MUSIC_ID_NAMESPACE),
  slug: definition.slug,
  name: definition.name,
  description: definition.description,
}));

const TRACKS: readonly MusicTrack[] = CATEGORY_DEFINITIONS.flatMap((definition, categoryIndex) => {
  const category = CATEGORIES[categoryIndex]!;
  return definition.tracks.map(([name, bpm, tonic, mode]) => {
    const slug = slugify(name);
    const barCount = barCountForTempo(bpm);
    const exactSeconds = (barCount * MUSIC_BEATS_PER_BAR * 60) / bpm;
    return {
      id: uuidV5(`music-track:${definition.slug}/${slug}`, MUSIC_ID_NAMESPACE),
      slug,
      name,
      categoryId: category.id,
      categoryName: category.name,
      categorySlug: category.slug,
      durationSeconds: Math.round(exactSeconds * 1000) / 1000,
      bpm,
      key: `${tonic} ${mode}`,
      tonicPitchClass: PITCH_CLASS_NAMES.indexOf(tonic),
      mode,
      barCount,
      beatsPerBar: MUSIC_BEATS_PER_BAR,
    };
  });
});

export function listMusicCategories(): readonly MusicCategory[] {
  return CATEGORIES;
}

export function listMusicTracks(): readonly MusicTrack[] {
  return TRACKS;
}

/** By id, name or slug, ignoring case. */
export function findMusicCategory(nameOrId: string): MusicCategory | undefined {
  const wanted = nameOrId.trim().toLowerCase();
  return CATEGORIES.find((category) => category.id === wanted || category.name.toLowerCase() === wanted || category.slug === wanted);
}

export function findMusicTrack(trackId: string): MusicTrack | undefined {
  const wanted = trackId.trim().toLowerCase();
  return TRACKS.find((track) => track.id === wanted);
}

export interface MusicTrackQuery {
  /** Category id, name or slug, ignoring case. An unknown category matches nothing. */
  category?: string;
  /** Substring of the track name or its category name, ignoring case. */
  search?: string;
  ids?: readonly string[];
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

export interface MusicTrackPage {
  items: MusicTrack[];
  totalCount: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

function requirePositiveInteger(field: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw ValidationError.field(field, 'A positive integer is required.');
}

export function queryMusicTracks(query: MusicTrackQuery = {}): MusicTrackPage {
  const page = query.page ?? 1;
  const pageSize = Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  requirePositiveInteger('page', page);
  requirePositiveInteger('page_size', pageSize);

  let matches: MusicTrack[] = [...TRACKS];
  if (query.category !== undefined && query.category.trim() !== '') {
    const category = findMusicCategory(query.category);
    matches = category ? matches.filter((track) => track.categoryId === category.id) : [];
  }
  const search = query.search?.trim().toLowerCase();
  if (search) {
    matches = matches.filter(
      (track) => track.name.toLowerCase().includes(search) || track.categoryName.toLowerCase().includes(search) || track.categorySlug.includes(search),
    );
  }
  if (query.ids && query.ids.length > 0) {
    const wanted = new Set(query.ids.map((id) => id.trim().toLowerCase()));
    matches = matches.filter((track) => wanted.has(track.id));
  }

  const start = (page - 1) * pageSize;
  return {
    items: matches.slice(start, start + pageSize),
    totalCount: matches.length,
    page,
    pageSize,
    hasNext: start + pageSize < matches.length,
    hasPrevious: page > 1,
  };
}

export { uuidV5 };
