/**
 * Intelligibility of every English built-in voice: each speaks the same three ad texts through
 * the speech pipeline (synthesizeSpeech: chunks, join, loudness, MP3), an offline recogniser
 * (Debian pocketsphinx + pocketsphinx-en-us) transcribes the MP3, and the word error rate against
 * the text is printed per voice, with the median of the first 8 voices in catalog order and the
 * best. Goal (issue 14): median of the first 8 ≤ 0.20, best ≤ 0.10.
 * Run: npx tsx bench/intelligibility.ts [--only=<engine>,<engine>] [--verbose] (prints what was heard)
 *   [--whisper] (also the WER of Whisper tiny.en, the service's own transcriber sidecar: a far
 *   stronger recogniser, to show how much of pocketsphinx's figure is its own weakness)
 * The recogniser is weak on synthetic speech, so the figures rank voices; they are not absolute.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildVoiceCatalog, type Voice } from '../src/domain/catalog/voices.js';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../src/engines/speech/index.js';
import { WhisperTranscriber } from '../src/engines/transcribe/index.js';
import { normalizeEnglish } from '../src/pipelines/speech/text/normalize-english.js';
import { listEngineVoices } from '../src/pipelines/speech/catalog-speech.js';
import { synthesizeSpeech } from '../src/pipelines/speech/synthesize-speech.js';

const run = promisify(execFile);

/** Ad-like texts of about 40 words; numbers written out, no contractions, so scoring is fair. */
export const TEXTS = [
  'Meet the new travel bottle that keeps your water cold for a full day. It is light, it does not leak, ' +
    'and it fits in any bag. Order today and get free shipping on your first order.',
  'Tired of slow mornings? Our coffee grinder is quiet, simple to clean, and ready in seconds. ' +
    'Thousands of happy customers rate it five stars. Try it for thirty days, and if you do not love it, send it back.',
  'Your garden deserves better light. These solar lamps charge in the sun and shine all night long. ' +
    'No wires, no bills, just a warm glow along every path. Shop now and save twenty percent this week.',
];

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word-level Levenshtein distance over the reference length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const r = words(reference);
  const h = words(hypothesis);
  let prev = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const cur = [i];
    for (let j = 1; j <= h.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[h.length]! / Math.max(1, r.length);
}

async function transcribe(mp3Path: string): Promise<string> {
  const wav = mp3Path.replace(/\.mp3$/, '.16k.wav');
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', mp3Path, '-ar', '16000', '-ac', '1', wav]);
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', wav, '-logfn', '/dev/null'], { maxBuffer: 1 << 24 });
  return stdout.trim().split('\n').join(' ');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice(7)
    .split(',');
  const verbose = process.argv.includes('--verbose');
  const engines = createSpeechEngines();
  const ffmpeg = createFfmpegEngine();
  const whisper = process.argv.includes('--whisper') ? new WhisperTranscriber({ ffmpeg }) : null;
  const catalog = buildVoiceCatalog(await listEngineVoices(engines, (id, err) => console.warn(`${id} unavailable: ${String(err)}`)));
  const voices = catalog.voices.filter((v) => v.kind === 'builtin' && v.language === 'en' && (!only || only.includes(v.engine)));
  const dir = await mkdtemp(join(tmpdir(), 'intelligibility-'));
  const rows: Array<{ voice: Voice; wer: number; perText: number[]; whisperWer?: number }> = [];
  try {
    console.log(`${voices.length} English voices × ${TEXTS.length} texts (pocketsphinx en-us)`);
    for (const [n, voice] of voices.entries()) {
      const results = await Promise.all(
        TEXTS.map(async (text, i) => {
          const out = await synthesizeSpeech({ text, voice }, { engines, ffmpeg }, { workDir: join(dir, `${n}-${i}`), concurrency: 1 });
          const heard = await transcribe(out.mp3Path);
          if (verbose) console.log(`    ${voice.engine}:${voice.engineVoice} text ${i + 1} heard: ${heard}`);
          // Whisper writes numbers as digits ("30 days"); the texts spell them out.
          const whisperHeard = whisper ? normalizeEnglish((await whisper.transcribe({ mediaPath: out.mp3Path, language: 'en' })).text) : null;
          if (verbose && whisperHeard !== null) console.log(`    ${voice.engine}:${voice.engineVoice} text ${i + 1} whisper heard: ${whisperHeard}`);
          return {
            wer: wordErrorRate(text, heard),
            ...(whisperHeard !== null ? { whisperWer: wordErrorRate(text, whisperHeard) } : {}),
            wpm: words(text).length / (out.durationSeconds / 60),
          };
        }),
      ).catch((err: unknown) => {
        // One voice failing (an engine missing a voice it listed) must not end the run.
        console.log(`${String(n + 1).padStart(2)}. ${voice.engine} ${voice.engineVoice}: failed (${String(err).split('\n')[0]})`);
        return null;
      });
      if (!results) continue;
      const perText = results.map((r) => r.wer);
      const wer = perText.reduce((a, b) => a + b, 0) / perText.length;
      const wpm = results.reduce((a, r) => a + r.wpm, 0) / results.length;
      const whisperWer = whisper ? results.reduce((a, r) => a + (r.whisperWer ?? 0), 0) / results.length : undefined;
      rows.push({ voice, wer, perText, ...(whisperWer !== undefined ? { whisperWer } : {}) });
      console.log(
        `${String(n + 1).padStart(2)}. ${voice.engine.padEnd(9)} ${voice.engineVoice.padEnd(24)} ${voice.name.padEnd(8)} WER ${wer.toFixed(3)}  (${perText.map((w) => w.toFixed(2)).join(' ')})  ${Math.round(wpm)} words/min` +
          (whisperWer !== undefined ? `  whisper WER ${whisperWer.toFixed(3)}` : ''),
      );
    }
  } finally {
    whisper?.stop?.();
    await rm(dir, { recursive: true, force: true });
  }
  if (whisper) console.log(`whisper tiny.en: median of the first 8 listed ${median(rows.slice(0, 8).map((r) => r.whisperWer ?? 0)).toFixed(3)}`);
  const first8 = rows.slice(0, 8).map((r) => r.wer);
  const best = rows.reduce((a, b) => (b.wer < a.wer ? b : a));
  console.log(`median of all ${rows.length}: ${median(rows.map((r) => r.wer)).toFixed(3)}`);
  console.log(`median of the first ${first8.length} listed: ${median(first8).toFixed(3)} (goal ≤ 0.20)`);
  console.log(`best: ${best.voice.engine} ${best.voice.engineVoice} (${best.voice.name}) ${best.wer.toFixed(3)} (goal ≤ 0.10)`);
  console.log(
    `ranking: ${[...rows]
      .sort((a, b) => a.wer - b.wer)
      .map((r) => `${r.voice.engine}:${r.voice.engineVoice}=${r.wer.toFixed(2)}`)
      .join(', ')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
