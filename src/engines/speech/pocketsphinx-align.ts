import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import { createFfmpegEngine } from '../ffmpeg/real-engine.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';
import { decodeToWav } from './decode-audio.js';
import { SpeechEngineError } from './port.js';
import { runProcess } from './run-process.js';
import { tokenizeWords } from './word-tokens.js';

/** Debian pocketsphinx-en-us: the acoustic model's own pronunciation dictionary. */
export const CMUDICT_PATH = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';
/** The en-us acoustic model is trained on 16 kHz audio. */
const ALIGN_SAMPLE_RATE_HZ = 16000;

export interface ForcedAlignment {
  words: WordTiming[];
  phones: PhoneTiming[];
}

/** One spoken token and the pronunciations it may have been said with (ARPAbet, upper case). */
export interface TokenPronunciations {
  word: string;
  variants: string[][];
}

/**
 * The phone-level grammar: every phone of every variant is its own "word" (`t3v1p0`) in a
 * private dictionary, so the recogniser's word times are phone times, and each name says which
 * token and variant it belongs to. Variants of one token are alternatives; tokens follow in order.
 */
export function alignmentGrammar(tokens: readonly TokenPronunciations[]): {
  jsgf: string;
  dict: string;
  phoneOf: Map<string, { token: number; phone: string }>;
} {
  const phoneOf = new Map<string, { token: number; phone: string }>();
  const dictLines: string[] = [];
  const parts = tokens.map((t, ti) => {
    const alternatives = t.variants.map((phones, vi) =>
      phones
        .map((phone, pi) => {
          const name = `t${ti}v${vi}p${pi}`;
          phoneOf.set(name, { token: ti, phone: phone.toLowerCase() });
          dictLines.push(`${name} ${phone}`);
          return name;
        })
        .join(' '),
    );
    return alternatives.length === 1 ? alternatives[0]! : `( ${alternatives.join(' | ')} )`;
  });
  return { jsgf: `#JSGF V1.0;\ngrammar align;\npublic <utt> = ${parts.join(' ')};\n`, dict: `${dictLines.join('\n')}\n`, phoneOf };
}

/**
 * pocketsphinx's CTM (`utt channel start duration name confidence`) of the phone grammar →
 * phones, and words spanning their first to last phone. Fails unless every token was aligned,
 * in order: a partial result means the recogniser did not follow the text.
 */
