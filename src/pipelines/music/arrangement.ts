/** The score a track is rendered from: sections, one chord per bar, and timed events per part. */
import type { Chord, MusicalKey } from './theory.js';
import type { DrumKind } from './styles.js';

export type SectionLabel = 'intro' | 'A' | 'B' | 'outro';
export type PartName = 'pad' | 'bass' | 'arp' | 'lead';
export const PART_NAMES: readonly PartName[] = ['pad', 'bass', 'arp', 'lead'];

export interface NoteEvent {
  startBeat: number;
  durationBeats: number;
  midi: number;
  /** 0..1 */
  velocity: number;
}

export interface DrumHit {
  startBeat: number;
  kind: DrumKind;
  velocity: number;
}

export interface Arrangement {
  bpm: number;
  beatsPerBar: number;
  barCount: number;
  key: MusicalKey;
  /** One label per bar. */
  sections: SectionLabel[];
  /** One chord per bar. */
  chords: Chord[];
  parts: Record<PartName, NoteEvent[]>;
  drums: DrumHit[];
}

export const STEPS_PER_BAR = 16;
export const INTRO_BARS = 4;
export const OUTRO_BARS = 4;
export const PHRASE_BARS = 4;

/**
 * Intro, then 4-bar phrases in pairs A A B B A A …, then an outro as sparse as the intro, so the
 * wrap from the end back to the start sounds like one more phrase rather than a restart.
 */
export function planSections(barCount: number): SectionLabel[] {
  const middleBars = barCount - INTRO_BARS - OUTRO_BARS;
  if (middleBars < PHRASE_BARS || middleBars % PHRASE_BARS !== 0) {
    throw new Error(`A track needs intro, outro and whole 4-bar phrases; got ${barCount} bars`);
  }
  const labels: SectionLabel[] = Array<SectionLabel>(INTRO_BARS).fill('intro');
  for (let phrase = 0; phrase < middleBars / PHRASE_BARS; phrase++) {
    const label: SectionLabel = Math.floor(phrase / 2) % 2 === 0 ? 'A' : 'B';
    for (let bar = 0; bar < PHRASE_BARS; bar++) labels.push(label);
  }
  for (let bar = 0; bar < OUTRO_BARS; bar++) labels.push('outro');
  return labels;
}

/** A 16-step string as runs: each onset with its length in steps (onset plus following `-`). */
export function parseStepRuns(pattern: string): Array<{ step: number; lengthSteps: number; symbol: string }> {
  const runs: Array<{ step: number; lengthSteps: number; symbol: string }> = [];
  for (let step = 0; step < pattern.length; step++) {
    const symbol = pattern[step]!;
    if (symbol === '.' || symbol === '-') continue;
    let lengthSteps = 1;
    while (pattern[step + lengthSteps] === '-') lengthSteps++;
    runs.push({ step, lengthSteps, symbol });
  }
  return runs;
}
