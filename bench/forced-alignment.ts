/**
 * Forced alignment (pocketsphinx, phone grammar) of RHVoice speech: seconds to align about 10 s
 * and about 30 s of speech, against the baseline of the same run — synthesising the speech and
 * the pause-based word derivation it replaces. Median of 3 runs each. Then accuracy against a
 * known truth: festival's own word timings of its speech, aligned vs derived from pauses.
 * Run: npx tsx bench/forced-alignment.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveWordTimings } from '../src/engines/speech/derive-word-timings.js';
import { FestivalEngine } from '../src/engines/speech/festival.js';
import { PocketsphinxAligner } from '../src/engines/speech/pocketsphinx-align.js';
import { RhvoiceEngine } from '../src/engines/speech/rhvoice.js';
import { readWav } from '../src/engines/speech/wav.js';
import { tokenizeWords } from '../src/engines/speech/word-tokens.js';

const TEN_SECONDS = 'Meet the Verda Bloom bottle. It keeps water cold for 24 hours. ' + 'Rated 4.8 stars by 1,243 buyers. Yours for $19.';
const TEXTS = { '~10 s': TEN_SECONDS, '~30 s': `${TEN_SECONDS} ${TEN_SECONDS} ${TEN_SECONDS}` };

async function median(fn: () => Promise<unknown>, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push((performance.now() - t0) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-align-'));
  const rhvoice = new RhvoiceEngine();
  const aligner = new PocketsphinxAligner();
  try {
    console.log('text    audio s  synth s  pauses s  align s  align RTF  phones');
    for (const [label, text] of Object.entries(TEXTS)) {
      const wav = join(dir, 'speech.wav');
      const synth = await median(() => rhvoice.synthesize({ text, engineVoice: 'clb', outWavPath: wav }));
      const audio = await readWav(wav);
      const seconds = audio.samples.length / audio.sampleRateHz;
      const pauses = await median(async () => deriveWordTimings(audio, tokenizeWords(text)));
      let phones = 0;
      const align = await median(async () => {
        phones = (await aligner.align({ wavPath: wav, text })).phones.length;
      });
      console.log(
        `${label.padEnd(7)} ${seconds.toFixed(2).padStart(7)}  ${synth.toFixed(3).padStart(7)}  ${pauses.toFixed(3).padStart(8)}  ${align.toFixed(3).padStart(7)}  ${(align / seconds).toFixed(3).padStart(9)}  ${phones}`,
      );
    }
    const text = "Here's the thing: our new bottle keeps water cold for twenty four hours. It costs just nineteen dollars, and it ships today.";
    const wav = join(dir, 'festival.wav');
    const truth = (await new FestivalEngine().synthesize({ text, engineVoice: 'cmu_us_slt_arctic_hts', outWavPath: wav })).words;
    const errors = (words: { startSeconds: number; endSeconds: number }[]) =>
      words.flatMap((w, i) => [Math.abs(w.startSeconds - truth[i]!.startSeconds), Math.abs(w.endSeconds - truth[i]!.endSeconds)]).sort((a, b) => a - b);
    const show = (label: string, e: number[]) =>
      console.log(
        `${label.padEnd(22)} median ${(e[Math.floor(e.length / 2)]! * 1000).toFixed(0)} ms  p90 ${(e[Math.floor(e.length * 0.9)]! * 1000).toFixed(0)} ms  worst ${(e.at(-1)! * 1000).toFixed(0)} ms`,
      );
    console.log(`\nword boundary error vs festival's own timings (${truth.length} words):`);
    show('forced alignment', errors((await aligner.align({ wavPath: wav, text })).words));
    show('pause-based (baseline)', errors(deriveWordTimings(await readWav(wav), tokenizeWords(text))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
