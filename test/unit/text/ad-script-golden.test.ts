import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCRIPT_LANGUAGES } from '../../../src/pipelines/text/languages.js';
import { SCRIPT_STYLE_NAMES } from '../../../src/pipelines/text/script-styles.js';
import { defaultScriptStyles, formatPrice, headlineCandidates, writeAdScript } from '../../../src/pipelines/text/write-ad-script.js';
import { BOOTS, LAMP, SPARSE } from './fixtures.js';

/**
 * Pins the copywriter's output byte for byte: the hashes were taken before write-ad-script.ts was
 * split into its parts, so a refactor that changes any script for the same request fails here.
 * A deliberate change of wording updates the hashes (print them with `GOLDEN_PRINT=1`).
 */
const SEEDS = [0, 123456789];
const LENGTHS_SECONDS = [15, 45];

function sha256(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function scriptsFor(style: string): unknown[] {
  const out: unknown[] = [];
  for (const language of SCRIPT_LANGUAGES)
    for (const facts of [LAMP[language], SPARSE, BOOTS])
      for (const videoLengthSeconds of LENGTHS_SECONDS)
        for (const seed of SEEDS) out.push(writeAdScript({ facts, style, language, videoLengthSeconds, seed }));
  return out;
}

const EXPECTED: Record<string, string> = {
  'style:DiscoveryWriter': 'befc30766825594c1046d5e6151b6d910a2e9e35b4b4053d42944d05d7c929c7',
  'style:BenefitsV2': '6b2b91701f6fbaab82016cac0c9e7cf5c0f6ea60cdda6754c931096413fb8d5d',
  'style:BrandStoryV2': 'f01c0b0a06a9effe0971aeaf870545267cc10821a9161777ac1b79b4dadce647',
  'style:CallToActionV2': 'e1129980eb7b7138cc5db49524507998a15ab43daa1c479e786c3a4926f9bb3f',
  'style:DIY': '76d5d4a4c7145f1ba73ce4c51a897616a8f3938dba4441ff6dcd2b8be3e8b5b3',
  'style:DontWorryWriter': 'fd253257aa96c78f766af68af24069a47d37ab06f685479110dcfbda09cf2c0f',
  'style:EmotionalWriter': '949453c4b242614807412f57e5fb7070bf9bc59fa58a0d512b4012b062750a9e',
  'style:GenzWriter': '967b8cffe98f4101d351904ff9abe8a86d56c236e8019a1f5ee5462e24cd6013',
  'style:HowToV2': '1e2ebf19c45fd811c57e7e0fa62cf324d14487b4fece4541b3d0ed6e689f075e',
  'style:LetMeShowYouWriter': '7ba7941ec68c2217aeff9ea04b4b276d0da374d72f65e0313ddbe6384cdb6fcf',
  'style:MotivationalWriter': 'bb266e1c00000764b00e8e9687fb043849d855825c9f8ff9cd9720bb6ba62910',
  'style:ProblemSolutionV2': '72d99541ba5725fa6ab11f834abaccc0b14bd78ce6e889b7c0f20ede412ed765',
  'style:ProblemSolutionWriter': 'e87ba5acbd470fab9ec5af0bdbea306aed7fb239857c837dc03285698c8c4925',
  'style:ProductHighlightsV2': '4132432d5cf61c1253923bf26a8c4ae5eb95e5438f798c1af688767d0dbd3356',
  'style:ProductLifestyleV2': 'e70b190dcc630e02fe78586daf67ecace31bca3f74778d8d386a8462827c07dc',
  'style:ResponseBubbleWriter': '5eb47e7ec42d3ae73f3c5761888d9b7820b4e263f3cb3f741ce34ed622f9c5f0',
  'style:SpecialOffersV2': '72e2554999943e971c4f8eb8b20e4d23a4d4ed978f20c2593556923981ccffe3',
  'style:StoryTimeWriter': '50713cf48ddb0d3bd425dc95ede39904722bfe2aeac421ae807f44cb931e0216',
  'style:ThreeReasonsWriter': 'd2774f00df455be1aaa38f39df326b8f64dc9822c86bf5bcc9ba0bb54a492424',
  'style:TrendingTopicsV2': '465fb379c102d95a65cba33048fdc5819fb105faa9b2536146ff0970b5d868fb',
  'style:NegativeHook': '5009d4d4a6bc79ebe97e656b00653d7952ce3f6a238321ced77c46c4fe3ac742',
  'style:NumberOneHook': '7417367f14b7e5f8a26a3f18c3d361a3c54d26a9750cc9c5eafe1ac9b5a91e4b',
  'style:EverWonderHook': 'cad859796afdbcf959dfee7285971de8aeabf44d931fa0305f8a5c695d6186a8',
  'style:SecretHook': '60ee2c1f1a03ded9808e1a39e99d461d110be921fe5227d010f2850ee3381e9d',
  'style:WhatHappensHook': '8e96bdf69a1efc6dffa61a3999a2c4bb474d86992604c5ad65fa1bd077cf9c88',
  'style:AnyoneElseHook': '0c2538dd9b6089e30fda89ba60ec1cf737d929e1fb3e7882b1469180596f031c',
  'style:AmazedHook': '669df6b2732cbd19b916d6e5381b3b8a7999107fd8b93bf275f8c5588fe55470',
  'style:2025Hook': '5e87fc94096f31c0cf063bd8cb274e6dabd3ba8b6a4ee182fad6a9565ba9bd31',
  'style:HateMeHook': '72630b47b2136b9fd7cc2d80f44c10c6554a140f4d091c55895bc877613ca3fd',
  'style:PriceDropRegretHook': 'e3f0dcf60a7cbfe5f7737a1c59e8d9c068f32a9dcc8b90cc1604198fff36e93a',
  options: '76758b8c5f51d772638ea2a4ea6d499894b89f755778c0f62c9b923f22635ad3',
  'default-styles': '33c312902f68ccf48578e6d592270c2ce180449d8e967b538384af799d36e294',
  headlines: 'ab5105931fca3817190958b7cc98d36e7a05960ce8cbf13d21efcabc32a50823',
  prices: '0cc50c95db2cbe48536806ae9f8ef7cf284bf0bfb0ce8870b16e316bc515182e',
};

const CASES: Record<string, () => unknown> = {
  ...Object.fromEntries(SCRIPT_STYLE_NAMES.map((style) => [`style:${style}`, () => scriptsFor(style)])),
  options: () => [
    writeAdScript({ facts: LAMP.en, videoLengthSeconds: 30 }),
    writeAdScript({ facts: LAMP.es, language: 'es-MX', videoLengthSeconds: 45, wordsPerSecond: 2.2, seed: 3, year: 2031 }),
    writeAdScript({ facts: BOOTS, language: 'de', videoLengthSeconds: 60, wordsPerSecond: 3.4, seed: 42 }),
  ],
  'default-styles': () => SEEDS.map((seed) => [defaultScriptStyles(seed), defaultScriptStyles(seed, 3)]),
  headlines: () => SCRIPT_LANGUAGES.flatMap((language) => SEEDS.map((seed) => [headlineCandidates(LAMP[language], language, seed), headlineCandidates(BOOTS, language, seed)])),
  prices: () =>
    SCRIPT_LANGUAGES.map((language) => [
      formatPrice({ amount: 49.9, currency: 'EUR' }, language),
      formatPrice({ amount: 189, currency: 'USD' }, language),
      formatPrice({ amount: 12.5, currency: 'XYZ1' }, language),
      formatPrice({ amount: 7, currency: null }, language),
    ]),
};

describe('ad script output is pinned', () => {
  it.each(Object.keys(CASES))('%s', (key) => {
    const hash = sha256(CASES[key]!());
    if (process.env.GOLDEN_PRINT) console.log(`GOLDEN ${JSON.stringify(key)}: '${hash}',`);
    expect(hash).toBe(EXPECTED[key]);
  });
});
