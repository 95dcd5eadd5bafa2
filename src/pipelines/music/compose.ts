/**
 * Composition: from a seed and a category's style to an arrangement (chords, bass line, pad,
 * arpeggio, melody and drums per bar). All choices come from the seeded generator, one forked
 * stream per part, so the score is a pure function of (seed, style, tempo, key, length).
 */
import { parseStepRuns, planSections, PHRASE_BARS, type Arrangement, type DrumHit, type NoteEvent, type SectionLabel } from './arrangement.js';
import { writeMelodyPhrase } from './melody.js';
import { createRng, type Rng } from '../../core/random.js';
import type { DrumKind, DrumPattern, StyleParameters } from './styles.js';
import { diatonicChord, voiceChord, type Chord, type MusicalKey } from './theory.js';

export interface CompositionRequest {
  seed: number;
  bpm: number;
  beatsPerBar: number;
  barCount: number;
  key: MusicalKey;
  style: StyleParameters;
}

const DRUM_VELOCITY: Record<string, number> = { X: 1, x: 0.75, o: 0.45 };

function progressionLabel(section: SectionLabel): 'A' | 'B' {
  return section === 'B' ? 'B' : 'A';
}

/** Beat position of a 16th step within a bar, with swing on the off 16ths. */
function stepToBeat(bar: number, beatsPerBar: number, step: number, style: StyleParameters): number {
  const swing = step % 2 === 1 ? style.swingSixteenths / 4 : 0;
  return bar * beatsPerBar + step / 4 + swing;
}

function jitterBeats(rng: Rng, style: StyleParameters): number {
  return style.humanize * 0.012 * rng.bipolar();
}

function writeChords(request: CompositionRequest, sections: readonly SectionLabel[], rng: Rng): Chord[] {
  const { key, style } = request;
  const progressions = {
    A: rng.pick(style.progressionsA[key.mode]),
    B: rng.pick(style.progressionsB[key.mode]),
  };
  return sections.map((section, bar) => {
    const degrees = progressions[progressionLabel(section)];
    return diatonicChord(key, degrees[bar % degrees.length]!, style.chordNoteCount);
  });
}

function writePad(request: CompositionRequest, sections: readonly SectionLabel[], chords: readonly Chord[]): NoteEvent[] {
  const { style, beatsPerBar } = request;
  const notes: NoteEvent[] = [];
  const strumBeats = (style.strumSeconds * request.bpm) / 60;
  sections.forEach((section, bar) => {
    const voicing = voiceChord(chords[bar]!, style.padLowestMidi);
    const sectionVelocity = section === 'intro' || section === 'outro' ? 0.7 : section === 'B' ? 0.9 : 0.8;
    const hits = style.padRhythm ? parseStepRuns(style.padRhythm) : [{ step: 0, lengthSteps: beatsPerBar * 4, symbol: 'x' }];
    hits.forEach((hit, hitIndex) => {
      // Alternate down and up strums, as a guitarist's hand does.
      const order = hitIndex % 2 === 0 ? voicing : [...voicing].reverse();
      order.forEach((midi, stringIndex) => {
        notes.push({
          startBeat: stepToBeat(bar, beatsPerBar, hit.step, style) + stringIndex * strumBeats,
          durationBeats: hit.lengthSteps / 4,
          midi,
          velocity: sectionVelocity * (hitIndex === 0 ? 1 : 0.8),
        });
      });
    });
  });
  return notes;
}

function writeBass(request: CompositionRequest, sections: readonly SectionLabel[], chords: readonly Chord[], rng: Rng): NoteEvent[] {
  const { style, beatsPerBar } = request;
  const patterns = { A: rng.pick(style.bassPatterns), B: rng.pick(style.bassPatterns) };
  const notes: NoteEvent[] = [];
  sections.forEach((section, bar) => {
    if (section === 'intro' || section === 'outro') return;
    const root = chords[bar]!.rootMidi + 12 * style.bassOctave;
    for (const run of parseStepRuns(patterns[progressionLabel(section)])) {
      const interval = run.symbol === '5' ? 7 : run.symbol === 'O' ? 12 : 0;
      notes.push({
        startBeat: stepToBeat(bar, beatsPerBar, run.step, style) + jitterBeats(rng, style),
        durationBeats: run.lengthSteps / 4 - 0.03,
        midi: root + interval,
        velocity: (run.step % 4 === 0 ? 0.95 : 0.8) + 0.05 * style.humanize * rng.bipolar(),
      });
    }
  });
  return notes;
}

function arpOrderIndices(order: string, poolSize: number, rng: Rng): number[] {
  if (order === 'up') return Array.from({ length: poolSize }, (_, i) => i);
  if (order === 'upDown') {
    const up = Array.from({ length: poolSize }, (_, i) => i);
    return [...up, ...up.slice(1, -1).reverse()];
  }
  if (order === 'pinch') {
    const indices: number[] = [];
    for (let low = 0, high = poolSize - 1; low <= high; low++, high--) {
      indices.push(low);
      if (high !== low) indices.push(high);
    }
    return indices;
  }
  return Array.from({ length: 8 }, () => rng.int(0, poolSize - 1));
}

