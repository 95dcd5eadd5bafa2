/**
 * Speaking rate of the default voice of each copywriter language, measured on scripts the
 * copywriter wrote: spoken words (numbers counted as read) per second of the whole audio, pauses
 * included, and per second of speech (first word start to last word end). The first figure
 * against SPEECH_FILL sets `DEFAULT_WORDS_PER_SECOND` (src/pipelines/text/word-budget.ts).
 * Run: npx tsx bench/speaking-rate.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVoiceCatalog, defaultVoiceId } from '../src/domain/catalog/voices.js';
import { createSpeechEngines } from '../src/engines/speech/index.js';
import { synthesizeSpeech } from '../src/pipelines/speech/synthesize-speech.js';
import { SCRIPT_LANGUAGES } from '../src/pipelines/text/languages.js';
import { countSpokenWords, DEFAULT_WORDS_PER_SECOND, SPEECH_FILL } from '../src/pipelines/text/word-budget.js';
import { writeAdScript } from '../src/pipelines/text/write-ad-script.js';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
const ffmpeg = createFfmpegEngine();

const facts = {
  title: 'Aurora Sunrise Lamp',
  description: 'A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.',
  price: { amount: 49.9, currency: 'EUR' },
  reviews: { rating: 4.6, count: 128, items: [] },
  industry: 'Home Improvement',
};
const STYLES = ['DiscoveryWriter', 'ProblemSolutionV2', 'StoryTimeWriter'];

async function main() {
  const engines = createSpeechEngines({});
  const lists = await Promise.all(Object.values(engines).map((e) => e!.listVoices().catch(() => [])));
  const catalog = buildVoiceCatalog(lists.flat());
  const dir = await mkdtemp(join(tmpdir(), 'bench-rate-'));
  console.log('language  voice                              words  audio s  words/s (audio)  words/s (speech)  default  video s at default');
  try {
    for (const language of SCRIPT_LANGUAGES) {
      const voiceId = language === 'en' ? defaultVoiceId(catalog) : catalog.voices.find((v) => v.language === language && v.kind === 'builtin')?.id;
      const voice = voiceId ? catalog.byId.get(voiceId) : undefined;
      if (!voice) {
        console.log(`${language}: no voice on this machine`);
        continue;
      }
      let words = 0;
      let audio = 0;
      let speech = 0;
      for (const style of STYLES) {
        const script = writeAdScript({ facts, style, videoLengthSeconds: 30, language, seed: 1 });
        const out = await synthesizeSpeech({ text: script.paragraphs.join(' '), voice }, { engines, ffmpeg }, { workDir: join(dir, `${language}-${style}`) });
        words += countSpokenWords(script.text);
        audio += out.durationSeconds;
        speech += out.words.length ? out.words[out.words.length - 1]!.endSeconds - out.words[0]!.startSeconds : out.durationSeconds;
      }
      const wps = DEFAULT_WORDS_PER_SECOND[language];
      // A 30 s script at the default rate has 30 × wps × SPEECH_FILL words; at the measured rate it lasts:
      const videoSeconds = (30 * wps * SPEECH_FILL) / (words / audio);
      console.log(
        `${language.padEnd(9)} ${`${voice.engine}:${voice.engineVoice}`.padEnd(34)} ${String(words).padStart(5)}  ${audio.toFixed(1).padStart(7)}  ${(words / audio).toFixed(2).padStart(15)}  ${(words / speech).toFixed(2).padStart(16)}  ${wps.toFixed(2).padStart(7)}  ${videoSeconds.toFixed(1).padStart(18)}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
