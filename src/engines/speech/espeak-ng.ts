import { runProcess } from './run-process.js';
import { ESPEAK_EVENTS_PY } from './espeak-events-script.js';
import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import { SpeechEngineError, type EngineVoice, type SpeechEngine, type SynthesisRequest, type SynthesisResult } from './port.js';
import { applyPitchTempo } from './sox-transform.js';
import { spokenWeight } from './syllables.js';
import { readWavTimedByEnergy } from './wav-result.js';

const DEFAULT_WPM = 175;
/** The variant that gives each (male) espeak-ng language voice a female counterpart. */
export const ESPEAK_FEMALE_VARIANT = 'f3';

/** espeak-ng's codes are lower case; catalog locales follow BCP 47 casing (en-US, sr-Latn). */
export function espeakLocale(code: string): string {
  return code
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 2) return part.toUpperCase();
      if (part.length === 4) return part[0]!.toUpperCase() + part.slice(1).toLowerCase();
      return part.toLowerCase();
    })
    .join('-');
}

/** Parses `espeak-ng --voices`: one male voice per language plus its female variant. */
export function parseEspeakVoiceList(listing: string): EngineVoice[] {
  const rows = listing
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 5);
  const seen = new Set<string>();
  const voices: EngineVoice[] = [];
  for (const [, code, , name, file] of rows) {
    // Two voices may share a language code (Cantonese); the data file path is unique.
    const engineVoiceBase = seen.has(code!) ? file! : code!;
    seen.add(code!);
    const languageName = name!.replace(/_/g, ' ');
    const locale = espeakLocale(engineVoiceBase === code ? code! : file!.split('/').pop()!);
    voices.push({ engine: 'espeak-ng', engineVoice: engineVoiceBase, locale, languageName, gender: 'male', label: 'default' });
    voices.push({
      engine: 'espeak-ng',
      engineVoice: `${engineVoiceBase}+${ESPEAK_FEMALE_VARIANT}`,
      locale,
      languageName,
      gender: 'female',
      label: ESPEAK_FEMALE_VARIANT,
    });
  }
  return voices;
}

interface EspeakEvents {
  sampleRate: number;
  samples: number;
  words: Array<[number, number, number]>;
  phones: Array<[string, number]>;
}

/** Words of the text with the code-point index where each starts (espeak-ng counts code points). */
function wordsWithPositions(text: string): Array<{ word: string; index: number }> {
  const out: Array<{ word: string; index: number }> = [];
  let index = 0;
  for (const piece of text.split(/(\s+)/)) {
    const length = Array.from(piece).length;
    const word = piece.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (word && !/^\s/.test(piece)) out.push({ word, index });
    index += length;
  }
  return out;
}

/**
 * Turns espeak-ng's event stream (start positions only) into word and phone spans. espeak-ng
 * sometimes says two words as one unit ("of the") and reports only the first; the unit's time is
 * then shared among its words by syllable weight.
 */
export function timingsFromEspeakEvents(text: string, ev: EspeakEvents): { words: WordTiming[]; phones: PhoneTiming[] } {
  const sr = ev.sampleRate;
  const total = ev.samples / sr;
  const phoneStarts = ev.phones.map(([name, sample]) => ({ name, t: sample / sr }));
  const phones: PhoneTiming[] = [];
  phoneStarts.forEach((p, i) => {
    const end = phoneStarts[i + 1]?.t ?? total;
    // Names starting with "_" are pauses; they end words but are not phones.
    if (!p.name.startsWith('_') && end > p.t) phones.push({ phone: p.name, startSeconds: p.t, endSeconds: end });
  });
  const tokens = wordsWithPositions(text);
  const words: WordTiming[] = [];
  let nextToken = 0;
  ev.words.forEach(([pos, , sample], i) => {
    const start = sample / sr;
    const next = ev.words[i + 1];
    const nextStart = next ? next[2] / sr : total;
    const pause = phoneStarts.find((p) => p.name.startsWith('_') && p.t > start && p.t < nextStart);
    const end = pause ? pause.t : nextStart;
    const unitEndIndex = next ? next[0] - 1 : Number.POSITIVE_INFINITY;
    const unit: string[] = [];
    while (nextToken < tokens.length && tokens[nextToken]!.index < unitEndIndex) {
      // Tokens before this event's position (none in practice) join this unit rather than vanish.
      unit.push(tokens[nextToken]!.word);
      nextToken++;
    }
    if (unit.length === 0 && pos > 0) return;
    const weights = unit.map(spokenWeight);
    const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
    let t = start;
    unit.forEach((word, k) => {
      const d = ((end - start) * weights[k]!) / totalWeight;
      words.push({ word, startSeconds: t, endSeconds: t + d });
      t += d;
    });
  });
  return { words, phones };
}