function writeArp(request: CompositionRequest, sections: readonly SectionLabel[], chords: readonly Chord[], rng: Rng): NoteEvent[] {
  const { style, beatsPerBar } = request;
  const arp = style.arp;
  if (!arp) return [];
  const notes: NoteEvent[] = [];
  const stepBeats = 1 / arp.stepsPerBeat;
  const orders = { A: arpOrderIndices(arp.order, 3 * arp.octaves + 1, rng), B: arpOrderIndices(arp.order, 3 * arp.octaves + 1, rng) };
  sections.forEach((section, bar) => {
    if (section === 'B' && !arp.inB) return;
    const voicing = voiceChord(chords[bar]!, arp.lowestMidi);
    const pool: number[] = [];
    for (let octave = 0; octave < arp.octaves; octave++) for (const midi of voicing.slice(0, 3)) pool.push(midi + 12 * octave);
    pool.push(voicing[0]! + 12 * arp.octaves);
    const order = orders[progressionLabel(section)];
    const steps = beatsPerBar * arp.stepsPerBeat;
    const sectionVelocity = section === 'intro' || section === 'outro' ? 0.65 : 0.85;
    for (let step = 0; step < steps; step++) {
      const sixteenth = (step * 4) / arp.stepsPerBeat;
      notes.push({
        startBeat: stepToBeat(bar, beatsPerBar, sixteenth, style) + jitterBeats(rng, style),
        durationBeats: stepBeats * arp.gate,
        midi: pool[order[step % order.length]! % pool.length]!,
        velocity: sectionVelocity * (step % arp.stepsPerBeat === 0 ? 1 : 0.75),
      });
    }
  });
  return notes;
}

function writeLead(request: CompositionRequest, sections: readonly SectionLabel[], chords: readonly Chord[], rng: Rng): NoteEvent[] {
  const { style, beatsPerBar, key } = request;
  const notes: NoteEvent[] = [];
  const phrases: Partial<Record<'A' | 'B', NoteEvent[]>> = {};
  for (let bar = 0; bar < sections.length; bar += PHRASE_BARS) {
    const section = sections[bar]!;
    if (section === 'intro' || section === 'outro' || (section === 'A' && !style.melody.inA)) continue;
    // One melody per section label, repeated on every return of the section: repetition is what
    // makes a tune memorable.
    phrases[section] ??= writeMelodyPhrase(chords.slice(bar, bar + PHRASE_BARS), key, style.melody, style.melody.rhythms, rng.fork(section));
    const phrase = phrases[section];
    for (const note of phrase) {
      const step = Math.round((note.startBeat % 1) * 4);
      const swing = step % 2 === 1 ? style.swingSixteenths / 4 : 0;
      notes.push({ ...note, startBeat: bar * beatsPerBar + note.startBeat + swing + jitterBeats(rng, style) });
    }
  }
  return notes;
}

function drumPatternFor(style: StyleParameters, sections: readonly SectionLabel[], bar: number): DrumPattern {
  const section = sections[bar]!;
  if (section === 'intro' || section === 'outro') return style.drums.intro;
  const next = sections[bar + 1];
  // A fill announces a change of section, as a drummer would.
  if (next !== undefined && next !== section && (bar + 1) % PHRASE_BARS === 0) return style.drums.fill;
  return section === 'B' ? style.drums.b : style.drums.a;
}

function writeDrums(request: CompositionRequest, sections: readonly SectionLabel[], rng: Rng): DrumHit[] {
  const { style, beatsPerBar } = request;
  const hits: DrumHit[] = [];
  sections.forEach((_, bar) => {
    const pattern = drumPatternFor(style, sections, bar);
    for (const [kind, steps] of Object.entries(pattern) as Array<[DrumKind, string]>) {
      for (let step = 0; step < steps.length; step++) {
        const velocity = DRUM_VELOCITY[steps[step]!];
        if (velocity === undefined) continue;
        // Kicks stay on the grid: they anchor the groove (and the side-chain pumping).
        const jitter = kind === 'kick' ? 0 : jitterBeats(rng, style);
        hits.push({
          startBeat: stepToBeat(bar, beatsPerBar, step, style) + jitter,
          kind,
          velocity: Math.min(1, velocity * (1 + 0.15 * style.humanize * rng.bipolar())),
        });
      }
    }
  });
  return hits;
}

export function composeTrack(request: CompositionRequest): Arrangement {
  const root = createRng(request.seed);
  const sections = planSections(request.barCount);
  const chords = writeChords(request, sections, root.fork('chords'));
  return {
    bpm: request.bpm,
    beatsPerBar: request.beatsPerBar,
    barCount: request.barCount,
    key: request.key,
    sections,
    chords,
    parts: {
      pad: writePad(request, sections, chords),
      bass: writeBass(request, sections, chords, root.fork('bass')),
      arp: writeArp(request, sections, chords, root.fork('arp')),
      lead: writeLead(request, sections, chords, root.fork('lead')),
    },
    drums: writeDrums(request, sections, root.fork('drums')),
  };
}
