import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_ID, voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';
import { adWordRange, countSpokenWords } from '../../../src/pipelines/text/word-budget.js';
import { CARD_HOLD_SECONDS } from '../../../src/pipelines/video/ad-ending.js';
import { buildAdTimeline } from '../../../src/pipelines/video/ad-timeline.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { prepareAdPlan, type AdVideoRequest } from '../../../src/pipelines/video/prepare-ad-plan.js';
import { FACTS_PAGE_HTML } from '../../fixtures/pages/facts-page.js';
import { placeholderDownloads, realSpeech } from '../../helpers/ad-plan-deps.js';
import { adVideoRequest } from '../../helpers/ad-video-request.js';

/**
 * A 30 s ad planned with real synthesized speech (the plan and its timeline, no render): the
 * speech runs into the end card, and every scene before it has a voice over it.
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
  return adVideoRequest({ facts, voiceId, seed, videoLengthSeconds, captions: true });
}

describe('a 30 s ad has no dead air', () => {
  for (const [voiceId, seed] of [
    [DEFAULT_VOICE_ID, 1],
    [voiceIdFor('espeak-ng', 'en-us+f3'), 2],
  ] as const) {
    it(`${voiceId}: the voice runs into the end card, which holds briefly after it; every scene has a voice`, async () => {
      const planDir = join(dir, `${seed}`, 'plan');
      const plan = await prepareAdPlan(
        request(voiceId, seed),
        { speech: await realSpeech(engines, ffmpeg), writeScript: builtInScriptWriter, fetcher: placeholderDownloads, ffmpeg, musicCacheDir: dir },
        { planDir, workDir: join(dir, `${seed}`, 'work') },
      );

      // The closing paragraph is said over the end card; after the last word the card holds
      // 0.6–2.5 s, which makes the asked length when the words fill it. The fast espeak voice
      // (3.3 words/s) says every fact of this page before 30 s, so its video may be shorter.
      const lastWordEnd = plan.words.at(-1)!.endSeconds;
      const hold = plan.durationSeconds - plan.speechEndSeconds;
      expect(hold).toBeGreaterThanOrEqual(CARD_HOLD_SECONDS.min - 0.001);
      expect(hold).toBeLessThanOrEqual(CARD_HOLD_SECONDS.max + 0.001);
      expect(lastWordEnd).toBeLessThanOrEqual(plan.speechEndSeconds);
      if (voiceId === DEFAULT_VOICE_ID) {
        expect(Math.abs(plan.durationSeconds - 30)).toBeLessThanOrEqual(0.5);
        // At an ad's pace: 70–85 words as the voice says them ("$49.90" is eight), no tempo change.
        const spoken = countSpokenWords(plan.script);
        expect(spoken, plan.script).toBeGreaterThanOrEqual(adWordRange(30).min);
        expect(spoken, plan.script).toBeLessThanOrEqual(adWordRange(30).max);
      }
      const cardStart = plan.durationSeconds - plan.endCardSeconds;
      expect(plan.endCardSeconds).toBeGreaterThan(hold + 1);
      // The card comes up between words (in the beat), never mid-word.
      expect(plan.words.some((w) => w.startSeconds < cardStart && w.endSeconds > cardStart)).toBe(false);

      for (const style of ['FullScreenTemplate', 'AvatarBubbleTemplate']) {
        const timeline = buildAdTimeline(plan, planDir, style, null);
        // The card shows the call to action itself: no captions over it.
        expect(timeline.captions!.words.every((w) => w.startSeconds < cardStart)).toBe(true);
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
            expect(start).toBeCloseTo(cardStart, 2);
            // The call to action is said over the card.
            expect(plan.words.some((w) => w.startSeconds >= start)).toBe(true);
          }
          start += scene.durationSeconds;
        });
      }
    }, 180_000);
  }
});
