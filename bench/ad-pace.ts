/**
 * Ad pace through the video pipeline: real speech, the drafts measured and rewritten — spoken words per length, pauses, the video's length.
 *
 *   npx tsx bench/ad-pace.ts [pages=6 | page-id,page-id] [lengths=15,30,60] [voice]
 *
 * For each product page of the test set and each length, plans a URL-to-video ad (script, speech,
 * timeline; no render) as the service does, and prints the spoken words of the script against the
 * issue's range for that length, the longest pause between words, the pause before the call to
 * action, where the speech ends and the video's length. The baseline of the same run is the range
 * itself: a row is "in" when its spoken words are inside it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_VOICE_ID } from '../src/domain/catalog/voices.js';
import { createFfmpegEngine } from '../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../src/engines/speech/index.js';
import { adWordRange, countSpokenWords } from '../src/pipelines/text/word-budget.js';
import { builtInScriptWriter } from '../src/pipelines/video/built-in-script-writer.js';
import { prepareAdPlan } from '../src/pipelines/video/prepare-ad-plan.js';
import { placeholderDownloads, realSpeech } from '../test/helpers/ad-plan-deps.js';
import { adVideoRequest } from '../test/helpers/ad-video-request.js';
import { linkFactsOf, PRODUCT_PAGES } from '../test/fixtures/product-pages/product-pages.js';

// The first n test pages, or the pages named (`roomba-like,forge-drill`).
const pagesArg = process.argv[2] ?? '6';
const pages = /^\d+$/.test(pagesArg) ? PRODUCT_PAGES.slice(0, Number(pagesArg)) : PRODUCT_PAGES.filter((p) => pagesArg.split(',').includes(p.id));
const lengths = (process.argv[3] ?? '15,30,60').split(',').map(Number);
const voiceId = process.argv[4] ?? DEFAULT_VOICE_ID;

const ffmpeg = createFfmpegEngine();
const engines = createSpeechEngines();
const speech = await realSpeech(engines, ffmpeg);
const dir = await mkdtemp(join(tmpdir(), 'ad-pace-'));
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

console.log(`voice ${voiceId}`);
console.log(
  '| page | length s | spoken words | range | in | written words | longest pause s | longest gap (the beat) s | speech ends s | video s | voice words | voice wpm without pauses |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
let inRange = 0;
let rows = 0;
try {
  for (const page of pages) {
    for (const [i, seconds] of lengths.entries()) {
      const work = join(dir, `${page.id}-${seconds}`);
      const plan = await prepareAdPlan(
        adVideoRequest({ facts: linkFactsOf(page), voiceId, seed: i + 1, videoLengthSeconds: seconds }),
        { speech, writeScript: builtInScriptWriter, fetcher: placeholderDownloads, ffmpeg, musicCacheDir: dir },
        { planDir: join(work, 'plan'), workDir: join(work, 'work') },
      );
      const gaps = plan.words.slice(1).map((w, k) => w.startSeconds - plan.words[k]!.endSeconds);
      // The one deliberate beat (before the call to action) is the longest gap; every other is a sentence pause.
      const [beat = 0, longestPause = 0] = [...gaps].sort((a, b) => b - a);
      const spoken = countSpokenWords(plan.script);
      const range = adWordRange(seconds);
      const ok = spoken >= range.min && spoken <= range.max;
      inRange += ok ? 1 : 0;
      rows++;
      console.log(
        `| ${page.id} | ${seconds} | ${spoken} | ${range.min}–${range.max} | ${ok ? 'yes' : 'no'} | ${plan.script.split(/\s+/).length} | ${round(longestPause)} | ${round(beat)} | ${round(plan.speechEndSeconds)} | ${round(plan.durationSeconds)} | ${plan.words.length} | ${Math.round((plan.words.length / (plan.words.at(-1)!.endSeconds - plan.words[0]!.startSeconds - gaps.reduce((a, g) => a + Math.max(0, g), 0))) * 60)} |`,
      );
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`\nspoken words inside the range: ${inRange} of ${rows}`);
