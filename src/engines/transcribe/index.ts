export type { Transcriber, Transcript, TranscriptionRequest, TranscriberId } from './port.js';
export { TranscriptionError } from './port.js';
export { WhisperTranscriber, DEFAULT_WHISPER_SIDECAR_DIR } from './whisper-transcriber.js';
export { PocketsphinxTranscriber, parsePocketsphinxTimes } from './pocketsphinx-transcriber.js';
export { createOpenAiTranscriber, wordsOfVerboseJson } from './openai-transcriber.js';
export { fakeTranscriber } from './fake-transcriber.js';

import type { FfmpegEngine } from '../ffmpeg/types.js';
import { createOpenAiTranscriber } from './openai-transcriber.js';
import { PocketsphinxTranscriber } from './pocketsphinx-transcriber.js';
import type { Transcriber } from './port.js';
import { WhisperTranscriber } from './whisper-transcriber.js';

export type TranscriberChoice = 'auto' | 'whisper' | 'pocketsphinx' | 'remote';

export interface TranscriberSettings {
  choice: TranscriberChoice;
  remote?: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };
  whisperSidecarDir?: string;
}

/**
 * The one transcriber of the deployment. `auto`: the remote provider when one is configured,
 * else Whisper when set-up installed its sidecar, else pocketsphinx.
 */
export function createTranscriber(ffmpeg: Pick<FfmpegEngine, 'capture' | 'probe'>, settings: TranscriberSettings): Transcriber {
  const choice = settings.choice;
  if (choice === 'remote' || (choice === 'auto' && settings.remote)) {
    if (!settings.remote) throw new Error('TRANSCRIBER=remote needs TRANSCRIPTION_API_URL');
    return createOpenAiTranscriber({ ffmpeg, ...settings.remote });
  }
  if (choice === 'whisper' || (choice === 'auto' && WhisperTranscriber.installed(settings.whisperSidecarDir))) {
    return new WhisperTranscriber({ ffmpeg, sidecarDir: settings.whisperSidecarDir });
  }
  return new PocketsphinxTranscriber(ffmpeg);
}
