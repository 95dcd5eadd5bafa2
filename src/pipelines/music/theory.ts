/**
 * Just enough music theory to write in a key: scales, diatonic chords by scale degree, and
 * helpers to place notes of a chord or scale in a register.
 */

export type Mode = 'major' | 'minor';

export interface MusicalKey {
  tonicPitchClass: number;
  mode: Mode;
}

const SCALE_STEPS: Record<Mode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

export interface Chord {
  /** Scale degree, 0-based (0 = I / i). */
  degree: number;
  /** Root as a MIDI note in the bass register (E1..D#2 range). */
  rootMidi: number;
  /** Chord tones as pitch classes, root first. */
  pitchClasses: number[];
}

function positiveModulo(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}

export function scalePitchClasses(key: MusicalKey): number[] {
  return SCALE_STEPS[key.mode].map((step) => (key.tonicPitchClass + step) % 12);
}

/** Pitch class of a scale degree; degrees beyond 6 wrap into the next octave. */
export function degreePitchClass(key: MusicalKey, degree: number): number {
  const steps = SCALE_STEPS[key.mode];
  return (key.tonicPitchClass + steps[positiveModulo(degree, 7)]!) % 12;
}

/** A chord stacked in thirds from the scale, so every chord stays inside the key. */
export function diatonicChord(key: MusicalKey, degree: number, noteCount: 3 | 4): Chord {
  const pitchClasses: number[] = [];
  for (let i = 0; i < noteCount; i++) pitchClasses.push(degreePitchClass(key, degree + 2 * i));
  const rootPitchClass = pitchClasses[0]!;
  // Bass roots between E1 (28) and D#2 (39): low enough to anchor, high enough for small speakers.
  const rootMidi = 28 + positiveModulo(rootPitchClass - 4, 12);
  return { degree, rootMidi, pitchClasses };
}

/** The MIDI note of this pitch class closest to (and not below) `lowestMidi`. */
export function noteAtOrAbove(pitchClass: number, lowestMidi: number): number {
  return lowestMidi + positiveModulo(pitchClass - lowestMidi, 12);
}

/**
 * Chord tones spread upward from `lowestMidi`, each tone placed at or above the previous one,
 * which keeps voicings close (and so chord changes smooth) in a fixed register.
 */
export function voiceChord(chord: Chord, lowestMidi: number): number[] {
  const notes: number[] = [];
  // Start from the chord tone nearest the bottom of the register so voicings do not jump octaves.
  let bestStart = 0;
  let bestDistance = 12;
  chord.pitchClasses.forEach((pitchClass, index) => {
    const distance = noteAtOrAbove(pitchClass, lowestMidi) - lowestMidi;
    if (distance < bestDistance) {
      bestDistance = distance;
      bestStart = index;
    }
  });
  let floor = lowestMidi;
  for (let i = 0; i < chord.pitchClasses.length; i++) {
    const pitchClass = chord.pitchClasses[(bestStart + i) % chord.pitchClasses.length]!;
    const note = noteAtOrAbove(pitchClass, floor);
    notes.push(note);
    floor = note + 1;
  }
  return notes;
}

/** Scale notes (MIDI) between two bounds, inclusive, used by melodies. */
export function scaleNotesInRange(key: MusicalKey, lowestMidi: number, highestMidi: number): number[] {
  const pitchClasses = new Set(scalePitchClasses(key));
  const notes: number[] = [];
  for (let midi = lowestMidi; midi <= highestMidi; midi++) if (pitchClasses.has(midi % 12)) notes.push(midi);
  return notes;
}
