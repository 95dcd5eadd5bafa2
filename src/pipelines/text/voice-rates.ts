/**
 * Measured speaking rates of the built-in English voices at their ad pace (the catalog slows each
 * to about 160 words a minute of speech; `domain/catalog/voice-pace.ts`), in spoken words per
 * second of the whole audio — sentence pauses included, as the video pipeline measures a draft.
 * One fixed 80-word ad passage per voice, 2026-11-29, on this machine kind:
 *   npx tsx bench/voice-rates.ts en
 * A script for a chosen voice is sized by that voice's rate (the video pipeline measures it on its
 * first draft); without a voice (AI Scripts), by the language's default voice (`DEFAULT_WORDS_PER_SECOND`).
 * At these rates a 30 s ad's 70–85 words take 25–30 s: the slowest voices (RHVoice, flite rms,
 * festival slt, 2.7–2.8) carry the range's floor in its spoken budget, espeak-ng (3.3–3.5) its top.
 */
export const MEASURED_WORDS_PER_SECOND: Readonly<Record<string, number>> = {
  'rhvoice:bdl': 2.81,
  'rhvoice:clb': 2.76,
  'rhvoice:slt': 2.71,
  'rhvoice:alan': 2.72,
  'flite:rms': 2.77,
  'flite:slt': 2.91,
  'flite:kal16': 3.24,
  'flite:kal': 3.24,
  'flite:awb': 3.25,
  'festival:cmu_us_slt_arctic_hts': 2.82,
  'piper:en_US-joe-medium': 3.18,
  'espeak-ng:en-us': 3.32,
  'espeak-ng:en-gb': 3.42,
  'espeak-ng:en-gb-scotland': 3.51,
  'espeak-ng:en-029': 3.38,
};
