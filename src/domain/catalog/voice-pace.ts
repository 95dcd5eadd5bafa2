import { voiceIdFor } from './voice-ids.js';

/**
 * Built-in voices speak at a broadcast voice-over pace. Their engines' own defaults run from 165
 * to 200 words a minute — fast for an ad, and the fastest are the hardest to follow (the offline
 * recogniser of `bench/intelligibility.ts` misheard RHVoice slt at 200 wpm twice as often as at
 * 160). Each voice's natural pace was measured on the bench's three ad texts; a voice not listed
 * keeps its engine's pace.
 */
export const AD_PACE_WORDS_PER_MINUTE = 160;

const NATURAL_WORDS_PER_MINUTE: ReadonlyMap<string, number> = new Map([
  [voiceIdFor('rhvoice', 'clb'), 173],
  [voiceIdFor('rhvoice', 'bdl'), 196],
  [voiceIdFor('rhvoice', 'slt'), 200],
  [voiceIdFor('rhvoice', 'alan'), 191],
  [voiceIdFor('flite', 'kal16'), 180],
  [voiceIdFor('flite', 'rms'), 165],
  [voiceIdFor('flite', 'slt'), 185],
  [voiceIdFor('festival', 'cmu_us_slt_arctic_hts'), 182],
  [voiceIdFor('piper', 'en_US-joe-medium'), 185],
]);

/** The engine rate (1 = its default, 0.9 = 10 % slower) that brings a voice to the ad pace. */
export function adPaceRate(voiceId: string): number | undefined {
  const natural = NATURAL_WORDS_PER_MINUTE.get(voiceId);
  if (!natural) return undefined;
  return Math.min(1.1, Math.max(0.75, AD_PACE_WORDS_PER_MINUTE / natural));
}
