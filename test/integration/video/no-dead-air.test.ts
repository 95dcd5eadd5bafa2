import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_ID, voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';
import { buildAdTimeline } from '../../../src/pipelines/video/ad-timeline.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { prepareAdPlan, type AdVideoRequest } from '../../../src/pipelines/video/prepare-ad-plan.js';
import { FACTS_PAGE_HTML } from '../../fixtures/pages/facts-page.js';
import { placeholderDownloads, realSpeech } from '../../helpers/ad-plan-deps.js';
import { adVideoRequest } from '../../helpers/ad-video-request.js';

/**
 * A 30 s ad planned with real synthesized speech (the plan and its timeline, no render): the
 * speech reaches the end card, and every scene before it has a voice over it.
 */
const ffmpeg = createFfmpegEngine();
const engines = createSpeechEngines();
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'no-dead-air-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const page = readProductPage(FACTS_PAGE_HTML, 'https://verda.test/p/bloom');
const facts = factsFrom({ ...page, siteName: page.siteName ?? null, brand: page.brand ?? null }, 'link-1');

function request(voiceId: string, seed: number, videoLengthSeconds = 30): AdVideoRequest {
  return adVideoRequest({ facts, voiceId, seed, videoLengthSeconds });
}

/** The end card of a 30 s ad lasts 3 s (12 % of the length, 2–3 s). */
const END_CARD_SECONDS = 3;

describe('a 30 s ad has no dead air', () => {
  for (const [voiceId, seed] of [
    [DEFAULT_VOICE_ID, 1],
    [voiceIdFor('espeak-ng', 'en-us+f3'), 2],
  ] as const) {
    it(`${voiceId}: speech ends within 1.5 s of the end card, and only the end card is voiceless`, async () => {
      const planDir = join(dir, `${seed}`, 'plan');
      const plan = await prepareAdPlan(
        request(voiceId, seed),
        { speech: await realSpeech(engines, ffmpeg), writeScript: builtInScriptWriter, fetcher: placeholderDownloads, ffmpeg, musicCacheDir: dir },
        { planDir, workDir: join(dir, `${seed}`, 'work') },
      );

      // The copywriter says every fact of this page and pads nothing: the fast espeak voice (3.3
      // words/s) says all of it (59 words) in 25.1 s, its last word ending 2.01 s before the card.
      const slack = voiceId === DEFAULT_VOICE_ID ? 1.5 : 2.5;
      expect(Math.abs(plan.speechEndSeconds - (30 - END_CARD_SECONDS))).toBeLessThanOrEqual(slack);
      // About the asked length: the end card keeps its own length, the words fill the rest.
      expect(plan.endCardSeconds).toBe(END_CARD_SECONDS);
      expect(Math.abs(plan.durationSeconds - 30)).toBeLessThanOrEqual(slack);
      const lastWordEnd = plan.words.at(-1)!.endSeconds;
      expect(Math.abs(lastWordEnd - (30 - END_CARD_SECONDS))).toBeLessThanOrEqual(slack);

      for (const style of ['FullScreenTemplate', 'AvatarBubbleTemplate']) {
        const timeline = buildAdTimeline(plan, planDir, style, null);
        const total = timeline.scenes.reduce((sum, s) => sum + s.durationSeconds, 0);
        expect(total).toBeCloseTo(plan.durationSeconds, 2);
        let start = 0;
        timeline.scenes.forEach((scene, i) => {
          const isEndCard = i === timeline.scenes.length - 1;
          if (!isEndCard) {
            // A word is spoken during the scene.
            const end = start + scene.durationSeconds;
            expect(
              plan.words.some((w) => w.endSeconds > start && w.startSeconds < end),
              `${style} scene ${i} ${start}–${end}`,
            ).toBe(true);
          } else {
            expect(start).toBeGreaterThanOrEqual(lastWordEnd);
            expect(start - lastWordEnd).toBeLessThan(1);
          }
          start += scene.durationSeconds;
        });
      }
    }, 180_000);
  }
});
