/**
 * The service's loudness targets (EBU R128), one place for every output. Speech files (the
 * text-to-speech download, voice previews) sit at the podcast/speech norm; videos at the
 * streaming platforms' norm. Every output keeps its true peak at or below `MAX_TRUE_PEAK_DBTP`
 * so that a later lossy encode or a player's resampling cannot clip.
 */
export const SPEECH_LOUDNESS_LUFS = -16;
export const VIDEO_LOUDNESS_LUFS = -14;
export const MAX_TRUE_PEAK_DBTP = -1;
/**
 * Where the sample-peak limiter sits: 1 dB under the true-peak ceiling, the margin that MP3 and
 * AAC overshoot (inter-sample peaks, codec ringing) took on synthetic speech here.
 */
export const LIMITER_CEILING_DBFS = MAX_TRUE_PEAK_DBTP - 1;
/** Speech below this rate sounds like a telephone: it is resampled up on output. */
export const MIN_SPEECH_SAMPLE_RATE_HZ = 16000;
