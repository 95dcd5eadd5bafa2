import type { PhoneTiming } from '../../core/timing.js';
import { unlink, writeFile } from 'node:fs/promises';
import { deriveWordTimings } from './derive-word-timings.js';
import { alignPhonesToWords } from './phone-word-alignment.js';
import type { EngineVoice, SpeechEngine, SynthesisRequest, SynthesisResult } from './port.js';
import { runProcess } from './run-process.js';
import { applyPitchTempo } from './sox-transform.js';
import { readWav } from './wav.js';
import { tokenizeWords } from './word-tokens.js';
import { wavResult } from './wav-result.js';

/** What flite's bundled CMU voices are; `-lv` gives only their names. */
const KNOWN_FLITE_VOICES: Record<string, Omit<EngineVoice, 'engine' | 'engineVoice'>> = {
  slt: { locale: 'en-US', languageName: 'English (America)', gender: 'female', label: 'slt' },
  rms: { locale: 'en-US', languageName: 'English (America)', gender: 'male', label: 'rms' },
  awb: { locale: 'en-GB', languageName: 'English (Scotland)', gender: 'male', label: 'awb' },
  kal16: { locale: 'en-US', languageName: 'English (America)', gender: 'male', label: 'kal16' },
  kal: { locale: 'en-US', languageName: 'English (America)', gender: 'male', label: 'kal' },
};
/** `awb_time` only knows how to say the time of day. */
const LIMITED_DOMAIN_VOICES = new Set(['awb_time']);

export function parseFliteVoiceList(listing: string): EngineVoice[] {
  const names = listing.replace(/^.*?:/s, '').trim().split(/\s+/).filter(Boolean);
  return names
    .filter((n) => !LIMITED_DOMAIN_VOICES.has(n))
    .map((n) => ({
      engine: 'flite' as const,
      engineVoice: n,
      ...(KNOWN_FLITE_VOICES[n] ?? { locale: 'en-US', languageName: 'English', gender: null, label: n }),
    }));
}

/** `-psdur` prints one line per utterance, end times restarting at 0 on each line. */
export function parsePsdur(output: string): PhoneTiming[] {
  const phones: PhoneTiming[] = [];
  let offset = 0;
  for (const line of output.split('\n')) {
    let start = 0;
    let last = 0;
    for (const item of line.trim().split(/\s+/).filter(Boolean)) {
      const [phone, endText] = item.split(':');
      const end = Number(endText);
      if (!phone || !Number.isFinite(end)) continue;
      phones.push({ phone, startSeconds: offset + start, endSeconds: offset + end });
      start = end;
      last = end;
    }
    offset += last;
  }
  return phones;
}

/** Splits `-ps` output of comma-separated words into each word's phones. */
function phonesPerWord(output: string): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const p of output.split(/\s+/).filter(Boolean)) {
    if (p === 'pau') {
      if (current.length) groups.push(current);
      current = [];
    } else current.push(p);
  }
  if (current.length) groups.push(current);
  return groups;
}

export class FliteEngine implements SpeechEngine {
  readonly id = 'flite' as const;

  /**
   * `lexiconVoice` says the words one by one to learn their phones. All of flite's US voices
   * share the CMU lexicon, and the diphone voice kal synthesises ten times faster than the
   * clustergen voices, so this pass costs little whichever voice speaks.
   */
  constructor(private readonly opts: { command?: string; lexiconVoice?: string } = {}) {}

  async listVoices(): Promise<EngineVoice[]> {
    const { stdout } = await runProcess(this.opts.command ?? 'flite', ['-lv']);
    return parseFliteVoiceList(stdout.toString('utf8'));
  }

  async synthesize(req: SynthesisRequest): Promise<SynthesisResult> {
    const cmd = this.opts.command ?? 'flite';
    const textPath = `${req.outWavPath}.txt`;
    const wordsPath = `${req.outWavPath}.words.txt`;
    const tokens = tokenizeWords(req.text);
    const rateArgs = req.rate && req.rate !== 1 ? ['--setf', `duration_stretch=${(1 / req.rate).toFixed(4)}`] : [];
    // flite drops a file's last sentence unless a line break follows it.
    await writeFile(textPath, `${req.text}\n`);
    // The same words said one by one (commas force a pause between them) tell which phones are
    // whose; flite has no word-level output of its own.
    await writeFile(wordsPath, `${tokens.map((t) => t.word).join(', ')}\n`);
    try {
      const [spoken, isolated] = await Promise.all([
        runProcess(cmd, ['-voice', req.engineVoice, ...rateArgs, '-psdur', '-f', textPath, '-o', req.outWavPath], {
          signal: req.signal,
        }),
        runProcess(cmd, ['-voice', this.opts.lexiconVoice ?? 'kal', '-ps', '-f', wordsPath, '-o', 'none'], { signal: req.signal }),
      ]);
      const allPhones = parsePsdur(spoken.stdout.toString('utf8'));
      const phones = allPhones.filter((p) => p.phone !== 'pau');
      const perWord = phonesPerWord(isolated.stdout.toString('utf8'));
      const audio = await readWav(req.outWavPath);
      const words =
        perWord.length === tokens.length
          ? alignPhonesToWords(
              phones,
              perWord,
              tokens.map((t) => t.word),
            )
          : deriveWordTimings(audio, tokens);
      await applyPitchTempo(req.outWavPath, { pitchFactor: req.pitch, signal: req.signal });
      return wavResult(req.outWavPath, audio, words, phones);
    } finally {
      await Promise.all([unlink(textPath).catch(() => {}), unlink(wordsPath).catch(() => {})]);
    }
  }
}
