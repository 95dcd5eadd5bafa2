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
  'style:DiscoveryWriter': '0bf2c7b77418e0508a84af2a33bb0ed2882f0fd25691d0e4e07d273f1cbcf319',
  'style:BenefitsV2': '3eb38be9a43e68a790414d3c79b602638ee61cd1045ec4992d262640885feca4',
  'style:BrandStoryV2': 'c46b4b8d4417ef8751a713c341f62ca8affcb110ae2862921ed1db6153702181',
  'style:CallToActionV2': 'f2ccd5ebc96a59b157f7dceb2fe5253b11d9af64c0ad9148c6f71aa9beabffa8',
  'style:DIY': 'f1e8544bcdfa6043f242ab4b4311ac48a48570c9184c326acea6cbca67e5c24e',
  'style:DontWorryWriter': 'b8ed99cb0d7537769cb87280ae4e8151720b19ec27855b5f425df945d0c5991b',
  'style:EmotionalWriter': '3304035c25ae31e11e3ac881173b75aacf5701ef6511ecd23f3625789edbe345',
  'style:GenzWriter': 'b865699d7c8c150562ab336372f5dbbb662528a4bbc9d5b1cae1ab20c402e0b8',
  'style:HowToV2': '22a0a8cd64ab81dfae6366f4faf22500565d53e715d4211ce9ef1f5b6cfe8f80',
  'style:LetMeShowYouWriter': '5ac60dcbcf0aedfab6b18fb0205e692f6eb1f697de362b67ebed0449f8f913e4',
  'style:MotivationalWriter': '4ac82bfff006474631cba8458bf0d50451112e697a5638284a73b7f63a5fcae5',
  'style:ProblemSolutionV2': 'bef15614ced698e0371908116f2db031c841e05b7020558d2d61572daeeb3e6c',
  'style:ProblemSolutionWriter': 'b23cbe67cd643f316fa68b3e085aac0321ac7e21234fc8d695abed94e6f9503f',
  'style:ProductHighlightsV2': 'ed7be694ea36a61c731d49333f0562fb655fcaaf3db54d9332c3503c628642b6',
  'style:ProductLifestyleV2': 'e3a0f4f9463feb86bdbdba820f62590e586d6c8da4893bc6d2172c7d641ebc00',
  'style:ResponseBubbleWriter': '0547a530dde2fd4f02c8f92ef4177cb90c80aeffb8d0e7adf9e912aaf571bc78',
  'style:SpecialOffersV2': 'bb9db6ae95081ce03d365186195de795e0120a55a8eeef3ca6041ae443c03ea0',
  'style:StoryTimeWriter': '892040ca50aeff3b63559116a99a8208513f8d05b3d1b89c3463d4041cfc4e44',
  'style:ThreeReasonsWriter': 'c424e56671ad951fe5e0f9c911bd026b8bbe55474871d5613fd9511216b0b9cc',
  'style:TrendingTopicsV2': '36d80fa4e5ef14749254e4f0ba2c31de6ef80266527f714abe0069db62af636c',
  'style:NegativeHook': '65bc746752410ae381aa04f69f99c0883344390180b48963a818bc3e797aac7f',
  'style:NumberOneHook': '06f64fa4f37e06a376ca2965a2d91bd2c25f5d2d7257f336012df90949a7b2b8',
  'style:EverWonderHook': '34681ad4517f332793a9b42dc68726f520bcacc0bf352167f675e2c71ba5bdd8',
  'style:SecretHook': '81ebc725d8ed6d6e353c29a6c63e1a26ed88572382c5484e11513db99780d1cd',
  'style:WhatHappensHook': '7af774a01f693dae8e6677951488001bbf3f6867160619c8964d45cb315da258',
  'style:AnyoneElseHook': '21a8e0f23f8f2d5a57ad6f89877e73375ca5d748ef7696316a77a1fc92a6fe78',
  'style:AmazedHook': '9312dfc2f9c96cdbf2afbc5f1c5ee7698d447117cf8adcd7a6b1666add5815d7',
  'style:2025Hook': 'c2186788947b6c1fa3484d1fd3150b615b224dca22952da5357559d524dc18ae',
  'style:HateMeHook': 'aa3b864bc619e2dc37133556f443510d81d783c7550ba399cb64ea54db863224',
  'style:PriceDropRegretHook': '1e60dd624bea18b67f012ec3e1c6af31c6389a9b4a68891054baddd3592109d3',
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
