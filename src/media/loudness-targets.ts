/**
 * The loudness every output is brought to, in one place: speech files, and videos (previews
 * included), whose true peak stays under the ceiling that streaming platforms ask for.
 */
export const SPEECH_LOUDNESS_LUFS = -16;
export const VIDEO_LOUDNESS_LUFS = -14;
export const TRUE_PEAK_DBTP = -1;
