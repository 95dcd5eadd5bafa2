export {
  synthesizeSpeech,
  synthesizeToWav,
  resolveEngineVoice,
  type SpeechVoice,
  type SpeechDeps,
  type SpeechOptions,
  type SpeechOutput,
} from './synthesize-speech.js';
export { prepareSpeechChunks, DEFAULT_CHUNK_CHARS } from './text/prepare-text.js';
export { normalizeEnglish } from './text/normalize-english.js';
export { splitSentences } from './text/sentences.js';
export { joinTimedAudio } from './join-audio.js';
export * from './voice-match/index.js';
