/**
 * Aurora's `text_prompt` read as "motion guidance": a fixed English vocabulary of cues, each
 * nudging one of the photo animator's few honest knobs (how much the head moves, how far it nods,
 * how often the eyes blink, how wide the mouth opens). No model is involved: the same prompt and
 * scale always give the same settings, and the caller shows what was understood.
 */

/** The animator's knobs; `NEUTRAL_GUIDANCE` is exactly today's behaviour. */
export interface AnimatorGuidance {
  /** Multiplies every head-motion amplitude (tilt and drift); 0 means no head motion at all. */
  headMotion: number;
  /** Multiplies the vertical drift (the nod) on top of `headMotion`. */
  nod: number;
  /** Multiplies how often blinks come (the gaps between them are divided by it). */
  blinkRate: number;
  /** Multiplies the mouth opening from the audio (the result is capped at fully open). */
  mouthGain: number;
}

export interface MotionGuidance extends AnimatorGuidance {
  /** The cues found, in the vocabulary's own names, in the order of the vocabulary. */
  matched: string[];
  /** Cues that were found but negated ("not energetic"): they change nothing. */
  negated: string[];
}

export const NEUTRAL_GUIDANCE: AnimatorGuidance = { headMotion: 1, nod: 1, blinkRate: 1, mouthGain: 1 };

/**
 * Safe ranges: the head patch's margin is sized from the motion, but the head is one rigid patch
 * feathered into the still picture, so it is kept to small moves (at most 2×: ±2.4° of tilt,
 * and a nod of up to ±4.5 % of the brow–chin distance); the mouth warp is drawn for
 * openness 0…1 only, so the gain just rescales within it; blinks stay within what people do
 * (about 4–60 a minute).
 */
export const GUIDANCE_BOUNDS: Record<keyof AnimatorGuidance, { min: number; max: number }> = {
  headMotion: { min: 0, max: 2 },
  nod: { min: 1, max: 2.5 },
  blinkRate: { min: 0.4, max: 2.5 },
  mouthGain: { min: 0.5, max: 1.5 },
};

export const MAX_GUIDANCE_SCALE = 3;
export const DEFAULT_GUIDANCE_SCALE = 1;

interface Cue {
  name: string;
  /** Word sequences (lower case, apostrophes removed) that stand for the cue. */
  phrases: string[];
  /** The factor per knob at scale 1. */
  effect: Partial<AnimatorGuidance>;
}

/** The vocabulary, documented in docs/avatars-photo.md ("Aurora"). Order decides `matched`'s order. */
export const CUES: readonly Cue[] = [
  {
    name: 'still',
    phrases: ['still', 'steady', 'static', 'motionless', 'no movement', 'no motion', 'dont move', 'do not move', 'not moving'],
    effect: { headMotion: 0 },
  },
  { name: 'calm', phrases: ['calm', 'calmly', 'relaxed', 'gentle', 'gently', 'subtle', 'subtly', 'slow', 'slowly'], effect: { headMotion: 0.5 } },
  { name: 'energetic', phrases: ['energetic', 'lively', 'animated', 'excited', 'enthusiastic', 'dynamic', 'upbeat'], effect: { headMotion: 1.6 } },
  { name: 'nodding', phrases: ['nod', 'nods', 'nodding', 'nodded'], effect: { nod: 2 } },
  { name: 'serious', phrases: ['serious', 'seriously', 'focused', 'concentrated', 'stern'], effect: { blinkRate: 0.5 } },
  { name: 'blinking', phrases: ['blink', 'blinks', 'blinking'], effect: { blinkRate: 1.8 } },
  {
    name: 'expressive',
    phrases: ['expressive', 'exaggerated', 'articulate', 'articulated', 'wide mouth', 'open mouth', 'loud', 'loudly'],
    effect: { mouthGain: 1.3 },
  },
  { name: 'quiet', phrases: ['whisper', 'whispers', 'whispering', 'quiet', 'quietly', 'soft', 'softly', 'mumble', 'mumbling'], effect: { mouthGain: 0.7 } },
];

