import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import { decodeToWav } from '../../../engines/speech/decode-audio.js';
import { TaskFailure } from '../../../core/errors.js';
import type { VoiceSampleProfile } from './cloned-voice-spec.js';
import { ANALYSIS_SECONDS } from './analyze-pcm.js';
import { sampleWavOffThread } from './sample-wav-worker.js';

export { analyzePcm } from './analyze-pcm.js';

export const MIN_SPEECH_SECONDS = 5;
export const MAX_SAMPLE_SECONDS = 600;
const ANALYSIS_RATE_HZ = 16000;
/** Between music (at most 1.0 for the library's tracks) and speech (1.3 and up, even over quiet music); see loudness-flux.ts. */
export const MIN_SPEECH_LOUDNESS_FLUX_DB = 1.15;

/** A sample that cannot be used for voice matching; `reason` is meant for the client. */
export class VoiceSampleRejected extends TaskFailure {
  constructor(reason: string) {
    super(reason, false);
    this.name = 'VoiceSampleRejected';
  }
}

/**
 * Decodes any audio file ffmpeg reads and measures it. Rejects (with a reason a person can act
 * on) audio that does not decode, is longer than 10 minutes, or holds less than 5 s of speech.
 */
export async function analyzeVoiceSample(
  audioPath: string,
  deps: { ffmpeg: Pick<FfmpegEngine, 'capture'> },
  opts: { signal?: AbortSignal; workDir?: string } = {},
): Promise<VoiceSampleProfile> {
  const dir = opts.workDir ?? (await mkdtemp(join(tmpdir(), 'voice-sample-')));
  const wavPath = join(dir, 'sample-16k.wav');
  try {
    try {
      // One second past the limit is enough to know a sample is too long without decoding hours.
      await decodeToWav(deps.ffmpeg, audioPath, wavPath, { sampleRateHz: ANALYSIS_RATE_HZ, maxSeconds: MAX_SAMPLE_SECONDS + 1, signal: opts.signal });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      throw new VoiceSampleRejected('The voice sample is not audio that can be decoded. Upload a WAV, MP3, M4A, OGG or FLAC recording.');
    }
    // Read and measured on a worker thread; the checks below stay here, so rejections are unchanged.
    const { seconds, profile, loudnessFluxDb } = await sampleWavOffThread.run([wavPath, MAX_SAMPLE_SECONDS], { signal: opts.signal });
    if (seconds === 0) throw new VoiceSampleRejected('The voice sample contains no audio.');
    if (seconds > MAX_SAMPLE_SECONDS) {
      throw new VoiceSampleRejected('The voice sample is longer than 10 minutes. Upload between 5 seconds and 10 minutes of speech.');
    }
    if (!profile) throw new Error('a voice sample within the limits was not measured');
    const voicedSeconds = profile.voicedFraction * Math.min(seconds, ANALYSIS_SECONDS);
    if (profile.speechSeconds < MIN_SPEECH_SECONDS || voicedSeconds < MIN_SPEECH_SECONDS * 0.4 || !(profile.medianPitchHz > 0)) {
      throw new VoiceSampleRejected(
        `The voice sample has only ${profile.speechSeconds.toFixed(1)} s of speech; at least ${MIN_SPEECH_SECONDS} s of clear speech is needed (30 s or more works best).`,
      );
    }
    // Pitch alone takes a tone or a melody for a voice; speech is also never steady in loudness.
    if (loudnessFluxDb < MIN_SPEECH_LOUDNESS_FLUX_DB) {
      throw new VoiceSampleRejected(
        'The voice sample does not sound like speech: its loudness hardly changes from syllable to syllable, as with a steady tone, music or noise. Upload a recording of one person speaking, with little background sound.',
      );
    }
    return profile;
  } finally {
    if (opts.workDir) await rm(wavPath, { force: true });
    else await rm(dir, { recursive: true, force: true });
  }
}
