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
  'style:DiscoveryWriter': 'ddf681e021ad242794f3ff1089b2d849e69087d79bb4c2721a888b712367e33f',
  'style:BenefitsV2': '04df83d4faa39a2d32ab9afd6634d214bf26164e5b4fb10376e35ab8b3d65a9b',
  'style:BrandStoryV2': 'db12aec061c9ba8fdae1daf07fee8d21daeb1541c28a80cf4489a3cbd59efe1b',
  'style:CallToActionV2': '1e552dfdd7cba47ec05f44c6a2ad5a39ebb3da75e5ebe58ff267fe6e8265d138',
  'style:DIY': '978161692b92a324b519266eeae430eb8c95fc7a843740ce0a2eb598b29f6ab1',
  'style:DontWorryWriter': 'e5dc330e7941b97db88c1e92434d8a6691b38e178362acf933a33c92d2488f05',
  'style:EmotionalWriter': '8c66c9b7b3b9a766f927fe1eaaf6fcb2dafb361178fa9a968c8277d3412b4572',
  'style:GenzWriter': '7be978e0063e452cb9d2343d0eec3dc97a13bb88653b9b3a6abc2fcda42e19e8',
  'style:HowToV2': '018f86958b55f234453eff27f83ce517909ee7b714862c1351df7f788e35e5f8',
  'style:LetMeShowYouWriter': '240401cb757dd56f0901d2bb6a6a7db923b97839bd86611bd3084a801f14185c',
  'style:MotivationalWriter': 'f2cbf0b9177b6e9c6530d25f91b584f96aeaf51c1c01922c8592c24bb1d0d0b9',
  'style:ProblemSolutionV2': 'c834af70d9202a11ca6b8a603c498d564ce56b11bd10421a48296fc7e4dfeded',
  'style:ProblemSolutionWriter': 'dcc8e28937474a5e12cd52a91324ddc497890b51f672959b2e97140ab6f5035a',
  'style:ProductHighlightsV2': 'e05a9ec3a7b95227aa36fd39c71731cd55334fb60fffbb142fbab953abd28a10',
  'style:ProductLifestyleV2': '8fe4aa6c974d28b2986869e162680cb32956eeaf3b9d4e3421c752531019c8ba',
  'style:ResponseBubbleWriter': 'ef82660a19d331030d8033be9f4e28425bec759f2a6f3561e4b9834469ec78c8',
  'style:SpecialOffersV2': '6d4026a16d4a13cbc8b6d0b569235cabc15f00d900f902315f2bf0e5fdde2a25',
  'style:StoryTimeWriter': '2daec3bbb657a8c379ce58bed4232f595cfcf687b9ed2e5429f31104c50e1e0b',
  'style:ThreeReasonsWriter': 'faadbe6a51304ea920cee08e7e5da70be8db27781957137b119af041a838cea2',
  'style:TrendingTopicsV2': '8328ea6b74139e58512767b34e23576deeb9762bc1eb4b340b5aad928bedd957',
  'style:NegativeHook': 'e06bf6c7a4d11885e85df79d26cae977f7d9a019295a597823f2f781335bae34',
  'style:NumberOneHook': '5163d93f4c0beae026ff850cb83ce79e7caf9c02f735aa4979ef5576efcc4925',
  'style:EverWonderHook': 'be40b5feec04948599fc344e1a658bfb26d70565af05b7dbffcd3281083e695b',
  'style:SecretHook': '8380625550cd9bbe094070858036b85754322f9142d4f9d9438e21750f70a8b1',
  'style:WhatHappensHook': '0abcb82cee92c9fd05c8145baca952490ac57451edecfab0541f4b4e24f48ce4',
  'style:AnyoneElseHook': 'a449e18084a433e1527d23e2da3c9bcd8268ee85b8c08f69fd5dbb8176a3afb4',
  'style:AmazedHook': '19e4690616e8a43fed2e5b547d3bc08656c189a2b6974dfd19ee152d72a4dfa4',
  'style:2025Hook': 'fd7b8b1977ff274edb55e664c9899313d6bf0130d11aa08ff0d1a9f1034574a9',
  'style:HateMeHook': '263b74981f1a24111107677a6117bb1d2a6f5354b06c560a2084f1c582556846',
  'style:PriceDropRegretHook': 'f38e3fe8b5ca9d4fef5694f259a4ed58106b37a92e018534875524ffb00b5bcb',
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
