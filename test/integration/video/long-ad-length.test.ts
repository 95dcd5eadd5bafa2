import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { checkScript } from '../../../src/pipelines/text/fact-check.js';
import { productFactsFromLink } from '../../../src/pipelines/text/product-facts.js';
import { CARD_HOLD_SECONDS } from '../../../src/pipelines/video/ad-ending.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { prepareAdPlan } from '../../../src/pipelines/video/prepare-ad-plan.js';
import { linkFactsOf, PRODUCT_PAGES } from '../../fixtures/product-pages/product-pages.js';
import { placeholderDownloads, realSpeech } from '../../helpers/ad-plan-deps.js';
import { adVideoRequest } from '../../helpers/ad-video-request.js';

/**
 * A 60 s ad of the thinnest test page (four features, three specs, two reviews: every fact said,
 * the old copywriter ran out at 136 spoken words and the video came out 55 s), planned with real
 * speech (espeak-ng, fast to synthesize): the video is the asked length, with no silence longer
 * than the beat before the call to action, and nothing the page does not say.
 */
const ffmpeg = createFfmpegEngine();
const engines = createSpeechEngines();
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'long-ad-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const BEAT_MAX_SECONDS = 0.7;

describe('a 60 s ad of a thin page', () => {
  it('lasts 60 s within half a second, the voice filling it, every fact from the page', async () => {
    const page = PRODUCT_PAGES.find((p) => p.id === 'sketch-course')!;
    const facts = linkFactsOf(page);
    const plan = await prepareAdPlan(
      adVideoRequest({ facts, voiceId: voiceIdFor('espeak-ng', 'en-us+f3'), seed: 2, videoLengthSeconds: 60 }),
      { speech: await realSpeech(engines, ffmpeg), writeScript: builtInScriptWriter, fetcher: placeholderDownloads, ffmpeg, musicCacheDir: dir },
      { planDir: join(dir, 'plan'), workDir: join(dir, 'work') },
    );

    expect(Math.abs(plan.durationSeconds - 60)).toBeLessThanOrEqual(0.5);
    // Not a short script padded by a long card: the card holds within its range after the voice.
    expect(plan.durationSeconds - plan.speechEndSeconds).toBeLessThanOrEqual(CARD_HOLD_SECONDS.max + 0.001);
    expect(plan.words[0]!.startSeconds).toBeLessThan(0.5);
    const gaps = plan.words.slice(1).map((w, i) => w.startSeconds - plan.words[i]!.endSeconds);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(BEAT_MAX_SECONDS);

    const check = checkScript(plan.script, productFactsFromLink(facts));
    expect(check.invented).toEqual([]);
    // The length comes from the page first: every listed feature is said.
    for (const feature of page.features) expect(plan.script.toLowerCase()).toContain(feature.toLowerCase());
  }, 180_000);
});
