/**
 * Arrangement → stereo samples. Every note and drum hit is synthesised into a scratch buffer and
 * added to the mix and the effect sends at its position in the loop. The mix buffers run a few
 * seconds past the loop end; that overhang (release tails of the last notes) is folded back onto
 * the start, so the sound is continuous across the loop point.
 */
import { PART_NAMES, type Arrangement, type DrumHit } from './arrangement.js';
import { cosTurns, dbToGain, sinTurns, softClip } from './deterministic-math.js';
import { DRUM_VARIANTS, synthesizeDrumVariants } from './drums.js';
import { addCircularDelay, addCircularReverb } from './effects.js';
import { synthesizeNote } from './instruments.js';
import { createRng } from '../../core/random.js';
import type { DrumKind, StyleParameters } from './styles.js';

export interface StereoAudio {
  left: Float32Array;
  right: Float32Array;
  sampleRateHz: number;
}

/** Longer than any note plus release the styles produce; notes are clipped to it. */
const MAX_NOTE_SECONDS = 8;
/** About -17 dBFS RMS: loud enough to judge, with headroom for the soft limiter. */
const TARGET_RMS = 0.14;
const LIMITER_THRESHOLD = 0.7;
const DRUM_PAN: Partial<Record<DrumKind, number>> = { closedHat: 0.25, openHat: 0.3, shaker: -0.3, rim: -0.15 };
const DRUM_REVERB_SEND: Partial<Record<DrumKind, number>> = { snare: 0.2, clap: 0.25, tom: 0.35, rim: 0.2, openHat: 0.1 };
/** The side-chain dip lasts this fraction of a beat after each kick. */
const DUCK_BEATS = 0.6;
const DUCK_ATTACK_SECONDS = 0.004;

interface Bus {
  left: Float32Array;
  right: Float32Array;
}

function newBus(length: number): Bus {
  return { left: new Float32Array(length), right: new Float32Array(length) };
}

/** Equal-power panning, so a sound keeps its loudness as it moves across the field. */
function panGains(pan: number): [number, number] {
  const angleTurns = ((Math.min(Math.max(pan, -1), 1) + 1) / 2) * 0.25;
  return [cosTurns(angleTurns), sinTurns(angleTurns)];
}

interface SendGains {
  left: number;
  right: number;
  reverb: number;
  delay: number;
}

/** One pass adds a sound to the stereo bus and both effect sends. */
function addSound(source: Float32Array, count: number, bus: Bus, reverbSend: Float32Array, delaySend: Float32Array, offset: number, gains: SendGains): void {
  const { left, right } = bus;
  for (let i = 0; i < count; i++) {
    const sample = source[i]!;
    const at = offset + i;
    left[at] = left[at]! + sample * gains.left;
    right[at] = right[at]! + sample * gains.right;
    reverbSend[at] = reverbSend[at]! + sample * gains.reverb;
    delaySend[at] = delaySend[at]! + sample * gains.delay;
  }
}

function foldOverhang(buffer: Float32Array, loopSamples: number): void {
  for (let i = loopSamples; i < buffer.length; i++) {
    const wrapped = (i - loopSamples) % loopSamples;
    buffer[wrapped] = buffer[wrapped]! + buffer[i]!;
  }
}

function sidechainGains(
  kickHits: readonly DrumHit[],
  loopSamples: number,
  beatToSample: (beat: number) => number,
  samplesPerBeat: number,
  depth: number,
  sampleRateHz: number,
): Float32Array {
  const gains = new Float32Array(loopSamples).fill(1);
  const duckSamples = Math.round(DUCK_BEATS * samplesPerBeat);
  const attackSamples = Math.max(1, Math.round(DUCK_ATTACK_SECONDS * sampleRateHz));
  for (const hit of kickHits) {
    const start = beatToSample(hit.startBeat);
    for (let j = 0; j < duckSamples; j++) {
      const recovery = 1 - j / duckSamples;
      const onset = j < attackSamples ? j / attackSamples : 1;
      const gain = 1 - depth * hit.velocity * onset * recovery * recovery;
      const index = (start + j) % loopSamples;
      if (gain < gains[index]!) gains[index] = gain;
    }
  }
  return gains;
}

