import type { WordTiming } from '../../core/timing.js';
import { findSpeechIslands, type SpeechIsland } from './audio-frames.js';

import { spokenWeight } from './syllables.js';
import type { WordToken } from './word-tokens.js';
import type { PcmAudio } from './wav.js';

/**
 * Word timings for audio whose engine reports none (remote providers, espeak-ng without its
 * library helper). The audio is cut into islands of sound; the silences between islands are
 * aligned to word boundaries by dynamic programming, weighing (a) where the boundary is expected
 * from the words' syllable weights, (b) punctuation, which invites a pause, and (c) the length
 * of a silence, since long silences inside a word are unlikely. Words between two aligned
 * silences share that stretch of speech in proportion to their weights.
 */
export function deriveWordTimings(audio: PcmAudio, words: readonly WordToken[]): WordTiming[] {
  if (words.length === 0) return [];
  const islands = findSpeechIslands(audio);
  const totalSeconds = audio.samples.length / audio.sampleRateHz;
  if (islands.length === 0) {
    return spread(words, 0, totalSeconds);
  }
  const speech = new SpeechClock(islands);
  const weights = words.map((w) => spokenWeight(w.word));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  // Expected speech-time position of the boundary after word k (k = 0 .. n-2).
  const expected: number[] = [];
  let acc = 0;
  for (let k = 0; k < words.length - 1; k++) {
    acc += weights[k]!;
    expected.push((acc / totalWeight) * speech.totalSeconds);
  }
  const gaps = islands.slice(1).map((isl, j) => ({
    start: islands[j]!.end,
    end: isl.start,
    speechPos: speech.speechTimeAt(isl.start),
  }));
  const matches = alignGapsToBoundaries(gaps, expected, words, speech.totalSeconds / Math.max(1, words.length));

  // Anchors: word index → [start, end] of the speech run it begins/ends. Runs between anchors are spread.
  const timings: WordTiming[] = [];
  let runFirstWord = 0;
  let runStart = islands[0]!.start;
  const flush = (lastWord: number, runEnd: number) => {
    const slice = words.slice(runFirstWord, lastWord + 1);
    timings.push(...spreadOverSpeech(slice, runStart, runEnd, speech));
  };
  for (let k = 0; k < words.length - 1; k++) {
    const gap = matches.get(k);
    if (gap !== undefined) {
      flush(k, gaps[gap]!.start);
      runFirstWord = k + 1;
      runStart = gaps[gap]!.end;
    }
  }
  flush(words.length - 1, islands[islands.length - 1]!.end);
  return timings;
}

function alignGapsToBoundaries(
  gaps: ReadonlyArray<{ start: number; end: number; speechPos: number }>,
  expected: readonly number[],
  words: readonly WordToken[],
  secondsPerWord: number,
): Map<number, number> {
  const m = gaps.length;
  const n = expected.length;
  const sigma = Math.max(0.3, 1.5 * secondsPerWord);
  const gapSeconds = (j: number) => gaps[j]!.end - gaps[j]!.start;
  const skipBoundaryCost = (k: number) => ({ none: 0.2, clause: 2, sentence: 5 })[words[k]!.breakAfter];
  const skipGapCost = (j: number) => 0.3 + gapSeconds(j) / 0.04;
  const matchCost = (j: number, k: number) => {
    const z = (gaps[j]!.speechPos - expected[k]!) / sigma;
    // A long silence where the text has no punctuation is unusual; where it has some, expected.
    const unpunctuatedPause = words[k]!.breakAfter === 'none' ? 2 * Math.min(1.5, gapSeconds(j) / 0.2) : 0;
    return z * z + unpunctuatedPause;
  };
  const INF = Number.POSITIVE_INFINITY;
  // cost[j][k]: best cost having consumed j gaps and k boundaries; move 0 match, 1 skip gap, 2 skip boundary.
  const cost = Array.from({ length: m + 1 }, () => new Float64Array(n + 1).fill(INF));
  const move = Array.from({ length: m + 1 }, () => new Uint8Array(n + 1));
  cost[0]![0] = 0;
  for (let j = 0; j <= m; j++) {
    for (let k = 0; k <= n; k++) {
      const here = cost[j]![k]!;
      if (here === INF) continue;
      if (j < m && k < n && here + matchCost(j, k) < cost[j + 1]![k + 1]!) {
        cost[j + 1]![k + 1] = here + matchCost(j, k);
        move[j + 1]![k + 1] = 0;
      }
      if (j < m && here + skipGapCost(j) < cost[j + 1]![k]!) {
        cost[j + 1]![k] = here + skipGapCost(j);
        move[j + 1]![k] = 1;
      }
      if (k < n && here + skipBoundaryCost(k) < cost[j]![k + 1]!) {
        cost[j]![k + 1] = here + skipBoundaryCost(k);
        move[j]![k + 1] = 2;
      }
    }
  }
  const matches = new Map<number, number>();
  let j = m;
  let k = n;
  while (j > 0 || k > 0) {
    const mv = move[j]![k]!;
    if (j > 0 && k > 0 && mv === 0) {
      matches.set(k - 1, j - 1);
      j--;
      k--;
    } else if (j > 0 && (mv === 1 || k === 0)) j--;
    else k--;
  }
  return matches;
}

/** Maps between real time and "speech time", which skips the silences between islands. */
class SpeechClock {
  readonly totalSeconds: number;
  private readonly cumulative: number[];
  constructor(private readonly islands: readonly SpeechIsland[]) {
    let acc = 0;
    this.cumulative = islands.map((i) => {
      const before = acc;
      acc += i.end - i.start;
      return before;
    });
    this.totalSeconds = acc;
  }
  speechTimeAt(t: number): number {
    for (let i = this.islands.length - 1; i >= 0; i--) {
      const isl = this.islands[i]!;
      if (t >= isl.start) return this.cumulative[i]! + Math.min(t, isl.end) - isl.start;
    }
    return 0;
  }
  realTimeAt(speechT: number): number {
    for (let i = 0; i < this.islands.length; i++) {
      const isl = this.islands[i]!;
      if (speechT <= this.cumulative[i]! + (isl.end - isl.start)) return isl.start + speechT - this.cumulative[i]!;
    }
    return this.islands[this.islands.length - 1]!.end;
  }
}

function spreadOverSpeech(words: readonly WordToken[], start: number, end: number, clock: SpeechClock): WordTiming[] {
  const s0 = clock.speechTimeAt(start);
  const s1 = Math.max(s0, clock.speechTimeAt(end));
  return spread(words, s0, s1).map((w, i, all) => ({
    word: w.word,
    startSeconds: i === 0 ? start : clock.realTimeAt(w.startSeconds),
    endSeconds: i === all.length - 1 ? end : clock.realTimeAt(w.endSeconds),
  }));
}

function spread(words: readonly WordToken[], start: number, end: number): WordTiming[] {
  const weights = words.map((w) => spokenWeight(w.word));
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  let t = start;
  return words.map((w, i) => {
    const d = ((end - start) * weights[i]!) / total;
    const timing = { word: w.word, startSeconds: t, endSeconds: t + d };
    t += d;
    return timing;
  });
}
