import { unlink, writeFile } from 'node:fs/promises';
import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import { SpeechEngineError, type EngineVoice, type SpeechEngine, type SynthesisRequest, type SynthesisResult } from './port.js';
import { runProcess } from './run-process.js';
import { applyPitchTempo } from './sox-transform.js';
import { readWav } from './wav.js';
import { wavResult } from './wav-result.js';

/** Festival voices this adapter knows how to describe; others are listed by `listVoices` only if installed. */
const KNOWN_FESTIVAL_VOICES: Record<string, Omit<EngineVoice, 'engine' | 'engineVoice'>> = {
  cmu_us_slt_arctic_hts: { locale: 'en-US', languageName: 'English (America)', gender: 'female', label: 'slt-hts' },
};

function schemeString(text: string): string {
  // Festival's reader knows only these escapes; control characters would end the utterance early.
  return `"${text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters is the point (see above)
    .replace(/[\u0000-\u001f]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')}"`;
}

/**
 * One utterance, synthesised by the HTS engine. The script prints festival's own timings: each
 * word from its first to its last segment (via the syllable structure), and each segment's end.
 * Rate goes to hts_engine itself (-r), so timings stay exact; its -fm pitch option has no effect
 * in Debian's festival, so pitch is shifted afterwards with sox (which keeps the timing).
 */
export function festivalScript(req: { text: string; engineVoice: string; outWavPath: string; rate?: number }): string {
  const params: string[] = [];
  if (req.rate && req.rate !== 1) params.push(`(list "-r" ${req.rate.toFixed(4)})`);
  return [
    `(voice_${req.engineVoice})`,
    params.length ? `(set! hts_engine_params (append hts_engine_params (list ${params.join(' ')})))` : '',
    `(set! utt (Utterance Text ${schemeString(req.text)}))`,
    '(utt.synth utt)',
    `(utt.save.wave utt ${schemeString(req.outWavPath)} 'riff)`,
    `(mapcar (lambda (w) (format t "W\\t%s\\t%f\\t%f\\n" (item.name w)
       (item.feat w "R:SylStructure.daughter1.daughter1.segment_start")
       (item.feat w "R:SylStructure.daughtern.daughtern.end"))) (utt.relation.items utt 'Word))`,
    `(mapcar (lambda (s) (format t "P\\t%s\\t%f\\t%f\\n" (item.name s) (item.feat s "segment_start") (item.feat s "end")))
       (utt.relation.items utt 'Segment))`,
  ].join('\n');
}

export function parseFestivalTimings(stdout: string): { words: WordTiming[]; phones: PhoneTiming[] } {
  const words: WordTiming[] = [];
  const phones: PhoneTiming[] = [];
  for (const line of stdout.split('\n')) {
    const [kind, name, startText, endText] = line.split('\t');
    const start = Number(startText);
    const end = Number(endText);
    // Festival splits "Here's" into "Here" and a clitic "'s" with no syllables of its own (its
    // sound sits in "Here"): glue it back on, or captions would read "Here the thing".
    const previous = words[words.length - 1];
    if (kind === 'W' && name && /^['’]/.test(name) && previous) {
      previous.word += name;
      if (Number.isFinite(end) && end > previous.endSeconds) previous.endSeconds = end;
      continue;
    }
    if (!name || !Number.isFinite(start) || !Number.isFinite(end) || end <= start) continue;
    if (kind === 'W') words.push({ word: name, startSeconds: start, endSeconds: end });
    else if (kind === 'P' && name !== 'pau') phones.push({ phone: name, startSeconds: start, endSeconds: end });
  }
  return { words, phones };
}

export class FestivalEngine implements SpeechEngine {
  readonly id = 'festival' as const;

  constructor(private readonly opts: { command?: string } = {}) {}

  async listVoices(): Promise<EngineVoice[]> {
    const { stdout } = await runProcess(this.opts.command ?? 'festival', ['--batch', '(print (voice.list))']);
    const installed = stdout.toString('utf8').replace(/[()]/g, ' ').trim().split(/\s+/);
    return installed
      .filter((name) => name in KNOWN_FESTIVAL_VOICES)
      .map((name) => ({ engine: 'festival' as const, engineVoice: name, ...KNOWN_FESTIVAL_VOICES[name]! }));
  }

  async synthesize(req: SynthesisRequest): Promise<SynthesisResult> {
    if (!/^[a-z0-9_]+$/.test(req.engineVoice)) throw new Error(`invalid festival voice name: ${req.engineVoice}`);
    const scriptPath = `${req.outWavPath}.scm`;
    await writeFile(scriptPath, festivalScript(req));
    try {
      const { stdout, stderr } = await runProcess(this.opts.command ?? 'festival', ['--batch', scriptPath], {
        signal: req.signal,
      });
      const { words, phones } = parseFestivalTimings(stdout.toString('utf8'));
      // Festival reports Scheme errors on stderr but still exits 0; the missing file tells.
      const audio = await readWav(req.outWavPath).catch(() => {
        throw new SpeechEngineError('festival produced no audio', stderr.trim().split('\n').slice(-8).join('\n'));
      });
      await applyPitchTempo(req.outWavPath, { pitchFactor: req.pitch, signal: req.signal });
      return wavResult(req.outWavPath, audio, words, phones);
    } finally {
      await unlink(scriptPath).catch(() => {});
    }
  }
}
