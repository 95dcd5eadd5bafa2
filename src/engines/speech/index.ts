export * from './port.js';
export { EspeakNgEngine } from './espeak-ng.js';
export { FliteEngine } from './flite.js';
export { FestivalEngine } from './festival.js';
export { RhvoiceEngine, RHVOICE_COMMERCIAL_VOICES } from './rhvoice.js';
export { PiperEngine, PIPER_COMMERCIAL_VOICES } from './piper.js';
export { OpenAiCompatibleSpeechEngine, type OpenAiCompatibleSpeechOptions, type RemoteVoiceOption } from './openai-compatible.js';
export { FakeSpeechEngine } from './fake-engine.js';
export { deriveWordTimings } from './derive-word-timings.js';
export { PocketsphinxAligner, type ForcedAlignment } from './pocketsphinx-align.js';
export { ForcedAlignmentEngine, type TextAligner } from './aligned-engine.js';
export { readWav, writeWav, decodeWav, encodeWav, type PcmAudio } from './wav.js';

import { EspeakNgEngine } from './espeak-ng.js';
import { FestivalEngine } from './festival.js';
import { FliteEngine } from './flite.js';
import { RhvoiceEngine } from './rhvoice.js';
import { ForcedAlignmentEngine } from './aligned-engine.js';
import { PocketsphinxAligner } from './pocketsphinx-align.js';
import { PiperEngine } from './piper.js';
import { OpenAiCompatibleSpeechEngine, type OpenAiCompatibleSpeechOptions } from './openai-compatible.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';
import type { SpeechEngines } from './port.js';

/**
 * The built-in engines, plus the remote provider when configured. Engines that report no timings
 * (RHVoice, Piper, remote providers) get word and phone timings by forced alignment of their text;
 * `onAlignmentFallback` hears when an output keeps the pause-based word timings instead.
 */
export function createSpeechEngines(
  opts: {
    remote?: OpenAiCompatibleSpeechOptions;
    ffmpeg?: Pick<FfmpegEngine, 'capture'>;
    onAlignmentFallback?: (err: unknown, info: { engine: string; engineVoice: string }) => void;
  } = {},
): SpeechEngines {
  const aligner = new PocketsphinxAligner({ ffmpeg: opts.ffmpeg });
  const aligned = (engine: ConstructorParameters<typeof ForcedAlignmentEngine>[0]) => new ForcedAlignmentEngine(engine, aligner, opts.onAlignmentFallback);
  return {
    'espeak-ng': new EspeakNgEngine(),
    flite: new FliteEngine(),
    festival: new FestivalEngine(),
    rhvoice: aligned(new RhvoiceEngine()),
    piper: aligned(new PiperEngine()),
    ...(opts.remote ? { remote: aligned(new OpenAiCompatibleSpeechEngine({ ...opts.remote, ffmpeg: opts.ffmpeg })) } : {}),
  };
}
