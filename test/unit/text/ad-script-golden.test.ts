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
  'style:BenefitsV2': 'c9bcaf97e2344ff61c430c30cf671a06c67888496cb1737c9f807d39d41b436b',
  'style:BrandStoryV2': 'fd64d192397340e97281179678bca14041be2ddef82817d09113486df96d5785',
  'style:CallToActionV2': 'cfca535cb36fabc18fefaea7b2f42c92509b28e1934eb1292d5922f0c5914e91',
  'style:DIY': 'ba48fca286e29c48f215a8658ecf96559f17c4c4b98ea5bc9e32d7e5414007e0',
  'style:DontWorryWriter': '52d87ee02154726fad90f5c924aa733e774e14e22c2ce65eacc35b99087be6bb',
  'style:EmotionalWriter': 'ee72b8851676ed2cf4517f7afa226cc779cac6a0c4fa346afd879e898fb8a1f0',
  'style:GenzWriter': '88767da8a159d708be9f277f5e4d070e131061aa32a0b2d717129fdd39ded335',
  'style:HowToV2': '5d3ede325881e80c3c158e8db0b35cb339c24cccd3167fc8284626204130a62b',
  'style:LetMeShowYouWriter': '3568d0bc9121f58634cd2a414e5f671bca6bd2d8bffe8737b671d9564aef5913',
  'style:MotivationalWriter': '8635b6eef263f0a6173ec6c8dee7b267557e939b2bfb5edfefc04d1328bffffb',
  'style:ProblemSolutionV2': 'faedf719d6863bba7acca95718baaf341d3768e2fa018f6433841fe0687fe8c4',
  'style:ProblemSolutionWriter': 'ff7b31d0499252689edd9b676f68a41b028f3006db72c0456efce7a2ebb3357c',
  'style:ProductHighlightsV2': 'ed7be694ea36a61c731d49333f0562fb655fcaaf3db54d9332c3503c628642b6',
  'style:ProductLifestyleV2': '0a9dec13871f768c466621ba8ac10d8e9aa78a900432c0e878e405874e3abd99',
  'style:ResponseBubbleWriter': '8a97a37bedfe3e9755c111b662a11d2d3ec67f951180fb74c3c15b8504f37e9b',
  'style:SpecialOffersV2': '5c355fb040c7a7936e797742097f64ead12fbdb12ef9026f787a7413713bf593',
  'style:StoryTimeWriter': '387f216f202e8316603aefd95777431df023975efd27143d280f57d65abac449',
  'style:ThreeReasonsWriter': '2632ed110a80701f19856d8e8823ef8f4652ba5c891fd2c2882fcee13dcfeb1f',
  'style:TrendingTopicsV2': 'e00c04671fc6f8e1c5d676f3511c9b5c4f255bd820ac10228d3ac2cb260dbb21',
  'style:NegativeHook': '641fa07f9c2306818ea0cef16da1cfebc7830a35480a3ee8d34c9e9c72bf2649',
  'style:NumberOneHook': 'e29bdc664ddb2a590d1533c2c5187a93f68920788e5996b834af89bca23303de',
  'style:EverWonderHook': '42540842bde0790808ee145289ddfa1a0ffa88dc81b2e865eaf6a3e9d2965e36',
  'style:SecretHook': '17eb148712bfc598a4889fe0b3e1650953311a7506b01f318c7736aa8c0e9d34',
  'style:WhatHappensHook': '98bf05f654fb273f75525dd0ddd68325534553817f0d3f5af60e31322a3ce31a',
  'style:AnyoneElseHook': '31f64a3905f852c6a2186cdced50d190e98411e878c9f727464dde2d2c9bf605',
  'style:AmazedHook': '344178d9625507757c94fe599cd6fd8e99b17e660a4d7303ec818d170d24b3c7',
  'style:2025Hook': '998631703f1109f247cae06200ba0424cd3c4e5d603ed4d7a05514ef3d136180',
  'style:HateMeHook': '042ffac0e02cdb40986d5fa486b67526567df24063b0ee0a9826553fb9a0e8f2',
  'style:PriceDropRegretHook': '12f7228ca6ced794e5e5d43d63333160fea7c5cc305b937cc0a85773d527f9e9',
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
