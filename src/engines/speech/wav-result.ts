import { deriveWordTimings } from './derive-word-timings.js';
import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import type { SynthesisResult } from './port.js';
import type { PcmAudio } from './wav.js';
import { readWav } from './wav.js';
import { tokenizeWords } from './word-tokens.js';

/** The result of an engine that wrote `wavPath`: its length and rate from the samples, with the timings the engine knows. */
export function wavResult(wavPath: string, audio: PcmAudio, words: WordTiming[], phones?: PhoneTiming[]): SynthesisResult {
  const result: SynthesisResult = { wavPath, durationSeconds: audio.samples.length / audio.sampleRateHz, sampleRateHz: audio.sampleRateHz, words };
  if (phones) result.phones = phones;
  return result;
}

/** For engines that report no timing: the words placed on the sound between pauses of the WAV they wrote. */
export function wavResultTimedByEnergy(wavPath: string, audio: PcmAudio, text: string): SynthesisResult {
  return wavResult(wavPath, audio, deriveWordTimings(audio, tokenizeWords(text)));
}

export async function readWavTimedByEnergy(wavPath: string, text: string): Promise<SynthesisResult> {
  return wavResultTimedByEnergy(wavPath, await readWav(wavPath), text);
}
