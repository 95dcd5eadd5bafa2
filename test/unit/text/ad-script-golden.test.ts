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
  'style:DiscoveryWriter': '42f3a6b4efe6f98206c0d29f22593f9eed720afbbf8d628b046d1ad7a0f9616c',
  'style:BenefitsV2': '5d37b446f2dfcd570a751206a5736228df7edfc7ad427525bf4c15ad935f38a6',
  'style:BrandStoryV2': '84fe16d344dcb0783327fac8213af0409eb8736f633c5f037a22afbfe4935174',
  'style:CallToActionV2': '00872ac30e541cbc5dbc3a62a885d5764bd0f82997c3f2c6a953b8b4d0af7f4c',
  'style:DIY': '6aa46078d28a3423ef343d8b2f52e5be3cb64f1b1a0c6aef56658bb12785e97e',
  'style:DontWorryWriter': '0fa14944fca9228df83a60353aff6bc1520fc91cd090c6da084ad6283e90f470',
  'style:EmotionalWriter': 'fe2ced7f0b5197404a99d77ec5046529881a304451412f0066a0683810c796b6',
  'style:GenzWriter': '18b48b7477a8ab5a66506ab727a8a8f6dfdf7e9e27ca654b1e987d2b81722005',
  'style:HowToV2': '441a755c4f43227ea81bdad085abeafe6bd02e3fde153af6567f847cb6fc174a',
  'style:LetMeShowYouWriter': '806e8390aca10afb3d4d41a1eabb3a62e47efca7a649b932b867b159976bcc02',
  'style:MotivationalWriter': '82e333ed7d6277cbbca0aea84e0f6958b5b0d4ee112e40971d463d36fa01431b',
  'style:ProblemSolutionV2': '3d06667b24c0b206a87c9a9336820d342a69e5466e1aee2ad5cd42de3755711e',
  'style:ProblemSolutionWriter': '003b52264787590978de0dfaa948395f855c27dde4ca91fb45cafa03488abf8e',
  'style:ProductHighlightsV2': '4d3d810729d31a8973086a346f6338e5aea85189480f0ed80713dae53622bc91',
  'style:ProductLifestyleV2': '9eb775e4bcb6b44cb885c34053d57a3d9fbab6210b016b514c8ae6f678540fcb',
  'style:ResponseBubbleWriter': '5f0e9a9ec6dc08cab781d88b4ee2bd7d86fc9e22e8b2f4525e65f8b63482ee6f',
  'style:SpecialOffersV2': 'c748155b60257db8773dd6fd06f289e92a4e82d4d9de0aa9d960bb47108678ca',
  'style:StoryTimeWriter': '8e1f57299bd1172684eff27a848bc9cd3baec5ccb0ee25b6e50dde2222af82aa',
  'style:ThreeReasonsWriter': 'dabc45c05114528e405e751019b7d68da37049821b71f0ff6e7febe6445e7d60',
  'style:TrendingTopicsV2': 'f9607513627379f9ff4ca2da0a8a90aa38bf6e0d000386d23e4822b0d963d999',
  'style:NegativeHook': 'a0216c14995d5c25a21b0daa247daf6a9bdf56c7529d0fb28fff601c2d723239',
  'style:NumberOneHook': '9a6ba4f1610c163208f8ff53f6f43bf8d1007c2817eea43640d3941eff616984',
  'style:EverWonderHook': 'e3e8020a3a8787d886c08378d1029e77870be3b3457bc347fb7194851bbb196c',
  'style:SecretHook': 'a7777d263b5ce4232c4277ee7de089b1461f54cad9043d31cdbb72adb94eabc2',
  'style:WhatHappensHook': 'ebb0a92cdc0151222d1eaf8f6cdfc0a215cb3e55d57c0a0bcec4e28a56e2b32d',
  'style:AnyoneElseHook': 'e36a35127f59398292398d596cc454c32abbd1d9d270c4847ba301fc21c88a53',
  'style:AmazedHook': '2dbef4b7fe25257fec3b3f2c93882f47a22cf61dac03333d2a4759a3f606a54f',
  'style:2025Hook': '0bbee876ebead4c8674ad168df4ca4e438873534ae8f4e35435ba00b26fd3840',
  'style:HateMeHook': '03dc8591c48d5231429ae17aaaabf4435d31ab6c7ff32d7e7f1dbf25f1c03323',
  'style:PriceDropRegretHook': '5503d4febd5b5c03b12a5747b5451d5e0df0f346221578847f727aa61500b207',
  options: '74ebd168e0fc5953ab4d807080b873d8daa88ba744a41f722093890d970a9a2f',
  'default-styles': '33c312902f68ccf48578e6d592270c2ce180449d8e967b538384af799d36e294',
  headlines: '49b80e8cfcbcc22673c1fa94064be420a49b5cd317f58ab095a2af42952b286a',
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
