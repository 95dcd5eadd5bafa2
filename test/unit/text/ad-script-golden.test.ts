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
  'style:DiscoveryWriter': '24627f194ad6adb1de17967b439edcf03d64263e98655fbc07470e3b2a5a7ed1',
  'style:BenefitsV2': '3eb38be9a43e68a790414d3c79b602638ee61cd1045ec4992d262640885feca4',
  'style:BrandStoryV2': '790764c599027f21a77bd32001265d52da3cdc0a3dd05f7fc71f716c723c1e97',
  'style:CallToActionV2': 'f2ccd5ebc96a59b157f7dceb2fe5253b11d9af64c0ad9148c6f71aa9beabffa8',
  'style:DIY': '39671076a6b826aa8f9d06ea0c3f9f4cba798c0bdd5a06034bbfca76c94e065a',
  'style:DontWorryWriter': 'b8ed99cb0d7537769cb87280ae4e8151720b19ec27855b5f425df945d0c5991b',
  'style:EmotionalWriter': '3304035c25ae31e11e3ac881173b75aacf5701ef6511ecd23f3625789edbe345',
  'style:GenzWriter': 'cdcc58a92b0d91431e30c86d2219b55267b0f7a22135555d8b6c00d5ce699edc',
  'style:HowToV2': '12f8c5a0d346c93b72cc068a5aa6e7be928ac7152ae140550f8532bb974d6a09',
  'style:LetMeShowYouWriter': '5ac60dcbcf0aedfab6b18fb0205e692f6eb1f697de362b67ebed0449f8f913e4',
  'style:MotivationalWriter': '4ac82bfff006474631cba8458bf0d50451112e697a5638284a73b7f63a5fcae5',
  'style:ProblemSolutionV2': '70cb79913fe35bdc4bc9ca7722a1fa061c75dc244822a8d5b235792243a1a812',
  'style:ProblemSolutionWriter': '7d795d71e3291d111437cbb33dd30ac3e2ac92acc0963bfa64dbbb8fa45dbbdb',
  'style:ProductHighlightsV2': 'ed7be694ea36a61c731d49333f0562fb655fcaaf3db54d9332c3503c628642b6',
  'style:ProductLifestyleV2': 'e3a0f4f9463feb86bdbdba820f62590e586d6c8da4893bc6d2172c7d641ebc00',
  'style:ResponseBubbleWriter': '380ea0b9454e99463bb01a3fdf00572d14f40c0516f1fd12549fd21509d6a28b',
  'style:SpecialOffersV2': '237b67b737a80a64d59230753556ad391e9f0f468d0adcfc9d97495506edb45b',
  'style:StoryTimeWriter': '8ce667dda8d0d1803a0c7fff0050d07de1c2b4e927a4825baffce0d14cdd3e6e',
  'style:ThreeReasonsWriter': 'c424e56671ad951fe5e0f9c911bd026b8bbe55474871d5613fd9511216b0b9cc',
  'style:TrendingTopicsV2': '648f3bf4bee55a5037ea42e8da027d0cffd1d8dd7089ed5dcdcb6d5238159a27',
  'style:NegativeHook': '65bc746752410ae381aa04f69f99c0883344390180b48963a818bc3e797aac7f',
  'style:NumberOneHook': '6840d7a4fc6a3cc47110bc238b801ae19a8f426833f16e101833c96acff5babe',
  'style:EverWonderHook': '154a43435acaccf2d491c5c08acd42fca85c5baaab2ef80af5868c2fb1d8c86e',
  'style:SecretHook': 'a4362d4a7628cc160bf69ec7fce8b69aa8c9e407b0110343b4ecdfe6dff4d667',
  'style:WhatHappensHook': '6f19cc2388b8439c836eef7953f27faaa4777032cc739bab0da5ea14eac1698e',
  'style:AnyoneElseHook': '222081298c1b63a5a585c3146d532322569c30d1022d2ca63494f3901511dab8',
  'style:AmazedHook': '9312dfc2f9c96cdbf2afbc5f1c5ee7698d447117cf8adcd7a6b1666add5815d7',
  'style:2025Hook': 'c2186788947b6c1fa3484d1fd3150b615b224dca22952da5357559d524dc18ae',
  'style:HateMeHook': '9f95fe3046bf3f9fa1a2c03c460253f9c624495a2a5bc01f11d1daa4d79e8eeb',
  'style:PriceDropRegretHook': '5ed4f68bc8c83ed26c1d506397d31fd1dcf1c02e6af5d34f3f61e61c4de047b1',
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
