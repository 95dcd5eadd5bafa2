import type { WordTiming } from '../../core/timing.js';
import type { EngineVoice, SpeechEngine, SpeechEngineId, SynthesisRequest, SynthesisResult } from './port.js';
import { estimateSyllables } from './syllables.js';
import { writeWav } from './wav.js';
import { tokenizeWords } from './word-tokens.js';

const SAMPLE_RATE_HZ = 16000;

/**
 * In-memory stand-in for unit tests: each word becomes a tone burst whose length follows its
 * syllables, with silences at word, clause and sentence breaks — so the WAV is real and its word
 * timings are known exactly. Records every request.
 */
export class FakeSpeechEngine implements SpeechEngine {
  readonly requests: SynthesisRequest[] = [];
  readonly speaksWholeParagraphs?: boolean;

  constructor(
    readonly id: SpeechEngineId,
    private readonly voices: EngineVoice[],
    private readonly opts: { secondsPerSyllable?: number; failWith?: Error; speaksWholeParagraphs?: boolean } = {},
  ) {
    this.speaksWholeParagraphs = opts.speaksWholeParagraphs;
  }

  async listVoices(): Promise<EngineVoice[]> {
    return this.voices;
  }

  async synthesize(req: SynthesisRequest): Promise<SynthesisResult> {
    this.requests.push(req);
    if (req.signal?.aborted) throw req.signal.reason;
    if (this.opts.failWith) throw this.opts.failWith;
    const perSyllable = (this.opts.secondsPerSyllable ?? 0.18) / (req.rate ?? 1);
    const pitchHz = 180 * (req.pitch ?? 1);
    const pieces: Array<{ seconds: number; tone: boolean }> = [{ seconds: 0.1, tone: false }];
    const words: WordTiming[] = [];
    let t = 0.1;
    for (const token of tokenizeWords(req.text)) {
      const seconds = estimateSyllables(token.word) * perSyllable;
      words.push({ word: token.word, startSeconds: t, endSeconds: t + seconds });
      const pause = { none: 0.04, clause: 0.2, sentence: 0.4 }[token.breakAfter];
      pieces.push({ seconds, tone: true }, { seconds: pause, tone: false });
      t += seconds + pause;
    }
    const samples = new Float32Array(Math.round(t * SAMPLE_RATE_HZ) + 1);
    let pos = 0;
    for (const p of pieces) {
      const n = Math.round(p.seconds * SAMPLE_RATE_HZ);
      if (p.tone) for (let i = 0; i < n; i++) samples[pos + i] = 0.3 * Math.sin((2 * Math.PI * pitchHz * i) / SAMPLE_RATE_HZ);
      pos += n;
    }
    await writeWav(req.outWavPath, { sampleRateHz: SAMPLE_RATE_HZ, samples });
    return { wavPath: req.outWavPath, durationSeconds: samples.length / SAMPLE_RATE_HZ, sampleRateHz: SAMPLE_RATE_HZ, words };
  }
}
