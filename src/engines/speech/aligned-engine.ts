import type { ForcedAlignment } from './pocketsphinx-align.js';
import type { EngineVoice, SpeechEngine, SynthesisRequest, SynthesisResult } from './port.js';

export interface TextAligner {
  align(req: { wavPath: string; text: string; signal?: AbortSignal }): Promise<ForcedAlignment>;
}

/**
 * An engine that reports no timings of its own, with its word and phone timings replaced by a
 * forced alignment of the known text (English voices only: the aligner's model is en-US). The
 * engine's own pause-based word timings stay when the alignment fails; `onFallback` hears why,
 * so the log says which outputs carry the rougher timings.
 */
export class ForcedAlignmentEngine implements SpeechEngine {
  readonly id: SpeechEngine['id'];
  readonly speaksWholeParagraphs?: boolean;
  private locales: Promise<Map<string, string>> | undefined;

  constructor(
    private readonly inner: SpeechEngine,
    private readonly aligner: TextAligner,
    private readonly onFallback: (err: unknown, info: { engine: string; engineVoice: string }) => void = () => {},
  ) {
    this.id = inner.id;
    this.speaksWholeParagraphs = inner.speaksWholeParagraphs;
  }

  listVoices(): Promise<EngineVoice[]> {
    return this.inner.listVoices();
  }

  async synthesize(req: SynthesisRequest): Promise<SynthesisResult> {
    const result = await this.inner.synthesize(req);
    if (result.phones?.length || !(await this.isEnglish(req.engineVoice))) return result;
    try {
      const aligned = await this.aligner.align({ wavPath: result.wavPath, text: req.text, signal: req.signal });
      return { ...result, words: aligned.words, phones: aligned.phones };
    } catch (err) {
      req.signal?.throwIfAborted();
      this.onFallback(err, { engine: this.id, engineVoice: req.engineVoice });
      return result;
    }
  }

  private async isEnglish(engineVoice: string): Promise<boolean> {
    this.locales ??= this.inner.listVoices().then(
      (voices) => new Map(voices.map((v) => [v.engineVoice, v.locale])),
      () => new Map(),
    );
    const locale = (await this.locales).get(engineVoice);
    return locale !== undefined && /^en\b/i.test(locale);
  }
}