export function parseAlignmentCtm(
  ctm: string,
  tokens: readonly TokenPronunciations[],
  phoneOf: Map<string, { token: number; phone: string }>,
): ForcedAlignment {
  const phones: PhoneTiming[] = [];
  const spans: Array<{ start: number; end: number } | undefined> = new Array(tokens.length);
  let lastToken = 0;
  for (const line of ctm.split('\n')) {
    const [, , startText, durText, name] = line.trim().split(/\s+/);
    const entry = name ? phoneOf.get(name.replace(/\(\d+\)$/, '')) : undefined;
    if (!entry) continue;
    if (entry.token < lastToken) throw new SpeechEngineError('forced alignment out of order');
    lastToken = entry.token;
    const startSeconds = Number(startText);
    // CTM durations stop one 10 ms frame short of the next segment's start: close the gap.
    const endSeconds = round3(startSeconds + Number(durText) + 0.01);
    phones.push({ phone: entry.phone, startSeconds, endSeconds });
    const span = spans[entry.token];
    spans[entry.token] = span ? { start: span.start, end: endSeconds } : { start: startSeconds, end: endSeconds };
  }
  const words: WordTiming[] = [];
  tokens.forEach((t, i) => {
    const span = spans[i];
    if (!span) throw new SpeechEngineError(`forced alignment lost the word "${t.word}"`);
    words.push({ word: t.word, startSeconds: span.start, endSeconds: span.end });
  });
  return { words, phones };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** `pau hh ih1 r z pau` (flite's t2p) → `HH IH R Z` (the acoustic model's phone set). */
export function arpabetFromFlite(t2pOutput: string): string[] {
  return t2pOutput
    .trim()
    .split(/\s+/)
    .filter((p) => p && p !== 'pau')
    .map((p) => {
      const bare = p.replace(/[0-2]$/, '');
      return (bare === 'ax' ? 'ah' : bare).toUpperCase();
    });
}

/** `word(2) P1 P2` lines → pronunciations by word (the dictionary is loaded once per process). */
export function parseCmudict(text: string): Map<string, string[][]> {
  const dict = new Map<string, string[][]>();
  for (const line of text.split('\n')) {
    const [head, ...phones] = line.trim().split(/\s+/);
    if (!head || phones.length === 0) continue;
    const word = head.replace(/\(\d+\)$/, '');
    const list = dict.get(word);
    if (list) list.push(phones);
    else dict.set(word, [phones]);
  }
  return dict;
}

/**
 * Forced alignment of a known English text to its audio with pocketsphinx (Debian, BSD), in its
 * own process: word AND phone timings, for engines that report none (RHVoice, remote
 * providers). The batch decoder keeps the whole file one utterance (the continuous one splits at
 * long pauses and then cannot match the grammar) and `-remove_silence no` keeps its clock on
 * the file's. Words missing from the model's dictionary — numbers, prices, names — are spelled
 * out by flite's `t2p`, which reads "$19" as "nineteen dollars" the way the voices do.
 */
export class PocketsphinxAligner {
  private dict: Promise<Map<string, string[][]>> | undefined;

  constructor(private readonly opts: { command?: string; t2pCommand?: string; dictPath?: string; ffmpeg?: Pick<FfmpegEngine, 'capture'> } = {}) {}

  async align(req: { wavPath: string; text: string; signal?: AbortSignal }): Promise<ForcedAlignment> {
    const tokens = await this.pronunciations(req.text, req.signal);
    if (tokens.length === 0) throw new SpeechEngineError('nothing to align', '', true);
    const dir = await mkdtemp(join(tmpdir(), 'align-'));
    try {
      await decodeToWav(this.opts.ffmpeg ?? createFfmpegEngine(), req.wavPath, join(dir, 'utt.wav'), {
        sampleRateHz: ALIGN_SAMPLE_RATE_HZ,
        signal: req.signal,
      });
      const grammar = alignmentGrammar(tokens);
      await Promise.all([writeFile(join(dir, 'g.jsgf'), grammar.jsgf), writeFile(join(dir, 'p.dict'), grammar.dict), writeFile(join(dir, 'ctl'), 'utt\n')]);
      // A grammar of phones prunes the right path more easily than one of words: wide beams, and
      // when even those lose it ("final result does not match the grammar"), no pruning at all.
      let lastError: unknown;
      for (const beams of [ALIGN_BEAMS, ALIGN_BEAMS_WIDEST]) {
        await runProcess(this.opts.command ?? 'pocketsphinx_batch', pocketsphinxAlignArgs(dir, beams), { signal: req.signal });
        try {
          return parseAlignmentCtm(await readFile(join(dir, 'out.ctm'), 'utf8'), tokens, grammar.phoneOf);
        } catch (err) {
          lastError = err;
        }
      }
      throw lastError;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The text's tokens (as captions count them) with the pronunciations the grammar allows. */
  async pronunciations(text: string, signal?: AbortSignal): Promise<TokenPronunciations[]> {
    this.dict ??= readFile(this.opts.dictPath ?? CMUDICT_PATH, 'utf8').then(parseCmudict);
    const dict = await this.dict;
    const raws = text.split(/\s+/).filter((raw) => /[\p{L}\p{N}]/u.test(raw));
    const words = tokenizeWords(text);
    const out: TokenPronunciations[] = [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!.word;
      const raw = raws[i] ?? word;
      // Digits and signs are read out in words ("$19" → "nineteen dollars"): the dictionary
      // has no entry for them, and the bare word would lose the sign's sound.
      const known = /[\p{N}]/u.test(raw) ? undefined : dict.get(word.toLowerCase().replace(/’/g, "'"));
      const variants = known ?? [
        arpabetFromFlite((await runProcess(this.opts.t2pCommand ?? 't2p', [raw.replace(/[.,;:!?"“”()]+$/u, '')], { signal })).stdout.toString('utf8')),
      ];
      if (variants.every((v) => v.length === 0)) throw new SpeechEngineError(`no pronunciation for "${word}"`);
      out.push({ word, variants: variants.filter((v) => v.length > 0) });
    }
    return out;
  }
}

/** Decoder beams (smaller is wider): the defaults (1e-48, 7e-29) lose phone grammars of a sentence or more. */
export const ALIGN_BEAMS = ['-beam', '1e-80', '-pbeam', '1e-80', '-wbeam', '1e-60'];
const ALIGN_BEAMS_WIDEST = ['-beam', '1e-150', '-pbeam', '1e-150', '-wbeam', '1e-120', '-maxhmmpf', '-1'];

/** pocketsphinx_batch over one WAV in `dir` (`utt.wav`, `ctl`, `g.jsgf`, `p.dict`) → `out.ctm`. */
export function pocketsphinxAlignArgs(dir: string, beams: readonly string[] = ALIGN_BEAMS): string[] {
  return [
    ...beams,
    '-ctl',
    join(dir, 'ctl'),
    '-cepdir',
    dir,
    '-cepext',
    '.wav',
    '-adcin',
    'yes',
    '-adchdr',
    '44',
    '-jsgf',
    join(dir, 'g.jsgf'),
    '-dict',
    join(dir, 'p.dict'),
    '-remove_silence',
    'no',
    '-ctm',
    join(dir, 'out.ctm'),
    '-logfn',
    '/dev/null',
  ];
}
