/**
 * Reading and measuring a decoded voice sample, as the CPU pool runs it on a worker thread:
 * pitch tracking and spectra are ~0.65 s of synchronous JavaScript per sample, which would
 * otherwise stall every request while `POST /api/voices/clone/` checks its sample.
 */
import { offThreadFunction } from '../../../engines/cpu/off-thread.js';
import { readWav } from '../../../engines/speech/wav.js';
import { analyzePcm } from './analyze-pcm.js';
import type { VoiceSampleProfile } from './cloned-voice-spec.js';

/** The sample's length, and its measurements when it is within `maxSeconds` and not empty. */
export async function measureSampleWav(wavPath: string, maxSeconds: number): Promise<{ seconds: number; profile: VoiceSampleProfile | null }> {
  const audio = await readWav(wavPath);
  const seconds = audio.samples.length / audio.sampleRateHz;
  if (seconds === 0 || seconds > maxSeconds) return { seconds, profile: null };
  return { seconds, profile: analyzePcm(audio) };
}

export const sampleWavOffThread = offThreadFunction(new URL('./sample-wav-worker.js', import.meta.url), 'measureSampleWav', measureSampleWav);
