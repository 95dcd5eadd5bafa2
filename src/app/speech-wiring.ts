import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';
import type { SpeechSynthesizer, VoiceDirectory } from '../domain/speech/voice-directory.js';
import type { Store } from '../domain/store.js';
import type { Config } from './config.js';

const run = promisify(execFile);

// INTERIM: replaced by the speech pipeline (src/pipelines/speech) when it lands.
const interimVoices = new Map([['9f0c2d4e-5b8a-5c1e-9d7f-2a6b8c0e1f3a', { id: '9f0c2d4e-5b8a-5c1e-9d7f-2a6b8c0e1f3a', name: 'Ava', language: 'en', kind: 'builtin' as const, engineVoice: 'en-us+f3' }]]);

export async function createSpeech(_config: Config, _store: Store, _log: Logger): Promise<{ voices: VoiceDirectory; synthesizer: SpeechSynthesizer }> {
  return {
    voices: { resolve: async (_a, id) => interimVoices.get(id) ?? null },
    synthesizer: {
      async synthesize({ text, voiceId, workDir, signal }) {
        const voice = interimVoices.get(voiceId)!;
        const wav = join(workDir, 'speech.wav');
        const mp3 = join(workDir, 'speech.mp3');
        await run('espeak-ng', ['-v', voice.engineVoice, '-w', wav, text], { signal });
        await run('ffmpeg', ['-hide_banner', '-y', '-i', wav, '-codec:a', 'libmp3lame', '-b:a', '128k', mp3], { signal });
        const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp3]);
        return { mp3Path: mp3, durationSeconds: Number(stdout.trim()), words: [] };
      },
    },
  };
}
