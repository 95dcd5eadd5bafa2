import { framesFor, MOUTH_FPS, VISEME_SHAPES, type MouthTrack, type TimedViseme, type Viseme } from './viseme-set.js';

export interface TrackOptions {
  /** Length of the audio the track goes with; the track has one frame per 1/fps of it. */
  durationSeconds: number;
  fps?: number;
  /**
   * Gaps shorter than this between two shapes are bridged by holding the first: inside a phrase
   * the mouth does not snap shut between phones. Longer gaps (pauses) close it.
   */
  bridgeGapSeconds?: number;
}

/** A lip closure shorter than a frame must still be seen, or "p" and "b" vanish at 30 fps. */
const CLOSURE_MIN_SHARE = 0.3;

const closed = (v: Viseme) => VISEME_SHAPES[v].lipsClosed;

/**
 * Timed visemes → one mouth per video frame. Each frame takes the shape that covers most of it
 * (a lip closure wins if it covers a fair part of it), opened by that shape's usual opening times
 * the phone's weight, then the opening is eased over neighbouring frames so the jaw moves rather
 * than jumps. Frames with no speech are `rest`, fully closed.
 */
export function trackFromVisemes(visemes: readonly TimedViseme[], opts: TrackOptions): MouthTrack {
  const fps = opts.fps ?? MOUTH_FPS;
  const frames = framesFor(opts.durationSeconds, fps);
  const bridge = opts.bridgeGapSeconds ?? 0.12;
  const items = visemes
    .filter((v) => v.end > v.start)
    .map((v) => ({ ...v }))
    .sort((a, b) => a.start - b.start);
  for (let i = 0; i + 1 < items.length; i++) {
    const gap = items[i + 1]!.start - items[i]!.end;
    if (gap > 0 && gap < bridge) items[i]!.end = items[i + 1]!.start;
  }

  const chosen: Array<{ viseme: Viseme; weight: number }> = [];
  let first = 0;
  for (let f = 0; f < frames; f++) {
    const a = f / fps;
    const b = (f + 1) / fps;
    while (first < items.length && items[first]!.end <= a) first++;
    let best: TimedViseme | undefined;
    let bestOverlap = 0;
    let closure: TimedViseme | undefined;
    for (let i = first; i < items.length && items[i]!.start < b; i++) {
      const it = items[i]!;
      const overlap = Math.min(b, it.end) - Math.max(a, it.start);
      if (overlap <= 0) continue;
      if (overlap > bestOverlap) {
        best = it;
        bestOverlap = overlap;
      }
      if (it.viseme === 'MBP' && (overlap >= CLOSURE_MIN_SHARE / fps || (it.start >= a && it.end <= b))) closure = it;
    }
    const pick = closure ?? best;
    chosen.push(pick ? { viseme: pick.viseme, weight: pick.weight ?? 1 } : { viseme: 'rest', weight: 0 });
  }

  const raw = chosen.map((c) => Math.min(1, Math.max(0, VISEME_SHAPES[c.viseme].openness * c.weight)));
  return chosen.map((c, f) => {
    if (closed(c.viseme)) return { viseme: c.viseme, openness: 0 };
    const prev = raw[f - 1] ?? 0;
    const next = raw[f + 1] ?? 0;
    return { viseme: c.viseme, openness: round3(0.2 * prev + 0.6 * raw[f]! + 0.2 * next) };
  });
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
