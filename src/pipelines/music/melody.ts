/**
 * Melody writing: a 4-bar phrase over the phrase's chords. Strong beats land on chord tones, the
 * notes between move by small scale steps, and the phrase ends on the root, which is what makes a
 * line of notes sound like a tune rather than a random walk.
 */
import { parseStepRuns, PHRASE_BARS, type NoteEvent } from './arrangement.js';
import type { Rng } from '../../core/random.js';
import { scaleNotesInRange, type Chord, type MusicalKey } from './theory.js';

export interface MelodyRange {
  lowestMidi: number;
  highestMidi: number;
}

function nearestChordTone(chord: Chord, aroundMidi: number, range: MelodyRange): number {
  let best = aroundMidi;
  let bestDistance = Infinity;
  for (let midi = range.lowestMidi; midi <= range.highestMidi; midi++) {
    if (!chord.pitchClasses.includes(midi % 12)) continue;
    const distance = Math.abs(midi - aroundMidi);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = midi;
    }
  }
  return best;
}

/** Notes of one phrase, with beats relative to the phrase start. */
export function writeMelodyPhrase(chords: readonly Chord[], key: MusicalKey, range: MelodyRange, rhythms: readonly string[], rng: Rng): NoteEvent[] {
  const scale = scaleNotesInRange(key, range.lowestMidi, range.highestMidi);
  const motif = rng.pick(rhythms);
  const answer = rng.pick(rhythms);
  // Call and response: the motif's rhythm returns in bar 3 so the ear hears a repeat.
  const barRhythms = [motif, answer, motif, rng.pick(rhythms)];
  const notes: NoteEvent[] = [];
  let current = nearestChordTone(chords[0]!, Math.round((range.lowestMidi + range.highestMidi) / 2), range);

  for (let bar = 0; bar < PHRASE_BARS; bar++) {
    const chord = chords[bar % chords.length]!;
    const runs = parseStepRuns(barRhythms[bar]!);
    runs.forEach((run, runIndex) => {
      const isLastNote = bar === PHRASE_BARS - 1 && runIndex === runs.length - 1;
      if (isLastNote) {
        current = nearestChordTone({ ...chord, pitchClasses: [key.tonicPitchClass] }, current, range);
      } else if (run.step % 8 === 0) {
        current = nearestChordTone(chord, current + rng.int(-2, 2), range);
      } else {
        const position = scale.indexOf(current);
        const from = position >= 0 ? position : scale.findIndex((midi) => midi >= current);
        const roll = rng.next();
        const size = roll < 0.6 ? 1 : roll < 0.85 ? 2 : 0;
        const direction = rng.chance(0.5) ? 1 : -1;
        let target = from + size * direction;
        if (target < 0 || target >= scale.length) target = from - size * direction;
        current = scale[Math.min(Math.max(target, 0), scale.length - 1)]!;
      }
      notes.push({
        startBeat: bar * 4 + run.step / 4,
        durationBeats: Math.max(0.2, run.lengthSteps / 4 - 0.05),
        midi: current,
        velocity: run.step % 4 === 0 ? 0.85 : 0.7,
      });
    });
  }
  return notes;
}
