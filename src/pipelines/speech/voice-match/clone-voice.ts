import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { SpeechEngines } from '../../../engines/speech/port.js';
import type { VoiceCatalog } from '../../../domain/catalog/voices.js';
import { analyzeVoiceSample } from './analyze-sample.js';
import { measureBaseVoices, measureVoice } from './base-voices.js';
import type { ClonedVoiceSpec, VoiceSampleProfile } from './cloned-voice-spec.js';
import { baseVoiceCandidates, correctSpec, fitVoiceProfile, genderOfPitch } from './fit-profile.js';

/** Within this, a fit is left alone; the acceptance bounds are 10 % (pitch) and 15 % (rate). */
const GOOD_ENOUGH = 0.03;
const MAX_CORRECTIONS = 2;

/**
 * Voice matching end to end: measure the sample, pick and fit a base voice, then synthesise with
 * the fitted spec and correct it until its own measurements land on the sample's (engines'
 * pitch and rate controls are not exactly linear, and sox's pitch shift moves formants too).
 */
export async function cloneVoiceFromSample(
  samplePath: string,
  deps: { engines: SpeechEngines; catalog: VoiceCatalog; ffmpeg: Pick<FfmpegEngine, 'capture'> },
  opts: { workDir: string; language?: string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<{ profile: VoiceSampleProfile; spec: ClonedVoiceSpec }> {
  const language = opts.language ?? 'en';
  const profile = await analyzeVoiceSample(samplePath, deps, { signal: opts.signal });
  opts.onProgress?.(0.2);
  // Only voices of the sample's gender can be chosen, so only those need measuring.
  const gender = genderOfPitch(profile.medianPitchHz);
  const all = baseVoiceCandidates(deps.catalog, language);
  const candidates = all.some((v) => v.gender === gender) ? all.filter((v) => v.gender === gender) : all;
  const measures = await measureBaseVoices(candidates, deps, { workDir: join(opts.workDir, 'base'), signal: opts.signal });
  opts.onProgress?.(0.5);
  let spec = fitVoiceProfile(profile, deps.catalog, measures, { language });
  for (let i = 0; i < MAX_CORRECTIONS; i++) {
    const got = await measureVoice(spec, language, deps, { workDir: join(opts.workDir, 'fit'), signal: opts.signal });
    opts.onProgress?.(0.5 + (0.5 * (i + 1)) / MAX_CORRECTIONS);
    const pitchOff = Math.abs(got.medianPitchHz / profile.medianPitchHz - 1);
    const rateOff = Math.abs(got.syllablesPerSecond / profile.syllablesPerSecond - 1);
    if (pitchOff <= GOOD_ENOUGH && rateOff <= GOOD_ENOUGH) break;
    spec = correctSpec(spec, got);
  }
  await rm(join(opts.workDir, 'fit'), { recursive: true, force: true });
  opts.onProgress?.(1);
  return { profile, spec };
}
