/**
 * A remote recogniser speaking OpenAI's `POST /v1/audio/transcriptions` (multipart: file, model,
 * `response_format=verbose_json`, `timestamp_granularities[]=word`). Works with OpenAI and the
 * servers that copy its API (faster-whisper-server, LocalAI, whisper.cpp's server …).
 *
 * The audio is sent as 16 kHz mono WAV (small, and every server reads it). A 4xx from the provider
 * is permanent and carries its message; 408/429/5xx, network errors and timeouts are transient.
 */
import { readFile } from 'node:fs/promises';
import type { WordTiming } from '../../core/timing.js';
import { abortError } from '../ffmpeg/errors.js';
import { isTransientStatus, openAiApiRoot, providerMessage } from '../openai/openai-api.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';
import { withRecogniserWav } from './prepare-audio.js';
import { TranscriptionError, type Transcriber, type Transcript, type TranscriptionRequest } from './port.js';

export interface OpenAiTranscriberOptions {
  ffmpeg: Pick<FfmpegEngine, 'capture' | 'probe'>;
  /** `https://api.openai.com` (→ /v1/audio/…) or `https://host/openai/v1` (→ /audio/…). */
  baseUrl: string;
  apiKey?: string;
  /** e.g. `whisper-1`. */
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 300_000;

/** OpenAI names the language in English words (`english`); others send the ISO code. */
const LANGUAGE_CODES: Record<string, string> = {
  english: 'en',
  french: 'fr',
  german: 'de',
  spanish: 'es',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  japanese: 'ja',
  chinese: 'zh',
  korean: 'ko',
  russian: 'ru',
  arabic: 'ar',
  hindi: 'hi',
  polish: 'pl',
  turkish: 'tr',
};

interface VerboseJson {
  text?: string;
  language?: string;
  duration?: number;
  words?: Array<{ word?: string; start?: number; end?: number }>;
  segments?: Array<{ text?: string; start?: number; end?: number }>;
}

/**
 * The provider's verbose JSON → words. Servers that ignore word granularity still give segments:
 * their words are spread evenly over each segment, so captions still land on the right phrase.
 */
export function wordsOfVerboseJson(json: VerboseJson): WordTiming[] {
  const words = (json.words ?? [])
    .filter((w) => typeof w.word === 'string' && w.word.trim() && typeof w.start === 'number' && typeof w.end === 'number')
    .map((w) => ({ word: w.word!.trim(), startSeconds: w.start!, endSeconds: Math.max(w.start!, w.end!) }));
  if (words.length) return words;
  const spread: WordTiming[] = [];
  for (const s of json.segments ?? []) {
    const tokens = (s.text ?? '').trim().split(/\s+/).filter(Boolean);
    if (!tokens.length || typeof s.start !== 'number' || typeof s.end !== 'number') continue;
    const step = Math.max(0, s.end - s.start) / tokens.length;
    tokens.forEach((word, i) => {
      spread.push({ word, startSeconds: s.start! + i * step, endSeconds: s.start! + (i + 1) * step });
    });
  }
  return spread;
}

export function createOpenAiTranscriber(opts: OpenAiTranscriberOptions): Transcriber {
  const root = openAiApiRoot(opts.baseUrl);
  const host = new URL(root).host;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = opts.fetch ?? fetch;

  return {
    id: 'remote',
    async transcribe(req: TranscriptionRequest): Promise<Transcript> {
      return withRecogniserWav(opts.ffmpeg, req, 'transcribe-', async (wav, durationSeconds) => {
        req.onProgress?.(0.1);
        const form = new FormData();
        form.append('model', opts.model);
        form.append('response_format', 'verbose_json');
        form.append('timestamp_granularities[]', 'word');
        form.append('timestamp_granularities[]', 'segment');
        if (req.language) form.append('language', req.language);
        form.append('file', new Blob([new Uint8Array(await readFile(wav))], { type: 'audio/wav' }), 'audio.wav');
        const json = await post(form, req.signal);
        req.onProgress?.(1);
        const words = wordsOfVerboseJson(json);
        const language = (json.language && (LANGUAGE_CODES[json.language.toLowerCase()] ?? json.language.toLowerCase())) || req.language || 'und';
        return {
          text: json.text?.trim() || words.map((w) => w.word).join(' '),
          language,
          words,
          engine: 'remote',
          durationSeconds: json.duration ?? durationSeconds,
        };
      });
    },
  };

  async function post(form: FormData, signal: AbortSignal | undefined): Promise<VerboseJson> {
    if (signal?.aborted) throw abortError(signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
    try {
      const response = await doFetch(`${root}/audio/transcriptions`, { method: 'POST', headers, body: form, signal: combined });
      const text = await response.text();
      if (!response.ok) {
        const transient = isTransientStatus(response.status);
        const what = transient ? `failed (${response.status})` : `refused the audio (${response.status})`;
        throw new TranscriptionError(`The transcription provider at ${host} ${what}: ${providerMessage(text)}`, !transient);
      }
      try {
        return JSON.parse(text) as VerboseJson;
      } catch {
        throw new TranscriptionError(`The transcription provider at ${host} answered with something that is not JSON.`, true);
      }
    } catch (err) {
      if (err instanceof TranscriptionError) throw err;
      if (signal?.aborted) throw abortError(signal);
      if (timeout.aborted) throw new TranscriptionError(`The transcription provider at ${host} did not answer within ${Math.round(timeoutMs / 1000)} s.`);
      const cause = (err as { cause?: { code?: string } })?.cause;
      throw new TranscriptionError(`The transcription provider at ${host} could not be reached (${cause?.code ?? (err as Error).message}).`);
    }
  }
}