export function mixArrangement(arrangement: Arrangement, style: StyleParameters, seed: number, sampleRateHz: number): StereoAudio {
  const secondsPerBeat = 60 / arrangement.bpm;
  const samplesPerBeat = secondsPerBeat * sampleRateHz;
  const loopSamples = Math.round(arrangement.barCount * arrangement.beatsPerBar * samplesPerBeat);
  const scratch = new Float32Array(Math.ceil(MAX_NOTE_SECONDS * sampleRateHz));
  const length = loopSamples + scratch.length;
  // Humanised timing can put a note a hair before beat 0: it then belongs at the end of the loop.
  const beatToSample = (beat: number): number => ((Math.round(beat * samplesPerBeat) % loopSamples) + loopSamples) % loopSamples;

  const dry = newBus(length);
  const pumped = style.sidechainDepth > 0 ? newBus(length) : dry;
  const reverbSend = new Float32Array(length);
  const delaySend = new Float32Array(length);
  const root = createRng(seed);

  for (const part of PART_NAMES) {
    const patch = style.patches[part];
    const rng = root.fork(`render-${part}`);
    const [leftGain, rightGain] = panGains(patch.pan);
    const sends: SendGains = { left: leftGain, right: rightGain, reverb: patch.reverbSend, delay: patch.delaySend };
    const bus = part === 'pad' || part === 'bass' ? pumped : dry;
    for (const note of arrangement.parts[part]) {
      const gateSamples = Math.max(1, Math.round(note.durationBeats * samplesPerBeat));
      const written = synthesizeNote(patch, note.midi, note.velocity, gateSamples, sampleRateHz, rng, scratch);
      const start = beatToSample(note.startBeat);
      addSound(scratch, written, bus, reverbSend, delaySend, start, sends);
    }
  }

  const drumRng = root.fork('render-drums');
  const drumGain = dbToGain(style.drumGainDb);
  const variants = new Map<DrumKind, Float32Array[]>();
  const roundRobin = new Map<DrumKind, number>();
  for (const hit of arrangement.drums) {
    let sounds = variants.get(hit.kind);
    if (!sounds) {
      sounds = synthesizeDrumVariants(hit.kind, style.kickSound, sampleRateHz, drumRng.fork(hit.kind));
      variants.set(hit.kind, sounds);
    }
    const turn = roundRobin.get(hit.kind) ?? 0;
    roundRobin.set(hit.kind, turn + 1);
    const sound = sounds[turn % DRUM_VARIANTS]!;
    const [leftGain, rightGain] = panGains(DRUM_PAN[hit.kind] ?? 0);
    const gain = hit.velocity * drumGain;
    const start = beatToSample(hit.startBeat);
    const sends: SendGains = { left: gain * leftGain, right: gain * rightGain, reverb: gain * (DRUM_REVERB_SEND[hit.kind] ?? 0.05), delay: 0 };
    addSound(sound, sound.length, dry, reverbSend, delaySend, start, sends);
  }

  for (const buffer of [dry.left, dry.right, reverbSend, delaySend]) foldOverhang(buffer, loopSamples);
  if (pumped !== dry) {
    foldOverhang(pumped.left, loopSamples);
    foldOverhang(pumped.right, loopSamples);
    const kicks = arrangement.drums.filter((hit) => hit.kind === 'kick');
    const gains = sidechainGains(kicks, loopSamples, beatToSample, samplesPerBeat, style.sidechainDepth, sampleRateHz);
    for (let i = 0; i < loopSamples; i++) {
      dry.left[i] = dry.left[i]! + pumped.left[i]! * gains[i]!;
      dry.right[i] = dry.right[i]! + pumped.right[i]! * gains[i]!;
    }
  }

  const mix: Bus = { left: dry.left.slice(0, loopSamples), right: dry.right.slice(0, loopSamples) };
  addCircularReverb(reverbSend.subarray(0, loopSamples), mix, sampleRateHz, style.reverbDecaySeconds, style.reverbMix);
  addCircularDelay(delaySend.subarray(0, loopSamples), mix, sampleRateHz, style.delayBeats * secondsPerBeat, style.delayFeedback);
  masterInPlace(mix);
  return { left: mix.left, right: mix.right, sampleRateHz };
}

/**
 * Removes DC (a constant offset is the one "filter" that needs no history, so the loop stays
 * seamless), levels to a fixed RMS, then rounds off the few peaks above the threshold.
 */
function masterInPlace(mix: Bus): void {
  for (const channel of [mix.left, mix.right]) {
    let sum = 0;
    for (let i = 0; i < channel.length; i++) sum += channel[i]!;
    const mean = sum / channel.length;
    for (let i = 0; i < channel.length; i++) channel[i] = channel[i]! - mean;
  }
  let sumOfSquares = 0;
  for (let i = 0; i < mix.left.length; i++) sumOfSquares += mix.left[i]! * mix.left[i]! + mix.right[i]! * mix.right[i]!;
  const rms = Math.sqrt(sumOfSquares / (2 * mix.left.length));
  const gain = rms > 0 ? TARGET_RMS / rms : 1;
  const headroom = 1 - LIMITER_THRESHOLD;
  const limit = (x: number): number => {
    const magnitude = Math.abs(x);
    if (magnitude <= LIMITER_THRESHOLD) return x;
    const shaped = LIMITER_THRESHOLD + headroom * softClip((magnitude - LIMITER_THRESHOLD) / headroom);
    return x < 0 ? -shaped : shaped;
  };
  for (let i = 0; i < mix.left.length; i++) {
    mix.left[i] = limit(mix.left[i]! * gain);
    mix.right[i] = limit(mix.right[i]! * gain);
  }
}
