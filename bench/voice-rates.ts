/**
 * Speaking rate of every built-in voice of a language on one fixed ad passage: spoken words per second of the whole audio (sentence pauses included) and of speech.
 *
 * Compares the voices with each other: the passage has no digits, so every voice says the same
 * words. Product scripts (prices, sizes, long product words) read slower; the copywriter's default
 * rate comes from them (`bench/ad-pace.ts`), and the video pipeline measures the chosen voice on
 * its first draft.
 * Run: npx tsx bench/voice-rates.ts [language=en]   (npm run bench -- voice-rates)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVoiceCatalog, defaultVoiceId } from '../src/domain/catalog/voices.js';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../src/engines/speech/index.js';
import { synthesizeSpeech } from '../src/pipelines/speech/synthesize-speech.js';
import { countSpokenWords } from '../src/pipelines/text/word-budget.js';

export const PASSAGE =
  'I just discovered the TrailFlask Summit, and it keeps drinks cold for a full day and hot until dinner. ' +
  'The lid is leak proof, with a carry loop that clips to any backpack. ' +
  'The powder coated grip never sweats, and it fits most car cup holders. ' +
  'Thousands of hikers give it four point seven stars. ' +
  'One of them wrote that the ice was still rattling after a whole day in a hot car. ' +
  'Tap the link and get yours today.';

const language = process.argv[2] ?? 'en';
const engines = createSpeechEngines({});
const lists = await Promise.all(Object.values(engines).map((e) => e!.listVoices().catch(() => [])));
const catalog = buildVoiceCatalog(lists.flat());
const voices = catalog.voices.filter((v) => v.language === language && v.kind === 'builtin');
const ffmpeg = createFfmpegEngine();
const dir = await mkdtemp(join(tmpdir(), 'bench-voice-rates-'));
const words = countSpokenWords(PASSAGE);
const defaultId = defaultVoiceId(catalog);
console.log(`${words} words; ${voices.length} ${language} voices\n`);
console.log('| voice | words/s of audio | words/s of speech | audio s |');
console.log('|---|---|---|---|');
try {
  for (const voice of voices) {
    try {
      const out = await synthesizeSpeech({ text: PASSAGE, voice }, { engines, ffmpeg }, { workDir: join(dir, voice.id) });
      const speech = out.words.length ? out.words[out.words.length - 1]!.endSeconds - out.words[0]!.startSeconds : out.durationSeconds;
      const mark = voice.id === defaultId ? ' (default)' : '';
      console.log(
        `| ${voice.engine}:${voice.engineVoice}${mark} | ${(words / out.durationSeconds).toFixed(2)} | ${(words / speech).toFixed(2)} | ${out.durationSeconds.toFixed(1)} |`,
      );
    } catch (err) {
      console.log(`| ${voice.engine}:${voice.engineVoice} | failed: ${err instanceof Error ? err.message.slice(0, 60) : String(err)} | | |`);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
