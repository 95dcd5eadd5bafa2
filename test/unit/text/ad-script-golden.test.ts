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
  'style:DiscoveryWriter': 'bdc8676beb06ec49b2f70fb3523172dcfb035120ee7833bb88eb38d5f34ec6e3',
  'style:BenefitsV2': '86984adb9ec81ab0568ef660d354bd656b84821d359809d5d59394f6988567fd',
  'style:BrandStoryV2': '636a6954d93a32ebe67ec9ae7e79580d88b2afe227e3a8acafebfb57569e51ae',
  'style:CallToActionV2': 'a7177f762cda25e4907a4a7bba780adb04b8a6305eedd640bab19ad85bc3819e',
  'style:DIY': '88396a80cf3ad7d69f284c8b5abdc4e3d39c08916dd7c49a121a7d8f7d5e9425',
  'style:DontWorryWriter': '71329d3f1dee4fea37d78192952716b7f0d38f86b294804bad1c45f706046ffb',
  'style:EmotionalWriter': 'd8fd9660e88febbcfa108efcb3fba5b9603665011f6505ab071ea019746b7636',
  'style:GenzWriter': 'ab534134d81cbd9ec14b597e07ab68e19a767b0418cfbf5ca7212d6cbbc36d66',
  'style:HowToV2': 'f6a9bd12a6eede73afbd9f61dd019a57e19d0c8b23549a9b4a76a8bc4babd122',
  'style:LetMeShowYouWriter': '86c5763e7f692d8be8c5089ce745aef565d04ecf1004a94f18af06822b1c1df6',
  'style:MotivationalWriter': '2cc6bfa662c952a476a712d196ac4ba29e1c0cb6b8ac6b6c521140eb619618bd',
  'style:ProblemSolutionV2': '43f678a3ce4bc3ceddcad3c9991495c47c48a9a65a74384ac99ce47f42407ffc',
  'style:ProblemSolutionWriter': 'f99badb760e0985abefcff10fc77d54fb4f4d82ed5915f5ed26900af58f28b7a',
  'style:ProductHighlightsV2': '22b6c8a64ce2e37cfef6a88c09aaa83c739da4863d189887777096938e4eb664',
  'style:ProductLifestyleV2': '4036234f1e13e1dd2e82f7963c43c2cde64681af66ca4d99d05cfc41fd39f6f9',
  'style:ResponseBubbleWriter': '8ffdff79c277a324b7b86beb2ed6d8bd67488e132e1f91a92a78dc46759f00ee',
  'style:SpecialOffersV2': 'b44b981e56c0197c745c59bdfcca4cb164a2c24621d6c76981429616d157e124',
  'style:StoryTimeWriter': '038cea6a26d37bdb00fa4147938874c4430faf78f110ecdea3232692d9fc412f',
  'style:ThreeReasonsWriter': '4c1b2b99e0b5dc2bbd121107d15b8e1229cbfa0cbe898e156fba382ce6960294',
  'style:TrendingTopicsV2': '47ba68d5bcb464d7ea77cd13f81442ef44d861210c095b6e5918633e4c60ab40',
  'style:NegativeHook': 'c122109195e45a89eb078bdedc3775555775d594ca40d491c52ea94f6c420d1b',
  'style:NumberOneHook': '801ba22dc0a1e3025d2264557ca31dc7d5136b34c86c8d6f99b25aba67a1357d',
  'style:EverWonderHook': '4897d5e9bad7ddc6617eb5e3207badd01e7c8b3fdf18e670b4052abbd57bd6af',
  'style:SecretHook': 'f1be99ab2e6015b6e862aea332f144aa2bcdb84911771ed8bd9460957a2235ca',
  'style:WhatHappensHook': '772e632bb29115d7967c214865335a7c4cb9ac4d6b49ee92ede61e45476151de',
  'style:AnyoneElseHook': '34d654f23ebbed4e1f6b337dce80bbb70f5bef27630204a3c3780755d50c9d18',
  'style:AmazedHook': '0471695a544b4d9d5e750be0faf34e144ad252b8f296eb3f7a99492feeb6b9bc',
  'style:2025Hook': '397c5e37db45de7b1a7fc23efba6fcc43544816a161beb9f76823f03d4e6b37a',
  'style:HateMeHook': '5d7362a74ef9a94eff13e6b3e49652888d9948abefd86f87029565d271679e17',
  'style:PriceDropRegretHook': '405dc53936680050fe7fcc998a93ec1d2889866927d35620d001b8105621f015',
  options: 'f66f7862fd7d001103a06832981ac3d8c36b99721ac3597e2999d5cf1c50b8dd',
  'default-styles': '33c312902f68ccf48578e6d592270c2ce180449d8e967b538384af799d36e294',
  headlines: '3dbbf429b6df22a436cdbebc8dee10c6f3c820b9ef6337e49d1e693e6beb76dc',
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
