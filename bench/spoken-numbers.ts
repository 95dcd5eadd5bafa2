/**
 * Numbers spoken right: 100 sentences of ad copy full of prices, ratings, counts, units, times, percentages, ranges and model names.
 * Every English built-in voice speaks them through the speech pipeline (normaliser, chunks,
 * engine, join, loudness, MP3), ten sentences a recording; the service's Whisper recogniser
 * (tiny.en sidecar) transcribes each recording; the script and the transcript are both made
 * speakable by the same normaliser and compared word by word. One table per voice (word error by
 * kind of number, the worst sentences), then one row per voice. Goal (issue 27): WER ≤ 0.08 with
 * the default voice.
 *   npx tsx bench/spoken-numbers.ts [--only=<engine>,<engine>] [--skip=<n>] [--voices=<n>] [--sample=<n>] [--verbose]
 * --skip leaves out the first n listed voices, --voices keeps n, --sample speaks n of the sentences
 * (evenly spread) instead of all 100: the full run takes 4–6 min a voice on a loaded 2-core machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVoiceCatalog, defaultVoiceId, type Voice } from '../src/domain/catalog/voices.js';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../src/engines/speech/index.js';
import { WhisperTranscriber } from '../src/engines/transcribe/index.js';
import { listEngineVoices } from '../src/pipelines/speech/catalog-speech.js';
import { synthesizeSpeech } from '../src/pipelines/speech/synthesize-speech.js';
import { AD_COPY_WITH_NUMBERS } from '../test/fixtures/ad-copy-numbers.js';
import { scoreSentences, wordErrorRateOf, type SentenceScore } from '../test/helpers/spoken-number-wer.js';

const PER_RECORDING = 10;

/** The kind of number a sentence is about, for the per-voice table (first match wins). */
const KINDS: Array<[string, RegExp]> = [
  ['price', /[$€£]\d/],
  ['rating', /★|\bstars?\b|out of 5/],
  ['percent', /%/],
  ['range', /\d\s?[-–]\s?\d|\bto \d/],
  ['unit', /\d\s?(?:h|oz|ml|mAh|GB|W|lbs?|°[CF]|fl oz|rpm|dB|MP|g|L|liters|lumens|qt|km|m|fps|psi|inch(?:es)?|feet|miles)\b/],
  ['time', /\d\s?(?:am|pm|min|minutes|hours|days|weeks|months|years|nights|seconds)\b|24\/7|\d:\d\d/],
  ['model', /\b[A-Z]+-?\d|\d[A-Z]\b/],
  ['count', /\d/],
];

const kindOf = (sentence: string) => KINDS.find(([, re]) => re.test(sentence))?.[0] ?? 'other';

async function main(): Promise<void> {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice(7)
    .split(',');
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const limit = Number(option('voices') ?? Number.POSITIVE_INFINITY);
  const skip = Number(option('skip') ?? 0);
  const sample = Math.min(AD_COPY_WITH_NUMBERS.length, Number(option('sample') ?? AD_COPY_WITH_NUMBERS.length));
  const step = AD_COPY_WITH_NUMBERS.length / sample;
  const sentencesUsed = Array.from({ length: sample }, (_, i) => AD_COPY_WITH_NUMBERS[Math.floor(i * step)]!);
  const verbose = process.argv.includes('--verbose');
  const engines = createSpeechEngines();
  const ffmpeg = createFfmpegEngine();
  const whisper = new WhisperTranscriber({ ffmpeg });
  const catalog = buildVoiceCatalog(await listEngineVoices(engines, (id, err) => console.warn(`${id} unavailable: ${String(err)}`)));
  const defaultId = defaultVoiceId(catalog);
  const voices = catalog.voices.filter((v) => v.kind === 'builtin' && v.language === 'en' && (!only || only.includes(v.engine))).slice(skip, skip + limit);
  const dir = await mkdtemp(join(tmpdir(), 'spoken-numbers-'));
  const rows: Array<{ voice: Voice; wer: number; seconds: number }> = [];
  console.log(`spoken numbers: ${sentencesUsed.length} sentences × ${voices.length} English voices, Whisper tiny.en`);
  try {
    for (const [n, voice] of voices.entries()) {
      const started = performance.now();
      const scores: SentenceScore[] = [];
      try {
        const batches = Array.from({ length: Math.ceil(sentencesUsed.length / PER_RECORDING) }, (_, k) =>
          sentencesUsed.slice(k * PER_RECORDING, (k + 1) * PER_RECORDING),
        );
        const speak = (k: number) =>
          synthesizeSpeech({ text: batches[k]!.join(' '), voice }, { engines, ffmpeg }, { workDir: join(dir, `${n}-${k}`), concurrency: 1 });
        // The next recording is synthesised while Whisper listens to this one.
        let next = speak(0);
        for (let k = 0; k < batches.length; k++) {
          const out = await next;
          if (k + 1 < batches.length) {
            next = speak(k + 1);
            next.catch(() => undefined); // awaited at the top of the next round; a failure is reported there
          }
          const heard = (await whisper.transcribe({ mediaPath: out.mp3Path, language: 'en' })).text;
          if (verbose) console.log(`    heard: ${heard}`);
          scores.push(...scoreSentences(batches[k]!, heard));
          await rm(join(dir, `${n}-${k}`), { recursive: true, force: true });
        }
      } catch (err) {
        console.log(`${voice.engine}:${voice.engineVoice}: failed (${String(err).split('\n')[0]})`);
        continue;
      }
      const wer = wordErrorRateOf(scores);
      const seconds = (performance.now() - started) / 1000;
      rows.push({ voice, wer, seconds });
      printVoiceTable(voice, voice.id === defaultId, scores, wer);
    }
  } finally {
    whisper.stop();
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`\n${sentencesUsed.length} sentences a voice`);
  console.log('\n| # | voice | engine | WER | |');
  console.log('|---|---|---|---|---|');
  for (const [i, r] of rows.entries()) {
    const mark = r.voice.id === defaultId ? 'default voice, goal ≤ 0.08' : '';
    console.log(`| ${skip + i + 1} | ${r.voice.name} (${r.voice.engineVoice}) | ${r.voice.engine} | ${r.wer.toFixed(3)} | ${mark} |`);
  }
}

function printVoiceTable(voice: Voice, isDefault: boolean, scores: readonly SentenceScore[], wer: number): void {
  console.log(`\n${voice.name} — ${voice.engine}:${voice.engineVoice}${isDefault ? ' (default voice)' : ''}: WER ${wer.toFixed(3)}`);
  console.log('| kind | sentences | words | errors | WER |');
  console.log('|---|---|---|---|---|');
  const kinds = [...new Set([...KINDS.map(([k]) => k), 'other'])];
  for (const kind of kinds) {
    const of = scores.filter((s) => kindOf(s.sentence) === kind);
    if (of.length === 0) continue;
    const words = of.reduce((a, s) => a + s.words, 0);
    const errors = of.reduce((a, s) => a + s.errors, 0);
    console.log(`| ${kind} | ${of.length} | ${words} | ${errors} | ${(errors / words).toFixed(3)} |`);
  }
  const worst = [...scores].sort((a, b) => b.errors / b.words - a.errors / a.words).filter((s) => s.errors > 0);
  console.log(
    `worst: ${
      worst
        .slice(0, 3)
        .map((s) => `"${s.sentence}" (${s.errors}/${s.words})`)
        .join('; ') || 'none'
    }`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
