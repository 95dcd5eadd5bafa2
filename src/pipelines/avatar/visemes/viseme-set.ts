/**
 * The mouth set: Preston Blair's classic animation chart (as used by Papagayo and most 2D lip-sync
 * tools) plus `rest`. Ten shapes are enough to read as speech on a drawn face; the jaw opening
 * (`openness`) varies within a shape, so an unstressed vowel opens less than a stressed one.
 */
export const VISEMES = ['rest', 'MBP', 'AI', 'E', 'O', 'U', 'WQ', 'FV', 'L', 'etc'] as const;
export type Viseme = (typeof VISEMES)[number];

/** Video frames per second of every mouth track (the contract's output rate). */
export const MOUTH_FPS = 30;

/** One video frame of mouth: which drawing, and how far the jaw is dropped (0 closed … 1 widest). */
export interface MouthFrame {
  viseme: Viseme;
  openness: number;
}

/** A mouth track: one entry per 1/30 s frame, frame f covering [f/30, (f+1)/30). */
export type MouthTrack = MouthFrame[];

/** A viseme held over a span of seconds; `weight` scales its usual opening (unstressed vowels < 1). */
export interface TimedViseme {
  viseme: Viseme;
  start: number;
  end: number;
  weight?: number;
}

export interface VisemeShape {
  /** Usual jaw opening 0..1 for this shape. */
  openness: number;
  /** Lip spread: −1 rounded and pushed forward, 0 relaxed, 1 wide (a smile-like "ee"). */
  spread: number;
  /** Lips touch: nothing of the mouth's inside shows. */
  lipsClosed: boolean;
}

export const VISEME_SHAPES: Readonly<Record<Viseme, VisemeShape>> = {
  rest: { openness: 0, spread: 0, lipsClosed: true },
  MBP: { openness: 0, spread: -0.1, lipsClosed: true },
  AI: { openness: 0.9, spread: 0.3, lipsClosed: false },
  E: { openness: 0.45, spread: 0.85, lipsClosed: false },
  O: { openness: 0.7, spread: -0.55, lipsClosed: false },
  U: { openness: 0.38, spread: -0.8, lipsClosed: false },
  WQ: { openness: 0.25, spread: -1, lipsClosed: false },
  FV: { openness: 0.15, spread: 0.2, lipsClosed: false },
  L: { openness: 0.55, spread: 0.25, lipsClosed: false },
  etc: { openness: 0.3, spread: 0.45, lipsClosed: false },
};

export function isViseme(value: string): value is Viseme {
  return (VISEMES as readonly string[]).includes(value);
}

/** A track of `frames` closed frames (silence). */
export function restTrack(frames: number): MouthTrack {
  return Array.from({ length: Math.max(0, frames) }, () => ({ viseme: 'rest' as const, openness: 0 }));
}

export function framesFor(durationSeconds: number, fps = MOUTH_FPS): number {
  return Math.max(1, Math.round(durationSeconds * fps));
}
