/**
 * Category parameters: how each category of the library plays. Everything a track does that is not
 * drawn from its seed comes from here. Step patterns are 16 steps per bar (16th notes):
 * drums `X` accent, `x` normal, `o` soft, `.` rest; bass `R` root, `5` fifth, `O` octave, `-` hold.
 */
import { patch, type InstrumentPatch } from './instrument-patch.js';
import type { Mode } from './theory.js';

export type DrumKind = 'kick' | 'snare' | 'clap' | 'closedHat' | 'openHat' | 'shaker' | 'rim' | 'tom';
export type DrumPattern = Partial<Record<DrumKind, string>>;
export type KickSound = 'punchy' | 'soft' | 'boom' | 'deep';
export type ArpOrder = 'up' | 'upDown' | 'pinch' | 'random';

export interface StyleParameters {
  chordNoteCount: 3 | 4;
  /** Scale-degree progressions (0 = tonic), one chord per bar, by mode. */
  progressionsA: Record<Mode, number[][]>;
  progressionsB: Record<Mode, number[][]>;
  /** Fraction of a 16th by which odd 16ths are late: the swing of lo-fi and hip-hop. */
  swingSixteenths: number;
  /** Timing and velocity looseness, 0 = quantised machine. */
  humanize: number;
  kickSound: KickSound;
  drums: { intro: DrumPattern; a: DrumPattern; b: DrumPattern; fill: DrumPattern };
  drumGainDb: number;
  bassPatterns: string[];
  /** Octaves above the E1..D#2 root register. */
  bassOctave: number;
  /** `null`: chords held for the bar; otherwise a 16-step rhythm of chord hits (`x`, `-` hold). */
  padRhythm: string | null;
  /** Guitar-like strum: chord tones start this many seconds apart. */
  strumSeconds: number;
  padLowestMidi: number;
  arp: { stepsPerBeat: 2 | 4; order: ArpOrder; lowestMidi: number; octaves: number; gate: number; inB: boolean } | null;
  melody: { lowestMidi: number; highestMidi: number; rhythms: string[]; inA: boolean };
  patches: { pad: InstrumentPatch; bass: InstrumentPatch; arp: InstrumentPatch; lead: InstrumentPatch };
  /** 0..1: how deeply the kick ducks pads and bass (the "pumping" of electronic music). */
  sidechainDepth: number;
  reverbDecaySeconds: number;
  reverbMix: number;
  /** Delay time in beats (0.75 = dotted eighth). */
  delayBeats: number;
  delayFeedback: number;
}

const MAJOR_POP = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [5, 3, 0, 4],
  [0, 3, 5, 4],
];
const MAJOR_LIFT = [
  [3, 4, 0, 5],
  [3, 0, 4, 4],
  [1, 4, 0, 5],
  [5, 4, 3, 4],
];
const MINOR_POP = [
  [0, 5, 2, 6],
  [0, 3, 6, 2],
  [0, 6, 5, 6],
  [0, 5, 3, 4],
];
const MINOR_LIFT = [
  [5, 6, 0, 0],
  [3, 4, 0, 5],
  [5, 2, 6, 0],
  [3, 5, 6, 4],
];
const POP_PROGRESSIONS = { progressionsA: { major: MAJOR_POP, minor: MINOR_POP }, progressionsB: { major: MAJOR_LIFT, minor: MINOR_LIFT } };

const EVEN_MELODY = ['x-x-x---x---x-x-', 'x---x-x-x---x---', 'x-x-x-x-x---x---', '..x-x-x-x---x-x-'];
const SPARSE_MELODY = ['x-------x-------', 'x-----x-x-------', 'x-----------x---', 'x-------x---x---'];
const SYNCOPATED_MELODY = ['x--x--x-x---x-x-', '..x--x--x-x-----', 'x-x--x--x---..x-', 'x--x----x-x-x---'];

