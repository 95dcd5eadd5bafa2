/**
 * Reading and measuring a decoded voice sample, as the CPU pool runs it on a worker thread:
 * pitch tracking and spectra are ~0.65 s of synchronous JavaScript per sample, which would
 * otherwise stall every request while `POST /api/voices/clone/` checks its sample.
 */
import { offThreadFunction } from '../../../engines/cpu/off-thread.js';
import { readWav } from '../../../engines/speech/wav.js';
import { analyzePcm, ANALYSIS_SECONDS } from './analyze-pcm.js';
import { loudnessFluxDb } from './loudness-flux.js';
import type { VoiceSampleProfile } from './cloned-voice-spec.js';

/**
 * The sample's length, and its measurements when it is within `maxSeconds` and not empty:
 * the voice profile, and the loudness flux that tells speech from steady sound.
 */
export async function measureSampleWav(
  wavPath: string,
  maxSeconds: number,
): Promise<{ seconds: number; profile: VoiceSampleProfile | null; loudnessFluxDb: number }> {
  const audio = await readWav(wavPath);
  const seconds = audio.samples.length / audio.sampleRateHz;
  if (seconds === 0 || seconds > maxSeconds) return { seconds, profile: null, loudnessFluxDb: 0 };
  const analysed = { sampleRateHz: audio.sampleRateHz, samples: audio.samples.subarray(0, ANALYSIS_SECONDS * audio.sampleRateHz) };
  return { seconds, profile: analyzePcm(audio), loudnessFluxDb: loudnessFluxDb(analysed) };
}

export const sampleWavOffThread = offThreadFunction(new URL('./sample-wav-worker.js', import.meta.url), 'measureSampleWav', measureSampleWav);
