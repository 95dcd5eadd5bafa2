import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { PhoneTiming, WordTiming } from '../../../core/timing.js';
import { analyzeFrames } from './audio-features.js';
import { energyEnvelope, withEnergyEnvelope } from './energy-envelope.js';
import { trackFromAudioFeatures } from './audio-mouth.js';
import { visemesFromWords } from './letter-visemes.js';
import { visemesFromPhones } from './phone-visemes.js';
import { readMonoPcm } from './read-pcm.js';
import { framesFor, MOUTH_FPS, type MouthTrack } from './viseme-set.js';
import { trackFromVisemes } from './viseme-track.js';

export * from './viseme-set.js';
export { visemesFromPhones, mouthForPhone, phoneSetOf } from './phone-visemes.js';
export { visemesFromWords, graphemesOf } from './letter-visemes.js';
export { trackFromVisemes } from './viseme-track.js';
export { analyzeFrames, pearson, type FrameFeatures } from './audio-features.js';
export { trackFromAudioFeatures } from './audio-mouth.js';
export { readMonoPcm, s16leToFloat } from './read-pcm.js';

/**
 * The mouth for synthesised speech: from the engine's phones when it reports them (espeak-ng,
 * flite, festival), otherwise from its word timings and the words' spelling (remote engines).
 */
export function mouthTrackFromTimings(
  timings: { phones?: readonly PhoneTiming[]; words: readonly WordTiming[] },
  durationSeconds: number,
  fps = MOUTH_FPS,
): MouthTrack {
  const visemes = timings.phones && timings.phones.length > 0 ? visemesFromPhones(timings.phones) : visemesFromWords(timings.words);
  return trackFromVisemes(visemes, { durationSeconds, fps });
}

/** Pure: the mouth for a recording's samples (a user's own voiceover). */
export function mouthTrackFromPcm(audio: { sampleRateHz: number; samples: Float32Array }, fps = MOUTH_FPS): MouthTrack {
  const frames = framesFor(audio.samples.length / audio.sampleRateHz, fps);
  return trackFromAudioFeatures(analyzeFrames(audio.samples, audio.sampleRateHz, fps, frames));
}

/** The mouth for an audio file: decoded through ffmpeg, then analysed frame by frame. */
export async function mouthTrackFromAudioFile(
  ffmpeg: Pick<FfmpegEngine, 'capture'>,
  path: string,
  opts: { fps?: number; signal?: AbortSignal } = {},
): Promise<MouthTrack> {
  return mouthTrackFromPcm(await readMonoPcm(ffmpeg, path, { signal: opts.signal }), opts.fps);
}
export { energyEnvelope, withEnergyEnvelope } from './energy-envelope.js';

/**
 * The mouth for synthesised speech whose recording is at hand: the shapes from the engine's
 * phones (or words), the opening from the phones and the recording's loudness together, so loud
 * syllables open wider than quiet ones (see `withEnergyEnvelope`).
 */
export async function mouthTrackFromTimingsAndAudio(
  ffmpeg: Pick<FfmpegEngine, 'capture'>,
  timings: { phones?: readonly PhoneTiming[]; words: readonly WordTiming[] },
  audioPath: string,
  opts: { durationSeconds: number; fps?: number; signal?: AbortSignal },
): Promise<MouthTrack> {
  const fps = opts.fps ?? MOUTH_FPS;
  const track = mouthTrackFromTimings(timings, opts.durationSeconds, fps);
  const audio = await readMonoPcm(ffmpeg, audioPath, { signal: opts.signal });
  return withEnergyEnvelope(track, energyEnvelope(analyzeFrames(audio.samples, audio.sampleRateHz, fps, track.length)));
}
