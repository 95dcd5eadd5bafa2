/**
 * Free recognition with Debian's pocketsphinx (BSD) and its en-us model: the fallback when the
 * Whisper sidecar is not installed. Weak on synthetic voices and noisy audio; English only.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { WordTiming } from '../../core/timing.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';
import { withRecogniserWav } from './prepare-audio.js';
import { TranscriptionError, type Transcriber, type Transcript, type TranscriptionRequest } from './port.js';

const run = promisify(execFile);
const POCKETSPHINX = 'pocketsphinx_continuous';
const TIMEOUT_MS_PER_AUDIO_SECOND = 4_000;

/** Markers the decoder prints besides words: utterance edges, silence, fillers and noises. */
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/;

/**
 * `pocketsphinx_continuous -time yes` output → words. Each utterance prints its hypothesis line,
 * then one `word start end probability` line per segment; alternates carry `(2)`.
 */
export function parsePocketsphinxTimes(stdout: string): WordTiming[] {
  const words: WordTiming[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const word = m[1]!.replace(/\(\d+\)$/, '');
    if (NOT_A_WORD.test(word)) continue;
    words.push({ word, startSeconds: Number(m[2]), endSeconds: Number(m[3]) });
  }
  return words;
}

export class PocketsphinxTranscriber implements Transcriber {
  readonly id = 'pocketsphinx' as const;

  constructor(private readonly ffmpeg: Pick<FfmpegEngine, 'capture' | 'probe'>) {}

  async transcribe(req: TranscriptionRequest): Promise<Transcript> {
    return withRecogniserWav(this.ffmpeg, req, 'pocketsphinx-', async (wav, durationSeconds) => {
      req.onProgress?.(0.05);
      const { stdout } = await run(POCKETSPHINX, ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'], {
        maxBuffer: 1 << 26,
        signal: req.signal,
        timeout: 30_000 + TIMEOUT_MS_PER_AUDIO_SECOND * durationSeconds,
      }).catch((err: unknown) => {
        if (req.signal?.aborted) throw err;
        throw new TranscriptionError(`pocketsphinx failed: ${(err as Error).message}`);
      });
      req.onProgress?.(1);
      const words = parsePocketsphinxTimes(stdout);
      return { text: words.map((w) => w.word).join(' '), language: 'en', words, engine: this.id, durationSeconds };
    });
  }
}
