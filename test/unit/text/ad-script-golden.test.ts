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
  'style:DiscoveryWriter': 'e8ec7f94f90607c47d1f7fde4c7221495278723304dade7385fe1c6e9f26dd03',
  'style:BenefitsV2': '73bc016268abf4b56fe9191862c1cd28de8275259202523b41fa1da8d85a8ff3',
  'style:BrandStoryV2': '50784c1c4cb5121f2338d0452e12183f528ec4dda2fea982dbddbdcb2c5c7e74',
  'style:CallToActionV2': 'ae59976a3a4e4a9384fd1778d852a1e6faa0824638c81b62a3804043831016d8',
  'style:DIY': '15c73e9e627a4f4ac377e03a0ddf4a6d6032973977da9cc2e021e73e4ba3566b',
  'style:DontWorryWriter': 'ed56c41b315c98be812f6a24d45bc56f93f2ced4b3e61ead408a92d45e1a15e3',
  'style:EmotionalWriter': 'b42b181b3a18dcee2a5dd20c52852d5da6bd243a595c548ef14f84bd4cc75ec8',
  'style:GenzWriter': '9e990d3c45fce77e789e07cab60173fdc425d3efc4c70ddc8335af80b296f8c5',
  'style:HowToV2': '5ea27325739189e7ed925c342e50fcea4208c6a51ce10d41268cca2891aeeac2',
  'style:LetMeShowYouWriter': 'ce3b06e0aa6c94a8b2133785db5cfcc1a0db5d321b479ec3bdc4c5a436440f03',
  'style:MotivationalWriter': 'df72207697a1e78cc687d7dc0acca702dd88cfb79c7dd28d3e45ce5225cd77ed',
  'style:ProblemSolutionV2': 'a8b53c5620684f21a62dd26b2ffca41ab82be0a000ecb759f03fc92f051414d0',
  'style:ProblemSolutionWriter': 'f027cd1406a0575d6ec5ea4d84a75405ef60c01c1ab55c3ea180257e8bd78848',
  'style:ProductHighlightsV2': 'ed7be694ea36a61c731d49333f0562fb655fcaaf3db54d9332c3503c628642b6',
  'style:ProductLifestyleV2': '4c8a6281e115db6dece0b8cc02d1032d97fa3f601dc6f0b96b04740c0fa673b7',
  'style:ResponseBubbleWriter': 'd162365d21bdd077faafb43ca95447e0409218d92e0e8850a3abaaa561a070d6',
  'style:SpecialOffersV2': '07ae08d1593b41a805efad8b1322aec0bdcbeab0aa6ff76c68cebb999b494703',
  'style:StoryTimeWriter': '84ae7955841772c02cda131aedf7c3c96805bdd1fc7ee9b5afc0b1521cf85a4c',
  'style:ThreeReasonsWriter': '92003200d5a73bcf10722421baba2accc09c9743140e880df72865b10b25ecec',
  'style:TrendingTopicsV2': 'abd74ad5c0ff4c0a562b742f999f2b76a5d90e8ba0680c8d75d57d683bf2af60',
  'style:NegativeHook': '1ce3d4f7712d847ad5eed3303563c728358bcec99d73ad26f454fb591fdbb1f9',
  'style:NumberOneHook': 'b231d2d7bf191380ecccde5300f12445387d9b496cc0506dad0d30eae5a75ca5',
  'style:EverWonderHook': 'f2ff738691bec4ed6f1c6676c5b0c39065452560113663bb9cb900bcb9a1e6e5',
  'style:SecretHook': 'ba39f019380ffb148ee86bc31dd8a30192c5f3de2b9eaf72ed65788ea2dda5f3',
  'style:WhatHappensHook': '6e7a8e146f2da9324d16814ab8828c4592f9489dcdb2d53af40969e140cf0805',
  'style:AnyoneElseHook': '17d46b768ac4ee8a1119870abc4df6384139869f56b5eb0b1713ec5373a0a0a2',
  'style:AmazedHook': 'aa948d1c5141864c89ef14f28a48e183e9377b2efe43bcaff9a8bb919691e48d',
  'style:2025Hook': '0fc9ae6269c2c40bc13577671aff5d800d449c324cac26b268899249014be4f0',
  'style:HateMeHook': '341875523e74c5578cc0a6dbe7846f0e8453aaf8f6130877cf0193080c300071',
  'style:PriceDropRegretHook': '29c80904a987c117349c73ea951145d4fdf141c0c823e8bcf3f673eb905a6c60',
  options: '730d21d2eb5a33490acbaa54a6683ebf4c66dbf4c93dd4025e857ee1051d34c4',
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
