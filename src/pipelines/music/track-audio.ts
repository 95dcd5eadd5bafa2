/** A catalog track as audio, synthesised in memory. Pure and deterministic (same bytes everywhere). */
import type { MusicTrack } from '../../domain/catalog/music.js';
import type { Arrangement } from './arrangement.js';
import { composeTrack } from './compose.js';
import { mixArrangement, type StereoAudio } from './mixdown.js';
import { hashString } from '../../core/random.js';
import { styleFor } from './styles.js';

export const MUSIC_SAMPLE_RATE_HZ = 44100;

/** The seed depends on the category and slug only, never on list order or ids. */
export function trackSeed(track: MusicTrack): number {
  return hashString(`${track.categorySlug}/${track.slug}`);
}

export function composeCatalogTrack(track: MusicTrack): Arrangement {
  return composeTrack({
    seed: trackSeed(track),
    bpm: track.bpm,
    beatsPerBar: track.beatsPerBar,
    barCount: track.barCount,
    key: { tonicPitchClass: track.tonicPitchClass, mode: track.mode },
    style: styleFor(track.categorySlug),
  });
}

export function renderTrackAudio(track: MusicTrack, sampleRateHz = MUSIC_SAMPLE_RATE_HZ): StereoAudio {
  return mixArrangement(composeCatalogTrack(track), styleFor(track.categorySlug), trackSeed(track), sampleRateHz);
}
