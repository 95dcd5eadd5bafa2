export * from './port.js';
export { EspeakNgEngine } from './espeak-ng.js';
export { FliteEngine } from './flite.js';
export { FestivalEngine } from './festival.js';
export { RhvoiceEngine, RHVOICE_COMMERCIAL_VOICES } from './rhvoice.js';
export { PiperEngine, PIPER_COMMERCIAL_VOICES } from './piper.js';
export { OpenAiCompatibleSpeechEngine, type OpenAiCompatibleSpeechOptions, type RemoteVoiceOption } from './openai-compatible.js';
export { FakeSpeechEngine } from './fake-engine.js';
export { deriveWordTimings } from './derive-word-timings.js';
export { readWav, writeWav, decodeWav, encodeWav, type PcmAudio } from './wav.js';

import { EspeakNgEngine } from './espeak-ng.js';
import { FestivalEngine } from './festival.js';
import { FliteEngine } from './flite.js';
import { RhvoiceEngine } from './rhvoice.js';
import { PiperEngine } from './piper.js';
import { OpenAiCompatibleSpeechEngine, type OpenAiCompatibleSpeechOptions } from './openai-compatible.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';
import type { SpeechEngines } from './port.js';

/** The built-in engines, plus the remote provider when configured. */
export function createSpeechEngines(opts: { remote?: OpenAiCompatibleSpeechOptions; ffmpeg?: Pick<FfmpegEngine, 'capture'> } = {}): SpeechEngines {
  return {
    'espeak-ng': new EspeakNgEngine(),
    flite: new FliteEngine(),
    festival: new FestivalEngine(),
    rhvoice: new RhvoiceEngine(),
    piper: new PiperEngine(),
    ...(opts.remote ? { remote: new OpenAiCompatibleSpeechEngine({ ...opts.remote, ffmpeg: opts.ffmpeg }) } : {}),
  };
}