/**
 * The voice files of a `--voices` listing by language code. A listed code does not always select
 * its voice by name ("en-gb" is the file gmw/en, "fr-fr" roa/fr, and "chr-US-Qaaa-x-west" selects
 * nothing at all), while the file always does.
 */
export function espeakVoiceFiles(listing: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const line of listing.split('\n').slice(1)) {
    const [, code, , , file] = line.trim().split(/\s+/);
    if (code && file && !files.has(code)) files.set(code, file);
  }
  return files;
}

/** What to hand espeak-ng for a listed voice id (`code` or `code+variant`): its file, same variant. */
export function espeakVoiceSelector(engineVoice: string, files: ReadonlyMap<string, string>): string {
  const [code, variant] = engineVoice.split('+', 2);
  const file = files.get(code!);
  if (!file) return engineVoice;
  return variant ? `${file}+${variant}` : file;
}

export class EspeakNgEngine implements SpeechEngine {
  readonly id = 'espeak-ng' as const;
  private helperWorks = true;
  private voiceFiles: Promise<Map<string, string>> | null = null;

  constructor(private readonly opts: { pythonCommand?: string; espeakCommand?: string } = {}) {}

  private async listing(): Promise<string> {
    const { stdout } = await runProcess(this.opts.espeakCommand ?? 'espeak-ng', ['--voices']);
    return stdout.toString('utf8');
  }

  async listVoices(): Promise<EngineVoice[]> {
    return parseEspeakVoiceList(await this.listing());
  }

  async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    this.voiceFiles ??= this.listing().then(espeakVoiceFiles, () => {
      // Asked again next time; meanwhile the id goes to espeak-ng as it is.
      this.voiceFiles = null;
      return new Map<string, string>();
    });
    const req = { ...request, engineVoice: espeakVoiceSelector(request.engineVoice, await this.voiceFiles) };
    const wpm = Math.round(Math.min(450, Math.max(80, DEFAULT_WPM * (req.rate ?? 1))));
    let result: SynthesisResult | null = null;
    if (this.helperWorks) {
      try {
        result = await this.synthesizeWithEvents(req, wpm);
      } catch (err) {
        if (req.signal?.aborted || !isHelperUnavailable(err)) throw err;
        // No python3 or no libespeak-ng.so.1: the command line still speaks; timings are derived.
        this.helperWorks = false;
      }
    }
    result ??= await this.synthesizeWithCli(req, wpm);
    await applyPitchTempo(req.outWavPath, { pitchFactor: req.pitch, signal: req.signal });
    return result;
  }

  private async synthesizeWithEvents(req: SynthesisRequest, wpm: number): Promise<SynthesisResult> {
    const { stdout } = await runProcess(this.opts.pythonCommand ?? 'python3', ['-c', ESPEAK_EVENTS_PY, req.engineVoice, String(wpm), req.outWavPath], {
      stdin: req.text,
      signal: req.signal,
    });
    const ev = JSON.parse(stdout.toString('utf8')) as EspeakEvents;
    const { words, phones } = timingsFromEspeakEvents(req.text, ev);
    return { wavPath: req.outWavPath, durationSeconds: ev.samples / ev.sampleRate, sampleRateHz: ev.sampleRate, words, phones };
  }

  private async synthesizeWithCli(req: SynthesisRequest, wpm: number): Promise<SynthesisResult> {
    await runProcess(this.opts.espeakCommand ?? 'espeak-ng', ['-v', req.engineVoice, '-s', String(wpm), '-w', req.outWavPath, '--stdin'], {
      stdin: req.text,
      signal: req.signal,
    });
    return readWavTimedByEnergy(req.outWavPath, req.text);
  }
}

function isHelperUnavailable(err: unknown): boolean {
  if (!(err instanceof SpeechEngineError)) return false;
  return /not installed|failed to start|OSError|libespeak-ng/.test(err.message);
}
