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
      for (const videoLengthSeconds of LENGTHS_SECONDS) for (const seed of SEEDS) out.push(writeAdScript({ facts, style, language, videoLengthSeconds, seed }));
  return out;
}

const EXPECTED: Record<string, string> = {
  'style:DiscoveryWriter': 'f66ba12b767d87c427a2637e86815bd399c6beb1f5b8430825bbd146f14d0abe',
  'style:BenefitsV2': '1d2ef3b3c378ea68e7008b03a529a9a4ada97639483bbfaebc2514bf94e4fe7b',
  'style:BrandStoryV2': 'db12aec061c9ba8fdae1daf07fee8d21daeb1541c28a80cf4489a3cbd59efe1b',
  'style:CallToActionV2': 'af8c40e5f5660305bcf1eaaed4e9991c177109ab9876a4c9aa3a56932c88a90d',
  'style:DIY': 'cec556803f581799054bb782976b1375c8033c6fb43a0f649fd9b83973a09361',
  'style:DontWorryWriter': 'cd89bfbb93f89caacadb278fd3b90673237e36de44f4ab5c493dc414f3ad67b0',
  'style:EmotionalWriter': 'f32fc494e0c1dd3e54807a4af041f4469ab9f47fe161e551242603b17ca09ed7',
  'style:GenzWriter': 'eab8fc75979b45eb4c4f7eb6d50e5b763010320a2c9b9b3af1460db9ebb798f4',
  'style:HowToV2': '018f86958b55f234453eff27f83ce517909ee7b714862c1351df7f788e35e5f8',
  'style:LetMeShowYouWriter': 'a2eb37fcf84bb0293504c547bbd0c2051d3c8e2dbf9283e58d8e43f739b7abeb',
  'style:MotivationalWriter': '7cedd5f23f26fcff8aa232ceee2a75c78748ac373989c897d3788ce98a48d803',
  'style:ProblemSolutionV2': '7f9bbe7f6373f0013f3fe36c5e6b465d0cccfce4548d1d7d8a6bd4d698b2299b',
  'style:ProblemSolutionWriter': 'dcc8e28937474a5e12cd52a91324ddc497890b51f672959b2e97140ab6f5035a',
  'style:ProductHighlightsV2': '74f308a51676290eb67e9414699f17d16f9f4b93433e659067e1223e7add0386',
  'style:ProductLifestyleV2': 'b4b58a0c75f9e228b0a6e11ee3a9417b43835efa9ae052f99e97acf290038967',
  'style:ResponseBubbleWriter': '409fedc78e93d5305fac0cba10dba0b8652ea61fb18f168e9501d40e5c39f010',
  'style:SpecialOffersV2': '6d4026a16d4a13cbc8b6d0b569235cabc15f00d900f902315f2bf0e5fdde2a25',
  'style:StoryTimeWriter': '81a10dc950e8b8039325fb2eb9e5295b72e339a3f9fae4c94cc4e2030f7ac21f',
  'style:ThreeReasonsWriter': 'faadbe6a51304ea920cee08e7e5da70be8db27781957137b119af041a838cea2',
  'style:TrendingTopicsV2': '8592555a48fb1fde50d6ef3e9862973662f092ec1ae1fc0fc2c0268ea90c2453',
  'style:NegativeHook': '96e7eb62d4c41fc07e9e0dccc7583284ca488972caf15a5a11d03172d385127d',
  'style:NumberOneHook': '3dd5d97ed9c2cfb7a5d76213726cdbc0dd07d6d089cbcd687706f444bd541672',
  'style:EverWonderHook': 'be40b5feec04948599fc344e1a658bfb26d70565af05b7dbffcd3281083e695b',
  'style:SecretHook': '4d14f104d477858235cf467e82db5ccdb978473c40daa64a741b8e5ea55be350',
  'style:WhatHappensHook': '65d50e8418f3bacede6f3add15a04b8c472cb71cf2e44dbc8c18cda5a172dd3d',
  'style:AnyoneElseHook': 'a449e18084a433e1527d23e2da3c9bcd8268ee85b8c08f69fd5dbb8176a3afb4',
  'style:AmazedHook': '1d970a39520f50c1803e013b2b8a7bfd936e2a2956bc4cd6ce2c0d66d8520c20',
  'style:2025Hook': 'fd7b8b1977ff274edb55e664c9899313d6bf0130d11aa08ff0d1a9f1034574a9',
  'style:HateMeHook': 'd0669ba537584e4a893f1ecceb1aaabcfd134967925666ebdb832ee469f2e18d',
  'style:PriceDropRegretHook': '8b6342168986b15839693ab74d097675015ba4a35c5fa82cc977836ef5d2d8fa',
  options: '68f7c8f740879e93d971f316e7a1282373f9a9af94ae4f7f96892b56d27a0d3f',
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
  headlines: () =>
    SCRIPT_LANGUAGES.flatMap((language) =>
      SEEDS.map((seed) => [headlineCandidates(LAMP[language], language, seed), headlineCandidates(BOOTS, language, seed)]),
    ),
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
