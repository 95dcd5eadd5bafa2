/**
 * Dead air out: which spans of the source an edit keeps. A pause longer than the style's breath
 * is cut down to that breath (half kept after the last word, half before the next), so speech
 * keeps its rhythm; a cut never reaches into a word the transcriber heard (plus a guard), so
 * words are never clipped; the start and end of the take lose their silence too.
 */
import type { WordTiming } from '../../core/timing.js';
import type { TimeSpan } from '../../engines/ffmpeg/args/index.js';

export interface DeadAirRequest {
  durationSeconds: number;
  silences: readonly TimeSpan[];
  words: readonly WordTiming[];
  removeSilences: boolean;
  /** The longest pause kept between phrases (a breath). */
  keptPauseSeconds: number;
  trimStartSeconds: number;
  trimEndSeconds: number;
  /** Keep at most this much; the edit then ends at the end of a word. */
  targetSeconds: number | null;
  framesPerSecond: number;
}

export interface KeptSpans {
  spans: TimeSpan[];
  /** Pauses cut down (each cut counted once). */
  pausesCut: number;
  /** Seconds of pause removed (not counting the trims). */
  pauseSecondsCut: number;
  /** Set when the target length ended the edit early: where, in the source. */
  endedForTargetAtSeconds: number | null;
}

/** Silence at the very start or end of the take keeps only this much. */
const EDGE_KEEP_SECONDS = 0.15;
/** Kept around every heard word even inside a detected silence (soft consonants read as quiet). */
const WORD_GUARD_SECONDS = 0.06;
/** Cuts shorter than this are not worth a jump. */
const MIN_CUT_SECONDS = 0.12;

export function planKeptSpans(req: DeadAirRequest): KeptSpans {
  const windowStart = clamp(req.trimStartSeconds, 0, req.durationSeconds);
  const windowEnd = clamp(req.durationSeconds - req.trimEndSeconds, windowStart, req.durationSeconds);
  const cuts: TimeSpan[] = [];
  if (req.removeSilences) {
    const words = wordsTrimmedToSilences(req.words, req.silences);
    const half = req.keptPauseSeconds / 2;
    for (const s of req.silences) {
      const start = Math.max(s.startSeconds, windowStart);
      const end = Math.min(s.endSeconds, windowEnd);
      if (end - start <= req.keptPauseSeconds + MIN_CUT_SECONDS) continue;
      const atStart = start <= windowStart + 0.01;
      const atEnd = end >= windowEnd - 0.01;
      const cut = {
        startSeconds: atStart ? start : start + (atEnd ? Math.min(half, EDGE_KEEP_SECONDS) : half),
        endSeconds: atEnd ? end : end - (atStart ? Math.min(half, EDGE_KEEP_SECONDS) : half),
      };
      const safe = longestPieceClearOfWords(cut, words);
      if (safe && safe.endSeconds - safe.startSeconds >= MIN_CUT_SECONDS) cuts.push(safe);
    }
  }
  let spans = subtract({ startSeconds: windowStart, endSeconds: windowEnd }, cuts)
    .map((s) => snap(s, req.framesPerSecond))
    .filter((s) => s.endSeconds - s.startSeconds >= 2 / req.framesPerSecond);
  let endedForTargetAtSeconds: number | null = null;
  if (req.targetSeconds && req.targetSeconds > 0) {
    const ended = endAtTarget(spans, req.targetSeconds, req.words, req.framesPerSecond);
    spans = ended.spans;
    endedForTargetAtSeconds = ended.endedAtSeconds;
  }
  const pauseSecondsCut = cuts.reduce((sum, c) => sum + c.endSeconds - c.startSeconds, 0);
  return { spans, pausesCut: cuts.length, pauseSecondsCut, endedForTargetAtSeconds };
}

/**
 * Recognisers stretch a phrase's last word into the pause after it (Whisper by 0.4 s and more) and
 * start the next one early. Where the signal itself says it is quiet, the word is over: a word that
 * runs into a detected silence from outside ends where the silence starts (and one that runs out
 * of a silence starts where it ends), so the pause is cut to its breath, not to the recogniser's
 * guess. A word wholly inside a silence (a whisper, a soft word) keeps its timing and protection.
 */
export function wordsTrimmedToSilences(words: readonly WordTiming[], silences: readonly TimeSpan[]): WordTiming[] {
  return words.map((w) => {
    let { startSeconds, endSeconds } = w;
    for (const s of silences) {
      if (startSeconds < s.startSeconds && endSeconds > s.startSeconds && endSeconds <= s.endSeconds) endSeconds = s.startSeconds;
      if (endSeconds > s.endSeconds && startSeconds >= s.startSeconds && startSeconds < s.endSeconds) startSeconds = s.endSeconds;
    }
    return startSeconds === w.startSeconds && endSeconds === w.endSeconds ? w : { ...w, startSeconds, endSeconds };
  });
}

/** The cut without any word (and its guard) in it: the longest piece left. */
function longestPieceClearOfWords(cut: TimeSpan, words: readonly WordTiming[]): TimeSpan | null {
  const blocked = words
    .filter((w) => w.endSeconds + WORD_GUARD_SECONDS > cut.startSeconds && w.startSeconds - WORD_GUARD_SECONDS < cut.endSeconds)
    .map((w) => ({ startSeconds: w.startSeconds - WORD_GUARD_SECONDS, endSeconds: w.endSeconds + WORD_GUARD_SECONDS }));
  const pieces = subtract(cut, blocked);
  let best: TimeSpan | null = null;
  for (const p of pieces) if (!best || p.endSeconds - p.startSeconds > best.endSeconds - best.startSeconds) best = p;
  return best;
}

