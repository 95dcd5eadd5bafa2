import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import { findSpeechIslands } from '../../engines/speech/audio-frames.js';

import type { PcmAudio } from '../../engines/speech/wav.js';

export interface TimedAudio {
  audio: PcmAudio;
  words: WordTiming[];
  phones?: PhoneTiming[];
}

export interface JoinOptions {
  /**
   * Silence between chunks: a sentence pause, since chunks end at sentence ends. An ad read keeps
   * it short (heard as about 0.3 s: the cut margins and the voice's decay add to it).
   */
  pauseSeconds?: number;
  /** Chunks that open with a deliberate beat instead (the call to action after the pitch). */
  beatBeforeChunks?: readonly number[];
  /** The beat's silence: heard as about 0.6 s, one breath longer than a sentence pause. */
  beatSeconds?: number;
  /** Silence kept before the first and after the last word. */
  edgeSeconds?: number;
  /** Fade at every cut, so a cut that lands on a non-zero sample cannot click. */
  fadeSeconds?: number;
}

const DEFAULTS = { pauseSeconds: 0.25, beatSeconds: 0.5, edgeSeconds: 0.1, fadeSeconds: 0.01 };

/**
 * Joins chunks into one track. Each chunk is cut to its sound (engines add their own leading and
 * trailing silence, which would pile up into long gaps), cut points get a short fade, chunks are
 * separated by one natural pause (or a beat where asked), and every word and phone time is moved
 * by its chunk's offset.
 */
export function joinTimedAudio(parts: readonly TimedAudio[], options: JoinOptions = {}): TimedAudio {
  const opts = { ...DEFAULTS, ...options };
  const beats = new Set(opts.beatBeforeChunks ?? []);
  if (parts.length === 0) throw new Error('nothing to join');
  const rate = parts[0]!.audio.sampleRateHz;
  if (parts.some((p) => p.audio.sampleRateHz !== rate)) throw new Error('chunks have different sample rates');

  const pieces: Float32Array[] = [];
  const words: WordTiming[] = [];
  const phones: PhoneTiming[] = [];
  const silence = (seconds: number) => new Float32Array(Math.round(seconds * rate));
  let offsetSeconds = 0;
  parts.forEach((part, i) => {
    const { startSeconds, endSeconds } = soundSpan(part);
    const from = Math.round(startSeconds * rate);
    const to = Math.round(endSeconds * rate);
    const body = part.audio.samples.slice(from, to);
    fadeEdges(body, Math.round(opts.fadeSeconds * rate));
    const lead = i === 0 ? opts.edgeSeconds : beats.has(i) ? opts.beatSeconds : opts.pauseSeconds;
    pieces.push(silence(lead), body);
    offsetSeconds += lead;
    const shift = offsetSeconds - from / rate;
    const bodySeconds = body.length / rate;
    const clamp = (t: number) => Math.min(offsetSeconds + bodySeconds, Math.max(offsetSeconds, t + shift));
    for (const w of part.words) words.push({ word: w.word, startSeconds: clamp(w.startSeconds), endSeconds: clamp(w.endSeconds) });
    for (const p of part.phones ?? []) phones.push({ phone: p.phone, startSeconds: clamp(p.startSeconds), endSeconds: clamp(p.endSeconds) });
    offsetSeconds += bodySeconds;
  });
  pieces.push(silence(opts.edgeSeconds));

  const total = pieces.reduce((n, p) => n + p.length, 0);
  const samples = new Float32Array(total);
  let pos = 0;
  for (const p of pieces) {
    samples.set(p, pos);
    pos += p.length;
  }
  return { audio: { sampleRateHz: rate, samples }, words, ...(phones.length ? { phones } : {}) };
}

/** Quieter than this under the chunk's loud frames is the engine's noise floor, not a word. */
const SOUND_BELOW_LOUD_DB = 40;
/** Kept before the first sound (soft onsets) and after the last (the voice's decay). */
const ONSET_MARGIN_SECONDS = 0.03;
const DECAY_MARGIN_SECONDS = 0.04;

/**
 * From the first sound to the last, with a little margin. The sound decides, not the word times:
 * engines time the first word from 0 and the last to the file's end, which kept their own silence
 * (0.1–0.2 s a sentence) in every pause. Word times only stand in when nothing sounds.
 */
function soundSpan(part: TimedAudio): { startSeconds: number; endSeconds: number } {
  const total = part.audio.samples.length / part.audio.sampleRateHz;
  const islands = findSpeechIslands(part.audio, { belowPeakDb: SOUND_BELOW_LOUD_DB, minIslandSeconds: 0.03 });
  const start = (islands[0]?.start ?? part.words[0]?.startSeconds ?? 0) - ONSET_MARGIN_SECONDS;
  const end = (islands.at(-1)?.end ?? part.words.at(-1)?.endSeconds ?? total) + DECAY_MARGIN_SECONDS;
  return { startSeconds: Math.max(0, start), endSeconds: Math.min(total, Math.max(end, start + DECAY_MARGIN_SECONDS)) };
}

function fadeEdges(samples: Float32Array, fadeSamples: number): void {
  const n = Math.min(fadeSamples, Math.floor(samples.length / 2));
  for (let i = 0; i < n; i++) {
    const g = i / n;
    samples[i]! *= g;
    samples[samples.length - 1 - i]! *= g;
  }
}
