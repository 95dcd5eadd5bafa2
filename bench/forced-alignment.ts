/**
 * Forced alignment (pocketsphinx, phone grammar) of RHVoice speech: seconds to align about 10 s
 * and about 30 s of speech, against the baseline of the same run — synthesising the speech and
 * the pause-based word derivation it replaces. Median of 3 runs each.
 * Run: npx tsx bench/forced-alignment.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveWordTimings } from '../src/engines/speech/derive-word-timings.js';
import { PocketsphinxAligner } from '../src/engines/speech/pocketsphinx-align.js';
import { RhvoiceEngine } from '../src/engines/speech/rhvoice.js';
import { readWav } from '../src/engines/speech/wav.js';
import { tokenizeWords } from '../src/engines/speech/word-tokens.js';

const TEN_SECONDS =
  'Meet the Verda Bloom bottle. It keeps water cold for 24 hours. ' +
  'Rated 4.8 stars by 1,243 buyers. Yours for $19.';
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
      console.log(`${label.padEnd(7)} ${seconds.toFixed(2).padStart(7)}  ${synth.toFixed(3).padStart(7)}  ${pauses.toFixed(3).padStart(8)}  ${align.toFixed(3).padStart(7)}  ${(align / seconds).toFixed(3).padStart(9)}  ${phones}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