export const STYLES: Record<string, StyleParameters> = {
  upbeat: {
    chordNoteCount: 3,
    ...POP_PROGRESSIONS,
    swingSixteenths: 0,
    humanize: 0.1,
    kickSound: 'punchy',
    drums: {
      intro: { closedHat: '..x...x...x...x.' },
      a: { kick: 'X...X...X...X...', snare: '....X.......X...', closedHat: '..x...x...x...x.' },
      b: { kick: 'X...X...X...X...', clap: '....X.......X...', snare: '....x.......x...', closedHat: 'xoxoxoxoxoxoxoxo', openHat: '..x...x...x...x.' },
      fill: { kick: 'X...X...X...X.x.', snare: '....X.....x.xxXx', closedHat: 'xoxoxoxoxoxo....' },
    },
    drumGainDb: 0,
    bassPatterns: ['R.R.R.R.R.R.R.RO', 'R-.RR-.R5-.5R-.O', 'R.RO.R.RR.RO.R5.'],
    bassOctave: 1,
    padRhythm: null,
    strumSeconds: 0,
    padLowestMidi: 55,
    arp: { stepsPerBeat: 2, order: 'up', lowestMidi: 67, octaves: 1, gate: 0.5, inB: false },
    melody: { lowestMidi: 67, highestMidi: 84, rhythms: EVEN_MELODY, inA: false },
    patches: {
      pad: patch({
        voices: 2,
        detuneCents: 10,
        attackSeconds: 0.05,
        sustainLevel: 0.8,
        releaseSeconds: 0.4,
        filterCutoffHz: 3500,
        gainDb: -13,
        reverbSend: 0.3,
      }),
      bass: patch({
        voices: 1,
        decaySeconds: 0.3,
        sustainLevel: 0.5,
        releaseSeconds: 0.06,
        filterCutoffHz: 350,
        filterEnvelopeHz: 900,
        filterResonance: 0.3,
        gainDb: -6,
        reverbSend: 0,
      }),
      arp: patch({
        oscillator: 'square',
        decaySeconds: 0.25,
        sustainLevel: 0,
        releaseSeconds: 0.1,
        filterCutoffHz: 1500,
        filterEnvelopeHz: 2500,
        gainDb: -17,
        pan: 0.35,
        delaySend: 0.25,
      }),
      lead: patch({
        oscillator: 'square',
        attackSeconds: 0.01,
        sustainLevel: 0.7,
        filterCutoffHz: 2800,
        vibratoCents: 12,
        gainDb: -13,
        pan: -0.1,
        reverbSend: 0.3,
        delaySend: 0.2,
      }),
    },
    sidechainDepth: 0.25,
    reverbDecaySeconds: 1.6,
    reverbMix: 0.25,
    delayBeats: 0.75,
    delayFeedback: 0.3,
  },
  chill: {
    chordNoteCount: 4,
    ...POP_PROGRESSIONS,
    swingSixteenths: 0.35,
    humanize: 0.5,
    kickSound: 'soft',
    drums: {
      intro: { closedHat: 'x.o.x.o.x.o.x.o.' },
      a: { kick: 'X......x..X.....', snare: '....X.......X...', closedHat: 'x.o.x.o.x.o.x.o.' },
      b: { kick: 'X......x..X..x..', snare: '....X.......X..o', closedHat: 'x.oox.o.x.oox.o.', rim: '.......o......o.' },
      fill: { kick: 'X......x..X.....', snare: '....X.......X.oo', closedHat: 'x.o.x.o.x.o.....' },
    },
    drumGainDb: 0,
    bassPatterns: ['R-------..R-5---', 'R-----R-..5-----', 'R--------.R-O---'],
    bassOctave: 1,
    padRhythm: 'x-------..x-----',
    strumSeconds: 0.012,
    padLowestMidi: 53,
    arp: null,
    melody: { lowestMidi: 65, highestMidi: 81, rhythms: SYNCOPATED_MELODY, inA: false },
    patches: {
      pad: patch({
        oscillator: 'fm',
        fmRatio: 1,
        fmIndex: 1.6,
        decaySeconds: 2.2,
        sustainLevel: 0.25,
        releaseSeconds: 0.5,
        filterCutoffHz: 3000,
        vibratoCents: 4,
        vibratoRateHz: 4.5,
        gainDb: -11,
        reverbSend: 0.35,
      }),
      bass: patch({ oscillator: 'triangle', decaySeconds: 1.2, sustainLevel: 0.5, releaseSeconds: 0.15, filterCutoffHz: 700, gainDb: -8, reverbSend: 0 }),
      arp: patch({ oscillator: 'sine', gainDb: -30 }),
      lead: patch({
        oscillator: 'fm',
        fmRatio: 2,
        fmIndex: 0.8,
        decaySeconds: 1.0,
        sustainLevel: 0.3,
        releaseSeconds: 0.3,
        filterCutoffHz: 2500,
        gainDb: -15,
        pan: 0.25,
        reverbSend: 0.4,
        delaySend: 0.25,
      }),
    },
    sidechainDepth: 0,
    reverbDecaySeconds: 1.8,
    reverbMix: 0.25,
    delayBeats: 0.75,
    delayFeedback: 0.35,
  },
  corporate: {
    chordNoteCount: 3,
    ...POP_PROGRESSIONS,
    swingSixteenths: 0,
    humanize: 0.1,
    kickSound: 'punchy',
    drums: {
      intro: { shaker: 'o.x.o.x.o.x.o.x.' },
      a: { kick: 'X.......X.......', clap: '....x.......x...', shaker: 'o.x.o.x.o.x.o.x.' },
      b: { kick: 'X.......X.x.....', clap: '....X.......X...', closedHat: 'x.x.x.x.x.x.x.x.', shaker: 'oxoxoxoxoxoxoxox' },
      fill: { kick: 'X.......X.x.X...', clap: '....X.......X.x.', shaker: 'oxoxoxoxoxoxoxox' },
    },
    drumGainDb: -3,
    bassPatterns: ['R.R.R.R.R.R.R.R.', 'R.R.R.R.5.5.R.R.', 'R-R-R-R-R-R-O-R-'],
    bassOctave: 1,
    padRhythm: null,
    strumSeconds: 0,
    padLowestMidi: 55,
    arp: { stepsPerBeat: 4, order: 'pinch', lowestMidi: 64, octaves: 2, gate: 0.4, inB: true },
    melody: { lowestMidi: 72, highestMidi: 88, rhythms: SPARSE_MELODY, inA: false },
    patches: {
      pad: patch({
        voices: 2,
        detuneCents: 7,
        attackSeconds: 0.3,
        sustainLevel: 0.9,
        releaseSeconds: 0.6,
        filterCutoffHz: 1400,
        gainDb: -15,
        reverbSend: 0.35,
      }),
      bass: patch({ decaySeconds: 0.2, sustainLevel: 0.6, releaseSeconds: 0.05, filterCutoffHz: 300, filterEnvelopeHz: 500, gainDb: -7, reverbSend: 0 }),
      arp: patch({
        oscillator: 'pluck',
        pluckBrightness: 0.7,
        releaseSeconds: 0.08,
        filterCutoffHz: 5000,
        gainDb: -12,
        pan: 0.3,
        reverbSend: 0.25,
        delaySend: 0.2,
      }),
      lead: patch({
        oscillator: 'fm',
        fmRatio: 3.5,
        fmIndex: 2.2,
        decaySeconds: 1.5,
        sustainLevel: 0,
        releaseSeconds: 0.6,
        filterCutoffHz: 6000,
        gainDb: -13,
        pan: -0.25,
        reverbSend: 0.45,
        delaySend: 0.3,
      }),
    },
    sidechainDepth: 0.15,
    reverbDecaySeconds: 2.0,
    reverbMix: 0.25,
    delayBeats: 0.75,
    delayFeedback: 0.3,
  },
  cinematic: {
    chordNoteCount: 3,
    progressionsA: {
      major: MAJOR_POP,
      minor: [
        [0, 5, 3, 4],
        [0, 5, 2, 6],
        [0, 3, 5, 4],
      ],
    },
    progressionsB: {
      major: MAJOR_LIFT,
      minor: [
        [5, 6, 0, 0],
        [3, 5, 6, 4],
        [5, 2, 6, 4],
      ],
    },
    swingSixteenths: 0,
    humanize: 0.2,
    kickSound: 'deep',
    drums: {
      intro: { tom: 'X.......x.......' },
      a: { kick: 'X.......X.......', tom: 'X...o...x...o...', snare: '............o...', shaker: 'x.o.x.o.x.o.x.o.' },
      b: { kick: 'X.......X.......', tom: 'X...o...X...o.x.', snare: '....X.......X...', closedHat: 'x.o.x.o.x.o.x.o.', openHat: '..o...o...o...o.' },
      fill: { kick: 'X.......X.......', tom: 'X.x.X.x.XxXxXXXX', snare: '....X.......X...' },
    },
    drumGainDb: -1,
    bassPatterns: ['R---------------', 'R-------R-------', 'R-----------5---'],
    bassOctave: 0,
    padRhythm: null,
    strumSeconds: 0,
    padLowestMidi: 50,
    arp: { stepsPerBeat: 2, order: 'pinch', lowestMidi: 57, octaves: 1, gate: 0.35, inB: true },
    melody: { lowestMidi: 62, highestMidi: 79, rhythms: SPARSE_MELODY, inA: false },
    patches: {
      pad: patch({
        voices: 3,
        detuneCents: 9,
        attackSeconds: 0.5,
        sustainLevel: 0.9,
        releaseSeconds: 1.0,
        filterCutoffHz: 3200,
        vibratoCents: 6,
        vibratoRateHz: 5.2,
        gainDb: -16,
        reverbSend: 0.5,
      }),
      bass: patch({ voices: 2, detuneCents: 6, attackSeconds: 0.05, sustainLevel: 0.9, releaseSeconds: 0.5, filterCutoffHz: 260, gainDb: -9, reverbSend: 0.1 }),
      arp: patch({
        voices: 2,
        detuneCents: 8,
        decaySeconds: 0.3,
        sustainLevel: 0,
        releaseSeconds: 0.12,
        filterCutoffHz: 1800,
        filterEnvelopeHz: 3000,
        gainDb: -15,
        pan: -0.3,
        reverbSend: 0.4,
      }),
      lead: patch({
        voices: 2,
        detuneCents: 5,
        attackSeconds: 0.25,
        sustainLevel: 0.85,
        releaseSeconds: 0.8,
        filterCutoffHz: 1600,
        vibratoCents: 10,
        gainDb: -15,
        pan: 0.2,
        reverbSend: 0.55,
      }),
    },
    sidechainDepth: 0,
    reverbDecaySeconds: 3.2,
    reverbMix: 0.35,
    delayBeats: 1,
    delayFeedback: 0.2,
  },
  'hip-hop': {
    chordNoteCount: 4,
    ...POP_PROGRESSIONS,
    swingSixteenths: 0.2,
    humanize: 0.3,
    kickSound: 'boom',
    drums: {
      intro: { closedHat: 'x.x.x.x.x.x.x.x.' },
      a: { kick: 'X.....X...X.....', snare: '....X.......X...', closedHat: 'x.x.x.x.x.x.x.x.' },
      b: { kick: 'X.....X..xX.....', snare: '....X.......X...', clap: '....x.......x...', closedHat: 'xoxox.xoxoxox.xo', openHat: '.....x.......x..' },
      fill: { kick: 'X.....X...X.....', snare: '....X.......X.XX', closedHat: 'xxxxxxxxx.x.x.x.' },
    },
    drumGainDb: 0,
    bassPatterns: ['R-----R---R-----', 'R-----R--RR-----', 'R-----5---R---O-'],
    bassOctave: 0,
    padRhythm: null,
    strumSeconds: 0,
    padLowestMidi: 53,
    arp: null,
    melody: { lowestMidi: 67, highestMidi: 82, rhythms: SYNCOPATED_MELODY, inA: true },
    patches: {
      pad: patch({
        oscillator: 'fm',
        fmRatio: 1,
        fmIndex: 1.8,
        attackSeconds: 0.01,
        decaySeconds: 3.0,
        sustainLevel: 0.35,
        releaseSeconds: 0.5,
        filterCutoffHz: 5000,
        gainDb: -11,
        reverbSend: 0.3,
      }),
      bass: patch({
        oscillator: 'sine',
        decaySeconds: 1.6,
        sustainLevel: 0.4,
        releaseSeconds: 0.12,
        glideSemitones: 5,
        filterCutoffHz: 500,
        gainDb: -6,
        reverbSend: 0,
      }),
      arp: patch({ oscillator: 'sine', gainDb: -30 }),
      lead: patch({
        oscillator: 'pluck',
        pluckBrightness: 0.45,
        releaseSeconds: 0.2,
        filterCutoffHz: 3500,
        gainDb: -11,
        pan: 0.2,
        reverbSend: 0.3,
        delaySend: 0.25,
      }),
    },
    sidechainDepth: 0,
    reverbDecaySeconds: 1.4,
    reverbMix: 0.2,
    delayBeats: 0.5,
    delayFeedback: 0.3,
  },
  ambient: {
    chordNoteCount: 4,
    progressionsA: {
      major: [
        [0, 3, 0, 4],
        [0, 5, 3, 3],
        [3, 0, 5, 4],
      ],
      minor: [
        [0, 5, 3, 0],
        [0, 2, 5, 6],
      ],
    },
    progressionsB: {
      major: [
        [5, 3, 0, 4],
        [3, 5, 4, 0],
      ],
      minor: [
        [5, 3, 6, 0],
        [2, 5, 6, 0],
      ],
    },
    swingSixteenths: 0,
    humanize: 0.2,
    kickSound: 'soft',
    drums: {
      intro: { shaker: 'o...o...o...o...' },
      a: { kick: 'x.......o.......', shaker: 'o.o.o.o.o.o.o.o.' },
      b: { kick: 'x.......o.......', shaker: 'o.o.o.o.o.o.o.o.', rim: '....o.......o...' },
      fill: { kick: 'x.......o.......', shaker: 'o.o.o.o.o.o.oooo' },
    },
    drumGainDb: -5,
    bassPatterns: ['R---------------', 'R-------5-------'],
    bassOctave: 1,
    padRhythm: null,
    strumSeconds: 0,
    padLowestMidi: 52,
    arp: { stepsPerBeat: 2, order: 'upDown', lowestMidi: 64, octaves: 2, gate: 0.8, inB: true },
    melody: { lowestMidi: 69, highestMidi: 86, rhythms: SPARSE_MELODY, inA: false },
    patches: {
      pad: patch({
        voices: 3,
        detuneCents: 12,
        attackSeconds: 1.2,
        sustainLevel: 0.9,
        releaseSeconds: 2.0,
        filterCutoffHz: 2000,
        vibratoCents: 5,
        vibratoRateHz: 0.3,
        gainDb: -14,
        reverbSend: 0.6,
      }),
      bass: patch({ oscillator: 'sine', attackSeconds: 0.3, sustainLevel: 0.9, releaseSeconds: 1.0, filterCutoffHz: 400, gainDb: -7, reverbSend: 0.1 }),
      arp: patch({
        oscillator: 'fm',
        fmRatio: 4,
        fmIndex: 1.2,
        decaySeconds: 1.2,
        sustainLevel: 0,
        releaseSeconds: 0.4,
        filterCutoffHz: 5000,
        gainDb: -15,
        pan: 0.3,
        reverbSend: 0.5,
        delaySend: 0.35,
      }),
      lead: patch({
        oscillator: 'organ',
        attackSeconds: 0.4,
        sustainLevel: 0.8,
        releaseSeconds: 1.2,
        filterCutoffHz: 2500,
        vibratoCents: 8,
        vibratoRateHz: 4.5,
        gainDb: -17,
        pan: -0.3,
        reverbSend: 0.6,
        delaySend: 0.3,
      }),
    },
    sidechainDepth: 0,
    reverbDecaySeconds: 4.0,
    reverbMix: 0.4,
    delayBeats: 0.75,
    delayFeedback: 0.45,
  },
  acoustic: {
    chordNoteCount: 3,
    ...POP_PROGRESSIONS,
    swingSixteenths: 0.05,
    humanize: 0.5,
    kickSound: 'soft',
    drums: {
      intro: { shaker: 'x.o.x.o.x.o.x.o.' },
      a: { kick: 'X.......X.x.....', rim: '....x.......x...', shaker: 'xoooxoooxoooxooo' },
      b: { kick: 'X.....x.X.x.....', snare: '....x.......x...', shaker: 'xoxoxoxoxoxoxoxo' },
      fill: { kick: 'X.......X.x.....', snare: '....x.......x.oo', shaker: 'xoxoxoxoxoxo....' },
    },
    drumGainDb: -4,
    bassPatterns: ['R-----5-R-----5-', 'R---5---O---5---', 'R-----R-5-------'],
    bassOctave: 1,
    padRhythm: 'x-----x---x-x---',
    strumSeconds: 0.018,
    padLowestMidi: 52,
    arp: { stepsPerBeat: 2, order: 'pinch', lowestMidi: 59, octaves: 1, gate: 0.9, inB: false },
    melody: { lowestMidi: 72, highestMidi: 88, rhythms: EVEN_MELODY, inA: false },
    patches: {
      pad: patch({ oscillator: 'pluck', pluckBrightness: 0.55, releaseSeconds: 0.15, filterCutoffHz: 4500, gainDb: -13, pan: -0.2, reverbSend: 0.25 }),
      bass: patch({ oscillator: 'pluck', pluckBrightness: 0.25, releaseSeconds: 0.1, filterCutoffHz: 900, gainDb: -6, reverbSend: 0.05 }),
      arp: patch({ oscillator: 'pluck', pluckBrightness: 0.65, releaseSeconds: 0.2, filterCutoffHz: 5000, gainDb: -14, pan: 0.3, reverbSend: 0.3 }),
      lead: patch({
        oscillator: 'sine',
        attackSeconds: 0.04,
        sustainLevel: 0.8,
        releaseSeconds: 0.15,
        vibratoCents: 18,
        vibratoRateHz: 5.5,
        gainDb: -16,
        reverbSend: 0.35,
        delaySend: 0.15,
      }),
    },
    sidechainDepth: 0,
    reverbDecaySeconds: 1.6,
    reverbMix: 0.22,
    delayBeats: 0.75,
    delayFeedback: 0.25,
  },
  electronic: {
    chordNoteCount: 3,
    ...POP_PROGRESSIONS,
    swingSixteenths: 0,
    humanize: 0,
    kickSound: 'punchy',
    drums: {
      intro: { kick: 'X...X...X...X...', closedHat: '..x...x...x...x.' },
      a: { kick: 'X...X...X...X...', clap: '....X.......X...', closedHat: 'oox.oox.oox.oox.', openHat: '..x...x...x...x.' },
      b: { kick: 'X...X...X...X...', clap: '....X.......X...', closedHat: 'xoxxxoxxxoxxxoxx', openHat: '..x...x...x...x.' },
      fill: { kick: 'X...X...X...X...', clap: '....X...x.x.XXXX', closedHat: 'xoxxxoxxxoxxxoxx' },
    },
    drumGainDb: 0,
    bassPatterns: ['..R...R...R...R.', '..R.R.R...R.R.O.', '.RR..RR..RR..RR.'],
    bassOctave: 1,
    padRhythm: null,
    strumSeconds: 0,
    padLowestMidi: 57,
    arp: { stepsPerBeat: 4, order: 'upDown', lowestMidi: 69, octaves: 1, gate: 0.45, inB: true },
    melody: { lowestMidi: 69, highestMidi: 86, rhythms: SYNCOPATED_MELODY, inA: false },
    patches: {
      pad: patch({
        voices: 3,
        detuneCents: 18,
        attackSeconds: 0.02,
        sustainLevel: 0.9,
        releaseSeconds: 0.3,
        filterCutoffHz: 4500,
        gainDb: -16,
        reverbSend: 0.3,
      }),
      bass: patch({
        voices: 2,
        detuneCents: 8,
        decaySeconds: 0.15,
        sustainLevel: 0.3,
        releaseSeconds: 0.05,
        filterCutoffHz: 300,
        filterEnvelopeHz: 1800,
        filterResonance: 0.45,
        gainDb: -7,
        reverbSend: 0,
      }),
      arp: patch({
        oscillator: 'square',
        decaySeconds: 0.15,
        sustainLevel: 0,
        releaseSeconds: 0.05,
        filterCutoffHz: 900,
        filterEnvelopeHz: 3500,
        filterResonance: 0.5,
        gainDb: -18,
        pan: 0.4,
        delaySend: 0.3,
      }),
      lead: patch({
        voices: 2,
        detuneCents: 12,
        attackSeconds: 0.01,
        sustainLevel: 0.8,
        filterCutoffHz: 3500,
        filterEnvelopeHz: 2000,
        vibratoCents: 8,
        gainDb: -15,
        pan: -0.2,
        reverbSend: 0.3,
        delaySend: 0.3,
      }),
    },
    sidechainDepth: 0.6,
    reverbDecaySeconds: 1.8,
    reverbMix: 0.22,
    delayBeats: 0.75,
    delayFeedback: 0.4,
  },
};

export function styleFor(categorySlug: string): StyleParameters {
  const style = STYLES[categorySlug];
  if (!style) throw new Error(`No music style for category "${categorySlug}"`);
  return style;
}
