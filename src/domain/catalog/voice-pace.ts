import { voiceIdFor } from './voice-ids.js';

/**
 * Built-in voices speak at one ad pace, stated in the words a minute each voice reads on the
 * bench's three ad texts (`bench/intelligibility.ts`; its natural pace per voice is below). A spoken
 * ad carries 140–170 words a minute of video (issue 27), its end card and pauses included, so the
 * voice itself runs faster than that. Product scripts (prices, sizes, long product words) read
 * about 12 % slower than the bench's texts: at 205 here RHVoice bdl speaks 170–196 words a minute
 * of speech on the test product pages' scripts and puts 76–86 words in a 30 s ad
 * (`npx tsx bench/ad-pace.ts 6 15,30,60`); at the former 160 it spoke 134–143 and a 30 s ad held
 * 56–65. Whisper still hears it: WER 0.042 on the 100 number-heavy sentences
 * (`npx tsx bench/spoken-numbers.ts --only=rhvoice --voices=1`; 0.028 at 160). A voice not listed
 * keeps its engine's pace.
 */
export const AD_PACE_WORDS_PER_MINUTE = 205;

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
