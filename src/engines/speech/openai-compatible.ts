import { writeFile } from 'node:fs/promises';
import { createFfmpegEngine } from '../ffmpeg/real-engine.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';
import { decodeToWav } from './decode-audio.js';
import { SpeechEngineError, type EngineVoice, type SpeechEngine, type SynthesisRequest, type SynthesisResult } from './port.js';
import { applyPitchTempo } from './sox-transform.js';
import { decodeWav, writeWav } from './wav.js';
import { readWavTimedByEnergy } from './wav-result.js';

export interface RemoteVoiceOption {
  /** The provider's voice name, sent as `voice`. */
  name: string;
  /** BCP 47 locale; default en-US. */
  locale?: string;
  gender?: 'male' | 'female' | null;
  /** Accent/language label for the catalog; default derived from the locale. */
  languageName?: string;
}

export interface OpenAiCompatibleSpeechOptions {
  /** e.g. `https://api.example.com` — the adapter appends `/v1/audio/speech`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  voices: RemoteVoiceOption[];
  /** What to ask the provider for; WAV avoids a decode step. Default `wav`. */
  responseFormat?: 'wav' | 'mp3';
  timeoutMs?: number;
  /** For tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Decodes what is not 16-bit PCM WAV; the container passes its configured engine. Default: ffmpeg on PATH. */
  ffmpeg?: Pick<FfmpegEngine, 'capture'>;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Any provider that speaks OpenAI's `/v1/audio/speech`. Providers return audio only, so word
 * timings are derived from the audio (silence alignment weighted by syllables).
 */
export class OpenAiCompatibleSpeechEngine implements SpeechEngine {
  readonly id = 'remote' as const;
  readonly speaksWholeParagraphs = true;

  constructor(private readonly opts: OpenAiCompatibleSpeechOptions) {}

  async listVoices(): Promise<EngineVoice[]> {
    return this.opts.voices.map((v) => ({
      engine: 'remote' as const,
      engineVoice: v.name,
      locale: v.locale ?? 'en-US',
      languageName: v.languageName ?? v.locale ?? 'en-US',
      gender: v.gender ?? null,
      label: v.name,
    }));
  }

  async synthesize(req: SynthesisRequest): Promise<SynthesisResult> {
    const format = this.opts.responseFormat ?? 'wav';
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/v1/audio/speech`;
    const body: Record<string, unknown> = { model: this.opts.model, input: req.text, voice: req.engineVoice, response_format: format };
    // `speed` is part of the protocol; providers clamp it to what they support.
    if (req.rate && req.rate !== 1) body.speed = req.rate;
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (err) {
      if (req.signal?.aborted) throw req.signal.reason;
      throw new SpeechEngineError(`speech provider unreachable at ${url}`, (err as Error).message);
    }
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).slice(0, 500);
      // A 4xx other than timeout or throttling is the provider refusing this request: it will again.
      const refused = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      throw new SpeechEngineError(`speech provider answered ${res.status}`, detail, refused);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    await this.storeAsPcmWav(bytes, format, req.outWavPath, req.signal);
    await applyPitchTempo(req.outWavPath, { pitchFactor: req.pitch, signal: req.signal });
    return readWavTimedByEnergy(req.outWavPath, req.text);
  }

  private async storeAsPcmWav(bytes: Buffer, format: 'wav' | 'mp3', outWavPath: string, signal?: AbortSignal) {
    if (format === 'wav') {
      try {
        // Re-encoding also fixes the streaming header (data size 0xFFFFFFFF) some servers send.
        await writeWav(outWavPath, decodeWav(bytes));
        return;
      } catch {
        // Not 16-bit PCM: let ffmpeg read it.
      }
    }
    const rawPath = `${outWavPath}.remote.${format}`;
    await writeFile(rawPath, bytes);
    await decodeToWav(this.opts.ffmpeg ?? createFfmpegEngine(), rawPath, outWavPath, { signal }).catch((err: unknown) => {
      throw new SpeechEngineError('speech provider returned audio that cannot be decoded', (err as Error).message);
    });
  }
}