/** Words that negate a cue when one stands at most 3 words before it in the same clause. */
const NEGATORS = new Set(['not', 'no', 'never', 'without', 'dont', 'doesnt', 'isnt', 'arent', 'nor', 'avoid', 'less']);
/** Words that end a negation's reach ("not calm but energetic": energetic is meant). */
const CLAUSE_BREAKS = new Set(['but', 'and', 'or', 'yet', 'though', 'although', 'instead']);
const NEGATION_REACH = 3;

/**
 * The settings a prompt asks for. `scale` (0…3, default 1) is how strongly: each knob is the
 * product of its cues' factors raised to `scale`, so 0 ignores the prompt, 1 is the table's
 * effect, 2 squares it; then it is clamped to `GUIDANCE_BOUNDS`. A prompt with no known cue gives
 * `matched: []` and the neutral settings.
 */
export function guidanceFromPrompt(prompt: string | null | undefined, scale: number | null | undefined = DEFAULT_GUIDANCE_SCALE): MotionGuidance {
  const strength = Math.min(MAX_GUIDANCE_SCALE, Math.max(0, Number.isFinite(scale) ? (scale as number) : DEFAULT_GUIDANCE_SCALE));
  const clauses = (prompt ?? '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[.,;:!?()\n]+/)
    .map((clause) => clause.split(/[^a-z]+/).filter(Boolean));
  const matched: string[] = [];
  const negated: string[] = [];
  for (const cue of CUES) {
    const found = clauses.flatMap((words) => findCue(words, cue));
    if (found.some((f) => !f.negated)) matched.push(cue.name);
    else if (found.length > 0) negated.push(cue.name);
  }
  const knobs = { ...NEUTRAL_GUIDANCE };
  for (const cue of CUES.filter((c) => matched.includes(c.name))) {
    for (const [knob, factor] of Object.entries(cue.effect) as [keyof AnimatorGuidance, number][]) {
      knobs[knob] *= strength === 0 ? 1 : factor ** strength;
    }
  }
  for (const knob of Object.keys(knobs) as (keyof AnimatorGuidance)[]) {
    const { min, max } = GUIDANCE_BOUNDS[knob];
    knobs[knob] = round3(Math.min(max, Math.max(min, knobs[knob])));
  }
  return { matched, negated, ...knobs };
}

/** Each place a cue's phrase occurs in a clause, and whether a negator reaches it. */
function findCue(words: string[], cue: Cue): { negated: boolean }[] {
  const hits: { negated: boolean }[] = [];
  for (const phrase of cue.phrases) {
    const parts = phrase.split(' ');
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.every((p, k) => words[i + k] === p)) hits.push({ negated: negatedAt(words, i, parts[0]!) });
    }
  }
  return hits;
}

function negatedAt(words: string[], at: number, firstWord: string): boolean {
  // "no movement", "dont move": the negation is the phrase itself.
  if (NEGATORS.has(firstWord)) return false;
  for (let i = at - 1; i >= Math.max(0, at - NEGATION_REACH); i--) {
    if (CLAUSE_BREAKS.has(words[i]!)) return false;
    if (NEGATORS.has(words[i]!)) return true;
  }
  return false;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The head-motion kind a model asks for, made `still` when the guidance stops the head. */
export function guidedHeadMotionKind<K extends string>(kind: K, guidance: AnimatorGuidance): K | 'still' {
  return guidance.headMotion === 0 ? 'still' : kind;
}

/** Mouth openings times the gain, capped at fully open (the warp is drawn for 0…1 only). */
export function withMouthGain<F extends { openness: number }>(frames: readonly F[], gain: number): F[] {
  if (gain === 1) return [...frames];
  return frames.map((f) => ({ ...f, openness: Math.min(1, Math.max(0, f.openness * gain)) }));
}
