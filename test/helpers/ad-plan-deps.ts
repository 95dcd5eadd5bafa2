import { writeFile } from 'node:fs/promises';
import { buildVoiceCatalog, findVoice } from '../../src/domain/catalog/voices.js';
import type { SpeechSynthesizer } from '../../src/domain/speech/voice-directory.js';
import type { UrlFetcher } from '../../src/engines/fetch/port.js';
import type { FfmpegEngine } from '../../src/engines/ffmpeg/types.js';
import type { createSpeechEngines } from '../../src/engines/speech/index.js';
import { synthesizeSpeech } from '../../src/pipelines/speech/synthesize-speech.js';

/** Real speech from this machine's engines, for planning an ad without the service around it. */
export async function realSpeech(engines: ReturnType<typeof createSpeechEngines>, ffmpeg: FfmpegEngine): Promise<SpeechSynthesizer> {
  const catalog = buildVoiceCatalog((await Promise.all(Object.values(engines).map((e) => e!.listVoices()))).flat());
  return {
    synthesize: async (req) => {
      const voice = findVoice(catalog, req.voiceId);
      if (!voice) throw new Error(`no voice ${req.voiceId}`);
      return synthesizeSpeech({ text: req.text, voice }, { engines, ffmpeg }, { workDir: req.workDir, signal: req.signal });
    },
  };
}

/** Every "download" is a small file: a plan only needs the pictures to exist. */
export const placeholderDownloads = {
  download: async (url: string, destPath: string) => {
    await writeFile(destPath, Buffer.from('89504e470d0a1a0a', 'hex'));
    return { finalUrl: url, contentType: 'image/png', sizeBytes: 8, path: destPath };
  },
} as unknown as UrlFetcher;
