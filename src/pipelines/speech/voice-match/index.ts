export type { ClonedVoiceSpec, VoiceSampleProfile } from './cloned-voice-spec.js';
export { isClonedVoiceSpec } from './cloned-voice-spec.js';
export { analyzeVoiceSample, analyzePcm, VoiceSampleRejected, MIN_SPEECH_SECONDS, MAX_SAMPLE_SECONDS } from './analyze-sample.js';
export { fitVoiceProfile, correctSpec, baseVoiceCandidates, genderOfPitch, type BaseVoiceMeasure } from './fit-profile.js';
export { measureBaseVoices, measureVoice, calibrationTextFor } from './base-voices.js';
export { cloneVoiceFromSample } from './clone-voice.js';
export { fetchVoiceSample, MAX_SAMPLE_BYTES } from './fetch-sample.js';
