import { z } from 'zod';

/**
 * What ad clone saw in a reference ad, as saved on the task (`analysis` on GET): shots and their
 * lengths, on-screen text with where it sits and its colour, the caption look, the spoken script
 * and its pattern, the sound's energy. Boxes are fractions of the frame (x, y = top-left).
 */
const fractionBox = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const shotSchema = z.object({
  index: z.number().int(),
  startSeconds: z.number(),
  endSeconds: z.number(),
  durationSeconds: z.number(),
  /** How the shot comes in (every shot but the first): a hard cut, or a crossfade of `seconds` centred on its start. Tasks stored before say nothing. */
  transitionIn: z.object({ kind: z.enum(['cut', 'fade']), seconds: z.number() }).optional(),
});
export type Shot = z.infer<typeof shotSchema>;

export const pacingSchema = z.object({
  shotCount: z.number().int(),
  averageShotSeconds: z.number(),
  shortestShotSeconds: z.number(),
  longestShotSeconds: z.number(),
  cutsPerMinute: z.number(),
});
export type Pacing = z.infer<typeof pacingSchema>;

export const screenTextSchema = z.object({
  shotIndex: z.number().int(),
  atSeconds: z.number(),
  text: z.string(),
  box: fractionBox,
  /** `#rrggbb` of the letters. */
  color: z.string(),
  /** Height of a line's letters (its words' median) as a fraction of the frame height; tasks stored before say nothing. */
  letterHeight: z.number().optional(),
  words: z.number().int(),
  lines: z.number().int(),
  /**
   * What the text is to the ad: the captions of what is said (their words are heard, or they
   * change from shot to shot in one place), a title that stays (the same words in several shots:
   * a brand, a product name), or other text. Tasks stored before say nothing.
   */
  role: z.enum(['caption', 'title', 'text']).optional(),
});
export type ScreenText = z.infer<typeof screenTextSchema>;

export const captionLookSchema = z.object({
  /** Centre of the caption block from the frame's centre, in fractions (−0.5..0.5); y > 0 is below the middle. */
  position: z.object({ x: z.number(), y: z.number() }),
  region: z.enum(['top', 'middle', 'bottom']),
  color: z.string(),
  case: z.enum(['upper', 'lower', 'as-is']),
  wordsPerLine: z.number().int(),
  /** Letter height as a fraction of the frame height. */
  textHeight: z.number(),
  /** The widest caption line as a fraction of the frame width (tasks stored before say nothing). */
  lineWidth: z.number().optional(),
  /** Shots that show it, out of all. */
  shotShare: z.number(),
});
export type CaptionLook = z.infer<typeof captionLookSchema>;

export const scriptPatternSchema = z.object({
  sentenceCount: z.number().int(),
  hook: z.object({ text: z.string(), words: z.number().int(), seconds: z.number() }).nullable(),
  callToAction: z.string().nullable(),
  wordsPerSecond: z.number(),
  /** Sentences as heard (split at punctuation, or at pauses when the recogniser gives none). */
  sentences: z.array(z.string()),
});
export type ScriptPattern = z.infer<typeof scriptPatternSchema>;

export const energySchema = z.object({
  /** Mean level of the whole track, dBFS (−90 for silence or no audio). */
  meanDb: z.number(),
  /** Mean level while someone speaks, and while nobody does (music, effects), dBFS. */
  voiceDb: z.number().nullable(),
  backgroundDb: z.number().nullable(),
  /** Share of the reference with speech. */
  speechShare: z.number(),
  level: z.enum(['silent', 'calm', 'moderate', 'energetic']),
  /** Level per second, dBFS. */
  curveDb: z.array(z.number()),
});
export type Energy = z.infer<typeof energySchema>;

export const transcriptSchema = z.object({
  text: z.string(),
  language: z.string(),
  engine: z.string(),
  words: z.array(z.object({ word: z.string(), startSeconds: z.number(), endSeconds: z.number() })),
});

export const adAnalysisSchema = z.object({
  durationSeconds: z.number(),
  widthPx: z.number(),
  heightPx: z.number(),
  shots: z.array(shotSchema),
  pacing: pacingSchema,
  texts: z.array(screenTextSchema),
  captionLook: captionLookSchema.nullable(),
  transcript: transcriptSchema.nullable(),
  script: scriptPatternSchema,
  energy: energySchema,
});
export type AdAnalysis = z.infer<typeof adAnalysisSchema>;
