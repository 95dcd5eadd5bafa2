import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVoiceCatalog, DEFAULT_VOICE_ID, findVoice, voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import type { SpeechSynthesizer } from '../../../src/domain/speech/voice-directory.js';
import type { UrlFetcher } from '../../../src/engines/fetch/port.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';
import { synthesizeSpeech } from '../../../src/pipelines/speech/synthesize-speech.js';
import { buildAdTimeline } from '../../../src/pipelines/video/ad-timeline.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { prepareAdPlan, type AdVideoRequest } from '../../../src/pipelines/video/prepare-ad-plan.js';
import { FACTS_PAGE_HTML } from '../../fixtures/pages/facts-page.js';
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

async function speech(): Promise<SpeechSynthesizer> {
  const catalog = buildVoiceCatalog((await Promise.all(Object.values(engines).map((e) => e!.listVoices()))).flat());
  return {
    synthesize: async (req) => {
      const voice = findVoice(catalog, req.voiceId);
      if (!voice) throw new Error(`no voice ${req.voiceId}`);
      return synthesizeSpeech({ text: req.text, voice }, { engines, ffmpeg }, { workDir: req.workDir, signal: req.signal });
    },
  };
}

/** Every "download" is a small file: the plan only needs the pictures to exist. */
const fetcher = {
  download: async (_url: string, destPath: string) => {
    await writeFile(destPath, Buffer.from('89504e470d0a1a0a', 'hex'));
    return { finalUrl: _url, contentType: 'image/png', sizeBytes: 8, path: destPath };
  },
} as unknown as UrlFetcher;

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
        { speech: await speech(), writeScript: builtInScriptWriter, fetcher, ffmpeg, musicCacheDir: dir },
        { planDir, workDir: join(dir, `${seed}`, 'work') },
      );

      expect(Math.abs(plan.speechEndSeconds - (30 - END_CARD_SECONDS))).toBeLessThanOrEqual(1.5);
      // About the asked length: the end card keeps its own length, the words fill the rest.
      expect(plan.endCardSeconds).toBe(END_CARD_SECONDS);
      expect(Math.abs(plan.durationSeconds - 30)).toBeLessThanOrEqual(1.5);
      const lastWordEnd = plan.words.at(-1)!.endSeconds;
      expect(Math.abs(lastWordEnd - (30 - END_CARD_SECONDS))).toBeLessThanOrEqual(1.5);

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
