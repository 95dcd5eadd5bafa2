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
  'style:DiscoveryWriter': '27d33c3a29ebe794c49c0555686abc239401102924c55f84be6c58ffaf22a8b6',
  'style:BenefitsV2': '3eb38be9a43e68a790414d3c79b602638ee61cd1045ec4992d262640885feca4',
  'style:BrandStoryV2': '6b48857355a83f521c363024cb309f9be14bbd08aacd76b30447350d9fd40965',
  'style:CallToActionV2': '31fd1a4c9c8e2064d4adf2aec73f55060e4d6e0d753b49fd3ec6d2971d5e88ed',
  'style:DIY': 'e2448fd88e3b3ae08761e8f18cb65e29321aa14b1aa24c72d2e732b17e7c1b05',
  'style:DontWorryWriter': '52d87ee02154726fad90f5c924aa733e774e14e22c2ce65eacc35b99087be6bb',
  'style:EmotionalWriter': 'ee72b8851676ed2cf4517f7afa226cc779cac6a0c4fa346afd879e898fb8a1f0',
  'style:GenzWriter': '4d7fb201a2bca0ae4a1ba81c17cae76aceefd61a4a42d85f12bdeb3b2d1ca499',
  'style:HowToV2': '9d1353a54c99f8c79bc49d540468fa8d5a3f133c22270857f8bb34db62b7d812',
  'style:LetMeShowYouWriter': '3568d0bc9121f58634cd2a414e5f671bca6bd2d8bffe8737b671d9564aef5913',
  'style:MotivationalWriter': 'eff4e510bf3a6d978fb0ed9beb36cde682b22b512df22db118cae286492166bd',
  'style:ProblemSolutionV2': 'faedf719d6863bba7acca95718baaf341d3768e2fa018f6433841fe0687fe8c4',
  'style:ProblemSolutionWriter': '4606ee30f673f585e2b65d22b8fd26618d3e36838a70c36b929e6d3c1885b1d5',
  'style:ProductHighlightsV2': 'ed7be694ea36a61c731d49333f0562fb655fcaaf3db54d9332c3503c628642b6',
  'style:ProductLifestyleV2': '4706970390184615b08d305c37a3569f234544b0f23edf578ad3f4c868fcfd68',
  'style:ResponseBubbleWriter': '0547a530dde2fd4f02c8f92ef4177cb90c80aeffb8d0e7adf9e912aaf571bc78',
  'style:SpecialOffersV2': '2b380f1e01c6a7d854ecd1b5d17cc9dfc357dd46bc3214236709fd99fc949b38',
  'style:StoryTimeWriter': '73dbc71cc1914a44ff6c16d24676e03222a45eb3d83b73a95feba55fb4b733a6',
  'style:ThreeReasonsWriter': '2632ed110a80701f19856d8e8823ef8f4652ba5c891fd2c2882fcee13dcfeb1f',
  'style:TrendingTopicsV2': 'cfbaf6d175d3eda3202bb3451a161931ed6570f025c4d834bc22a90782481cae',
  'style:NegativeHook': '641fa07f9c2306818ea0cef16da1cfebc7830a35480a3ee8d34c9e9c72bf2649',
  'style:NumberOneHook': 'e29bdc664ddb2a590d1533c2c5187a93f68920788e5996b834af89bca23303de',
  'style:EverWonderHook': '42540842bde0790808ee145289ddfa1a0ffa88dc81b2e865eaf6a3e9d2965e36',
  'style:SecretHook': '6bfd533875d6647feb90c6664bfd2170b286bc3b9aa70ee008374934ff82a22c',
  'style:WhatHappensHook': '7ffd119f1f872aec5e24b5036bb3e7ba7c2609af91db7a2fd24b003f3a3367d5',
  'style:AnyoneElseHook': '58824114f52309506ffffae31d967ab3d4acc746fc85b5df2dbdd3eaa3a39030',
  'style:AmazedHook': '9312dfc2f9c96cdbf2afbc5f1c5ee7698d447117cf8adcd7a6b1666add5815d7',
  'style:2025Hook': '327c589692ecc7ec63652d55fcd324f62dc1ea8dc53f5933a31e3728014faa1b',
  'style:HateMeHook': '0292e651243d2d548244f3074c9e2a3fcc20dd0651a211f1bce9b4f5ef130c56',
  'style:PriceDropRegretHook': 'f0a0a5b374fecc4acd706b2a0df54e6e43ab59dd7f6d22367954bc01d1fad457',
  options: '406104d6c40b9a72e8faf17b5cff316256ec39f88f0f3f37f5a52f8b99416a72',
  'default-styles': '33c312902f68ccf48578e6d592270c2ce180449d8e967b538384af799d36e294',
  headlines: 'a6ba21ce9d81ef041b4d06e0329116f87065024cd729c7a144864193ffc72bd5',
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
