import type { EngineVoice, SpeechEngineId } from '../../engines/speech/port.js';
import { voiceIdFor } from './voice-ids.js';
import { displayNameFor } from './voice-names.js';

export { voiceIdFor } from './voice-ids.js';
export { previewTextFor } from './voice-names.js';

export type VoiceGender = 'male' | 'female' | null;

/** A voice the service offers out of the box (built-in engine or configured remote provider). */
export interface Voice {
  kind: 'builtin' | 'remote';
  /** Stable UUID (v5 of engine + engine voice): the same on every machine and restart. */
  id: string;
  name: string;
  /** Primary language subtag, what clients filter on: en, es, fr … */
  language: string;
  /** Full locale, e.g. en-US, fr-BE. */
  locale: string;
  accentName: string;
  gender: VoiceGender;
  engine: SpeechEngineId;
  engineVoice: string;
}

export interface VoiceCatalog {
  /** Best engines first, then by locale and name: the order listings use. */
  readonly voices: readonly Voice[];
  readonly byId: ReadonlyMap<string, Voice>;
}

/**
 * English built-in voices, most intelligible first, as `bench/intelligibility.ts` measured them
 * (word error rate of an offline recogniser on three ad texts; figures in the README). Listings
 * start with these, and the first one a machine has is the default voice.
 */
export const VOICES_BY_INTELLIGIBILITY: readonly string[] = [
  // Word error rates at the ad pace (voice-pace.ts), 2026-11-25; ±0.04 between runs.
  voiceIdFor('rhvoice', 'bdl'), // 0.06–0.12
  voiceIdFor('rhvoice', 'clb'), // 0.12–0.13
  voiceIdFor('flite', 'rms'), // 0.17
  voiceIdFor('rhvoice', 'slt'), // 0.20–0.21
  voiceIdFor('rhvoice', 'alan'), // 0.25
  voiceIdFor('festival', 'cmu_us_slt_arctic_hts'), // 0.25
  voiceIdFor('flite', 'slt'), // 0.26
  voiceIdFor('flite', 'kal16'), // 0.26–0.28 (a diphone voice: it barely slows down)
  // Piper joe (neural, CC0) sounds natural but pocketsphinx hears it worst of the neural/HTS set.
  voiceIdFor('piper', 'en_US-joe-medium'), // 0.32
  voiceIdFor('flite', 'awb'), // 0.33
];
export const DEFAULT_VOICE_ID = VOICES_BY_INTELLIGIBILITY[0]!;
const DEFAULT_VOICE_FALLBACKS = [...VOICES_BY_INTELLIGIBILITY, voiceIdFor('espeak-ng', 'en-us+f3')];
const RANK = new Map(VOICES_BY_INTELLIGIBILITY.map((id, i) => [id, i]));

const ENGINE_ORDER: Record<SpeechEngineId, number> = { piper: 0, rhvoice: 1, festival: 2, flite: 3, remote: 4, 'espeak-ng': 5 };

export function voiceFromEngineVoice(v: EngineVoice): Voice {
  return {
    kind: v.engine === 'remote' ? 'remote' : 'builtin',
    id: voiceIdFor(v.engine, v.engineVoice),
    name: displayNameFor(v),
    language: v.locale.split('-')[0]!.toLowerCase(),
    locale: v.locale,
    accentName: v.languageName,
    gender: v.gender,
    engine: v.engine,
    engineVoice: v.engineVoice,
  };
}

export function buildVoiceCatalog(engineVoices: readonly EngineVoice[]): VoiceCatalog {
  const byId = new Map<string, Voice>();
  for (const ev of engineVoices) {
    const voice = voiceFromEngineVoice(ev);
    if (!byId.has(voice.id)) byId.set(voice.id, voice);
  }
  const voices = [...byId.values()].sort(
    (a, b) =>
      (RANK.get(a.id) ?? RANK.size) - (RANK.get(b.id) ?? RANK.size) ||
      ENGINE_ORDER[a.engine] - ENGINE_ORDER[b.engine] ||
      a.locale.localeCompare(b.locale) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  return { voices, byId };
}

export function findVoice(catalog: VoiceCatalog, id: string): Voice | undefined {
  return catalog.byId.get(id.toLowerCase());
}

/** The default voice id that this catalog actually has (festival may be missing on a machine). */
export function defaultVoiceId(catalog: VoiceCatalog): string | undefined {
  return DEFAULT_VOICE_FALLBACKS.find((id) => catalog.byId.has(id)) ?? catalog.voices.find((v) => v.language === 'en')?.id;
}

export interface VoiceFilter {
  /** A primary subtag (en) matches every locale of that language; a full locale (en-GB) only itself. */
  language?: string;
  gender?: 'male' | 'female';
}

export function filterVoices<V extends Pick<Voice, 'language' | 'gender'> & { locale?: string }>(voices: readonly V[], filter: VoiceFilter): V[] {
  const lang = filter.language?.trim().toLowerCase();
  return voices.filter((v) => {
    if (filter.gender && v.gender !== filter.gender) return false;
    if (!lang) return true;
    return lang.includes('-') ? v.locale?.toLowerCase() === lang : v.language === lang;
  });
}

export interface VoicePage<V> {
  /** Voices matching the filter, over all pages. */
  count: number;
  results: V[];
}

export function paginateVoices<V extends Pick<Voice, 'language' | 'gender'> & { locale?: string }>(
  voices: readonly V[],
  opts: VoiceFilter & { page: number; pageSize: number },
): VoicePage<V> {
  const matching = filterVoices(voices, opts);
  const page = Math.max(1, Math.floor(opts.page));
  const size = Math.max(1, Math.floor(opts.pageSize));
  return { count: matching.length, results: matching.slice((page - 1) * size, page * size) };
}

/** What the grouped listing needs of a voice; cloned voices map onto this too. */
export interface ListableVoice {
  id: string;
  name: string;
  gender: VoiceGender;
  accentName: string;
  language: string;
}

/** The contract's `GET /api/voices/` element (snake_case as the contract spells it). */
export interface VoiceGroup {
  name: string;
  gender: VoiceGender;
  accents: Array<{ id: string; accent_name: string; language: string; preview_url: string | null }>;
}

/** Groups voices by (name, gender), keeping first-seen order of groups and accents. */
export function groupVoicesByName(voices: readonly ListableVoice[], previewUrlFor: (voiceId: string) => string | null): VoiceGroup[] {
  const groups = new Map<string, VoiceGroup>();
  for (const v of voices) {
    const key = `${v.name}\u0000${v.gender ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      group = { name: v.name, gender: v.gender, accents: [] };
      groups.set(key, group);
    }
    group.accents.push({ id: v.id, accent_name: v.accentName, language: v.language, preview_url: previewUrlFor(v.id) });
  }
  return [...groups.values()];
}