/** `whole` minus the `holes` (any order, may overlap), in time order. */
export function subtract(whole: TimeSpan, holes: readonly TimeSpan[]): TimeSpan[] {
  const sorted = [...holes].sort((a, b) => a.startSeconds - b.startSeconds);
  const out: TimeSpan[] = [];
  let cursor = whole.startSeconds;
  for (const h of sorted) {
    if (h.endSeconds <= cursor) continue;
    if (h.startSeconds >= whole.endSeconds) break;
    if (h.startSeconds > cursor) out.push({ startSeconds: cursor, endSeconds: Math.min(h.startSeconds, whole.endSeconds) });
    cursor = Math.max(cursor, h.endSeconds);
  }
  if (cursor < whole.endSeconds) out.push({ startSeconds: cursor, endSeconds: whole.endSeconds });
  return out;
}

/** The spans cut off after `targetSeconds` of kept time, at the end of the last word that fits (plus a breath). */
function endAtTarget(
  spans: TimeSpan[],
  targetSeconds: number,
  words: readonly WordTiming[],
  fps: number,
): { spans: TimeSpan[]; endedAtSeconds: number | null } {
  const total = spans.reduce((s, x) => s + x.endSeconds - x.startSeconds, 0);
  if (total <= targetSeconds) return { spans, endedAtSeconds: null };
  // The source time at which `targetSeconds` of kept time has passed.
  let left = targetSeconds;
  let limit = spans[0]!.startSeconds;
  for (const s of spans) {
    const length = s.endSeconds - s.startSeconds;
    if (left <= length) {
      limit = s.startSeconds + left;
      break;
    }
    left -= length;
  }
  const lastWord = [...words]
    .reverse()
    .find((w) => w.endSeconds <= limit && spans.some((s) => w.startSeconds >= s.startSeconds - 0.01 && w.endSeconds <= s.endSeconds + 0.01));
  const endAt = lastWord ? Math.min(limit, lastWord.endSeconds + 0.2) : limit;
  const kept = spans
    .filter((s) => s.startSeconds < endAt)
    .map((s) => snap({ startSeconds: s.startSeconds, endSeconds: Math.min(s.endSeconds, endAt) }, fps))
    .filter((s) => s.endSeconds - s.startSeconds >= 2 / fps);
  return {
    spans: kept.length > 0 ? kept : [snap({ startSeconds: spans[0]!.startSeconds, endSeconds: spans[0]!.startSeconds + targetSeconds }, fps)],
    endedAtSeconds: endAt,
  };
}

function snap(s: TimeSpan, fps: number): TimeSpan {
  return { startSeconds: Math.round(s.startSeconds * fps) / fps, endSeconds: Math.round(s.endSeconds * fps) / fps };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * A word of the source on the edit's time line: moved by the cuts before it; words (or the
 * parts of them) outside the kept spans are dropped.
 */
export function retimeWords(words: readonly WordTiming[], spans: readonly TimeSpan[]): WordTiming[] {
  const out: WordTiming[] = [];
  let offset = 0;
  const starts = spans.map((s) => {
    const at = offset;
    offset += s.endSeconds - s.startSeconds;
    return at;
  });
  for (const w of words) {
    const mid = (w.startSeconds + w.endSeconds) / 2;
    const i = spans.findIndex((s) => mid >= s.startSeconds && mid <= s.endSeconds);
    if (i < 0) continue;
    const s = spans[i]!;
    const startSeconds = starts[i]! + Math.max(0, w.startSeconds - s.startSeconds);
    const endSeconds = starts[i]! + Math.min(s.endSeconds, w.endSeconds) - s.startSeconds;
    if (endSeconds > startSeconds) out.push({ word: w.word, startSeconds: round3(startSeconds), endSeconds: round3(endSeconds) });
  }
  return out;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/**
 * Spans longer than `everySeconds` split into pieces of about that length, each split in a gap
 * between two words when there is one near (else at the mark), on a frame. The pieces play on
 * without a jump; they let a punch-in zoom change during continuous speech.
 */
export function splitForPunchIns(spans: readonly TimeSpan[], words: readonly WordTiming[], everySeconds: number, fps: number): TimeSpan[] {
  const out: TimeSpan[] = [];
  for (const span of spans) {
    let start = span.startSeconds;
    while (span.endSeconds - start > everySeconds * 1.5) {
      const mark = start + everySeconds;
      // The middle of the word gap nearest the mark, within a second of it.
      const gaps = words
        .slice(0, -1)
        .map((w, i) => (w.endSeconds + words[i + 1]!.startSeconds) / 2)
        .filter((t) => t > start + 1 && t < span.endSeconds - 1 && Math.abs(t - mark) <= 1);
      const at = gaps.sort((a, b) => Math.abs(a - mark) - Math.abs(b - mark))[0] ?? mark;
      const cut = Math.round(at * fps) / fps;
      out.push({ startSeconds: start, endSeconds: cut });
      start = cut;
    }
    out.push({ startSeconds: start, endSeconds: span.endSeconds });
  }
  return out;
}
