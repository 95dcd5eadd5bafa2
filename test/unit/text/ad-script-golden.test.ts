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
  'style:DiscoveryWriter': 'a0b7c471b326cad154159aa4b6a782d651f7f08219245c06eb3501112a04fa4e',
  'style:BenefitsV2': 'f64c84e4757157906f7d70a2e7db880447c81cc835ac99225bc0b6a8976e36cf',
  'style:BrandStoryV2': '375f28a6823ef6fa44da1da82dd7b35df9e3a0b6915456b75a571d4637db7a3a',
  'style:CallToActionV2': '2f6a4b6d9e1e47298de01e9e2c3691ae358ca867dfb3fb99a24f4a80b34ca9a0',
  'style:DIY': 'db06639e7646eafd26bcc7ba731232c358d8ce3d3cb3ce3a10c4ac44c95222fa',
  'style:DontWorryWriter': '05998b90bde84668b18044dba6dcb4d53b3b2976bf68c9a909ae38e694d9292c',
  'style:EmotionalWriter': 'fbe7c65a2e42a2a83f0debe11c42ae45b3ad677edbae31c5cec8f907126747b5',
  'style:GenzWriter': '0a1e22c22294723924e9bd01faeeac37f9fa4b98e5a9a9b1f4d11b29afdd5d17',
  'style:HowToV2': '748e17c03c82db463db34f3e09c8ea3004f6fd9c42d550794e9ec8ec82bd6e27',
  'style:LetMeShowYouWriter': '1ca0cec66f3fcbb87b11b855a567ab4ffb01e2df32a79a5728846af61556848d',
  'style:MotivationalWriter': '9e22042394525062f2dc5d64fc635a3126387854a4efc2697369bde532a0f696',
  'style:ProblemSolutionV2': '4124fcc3cd5fdb668d91db7da5e09ef5e0fd8a80659370a0d2279cb7fd79f533',
  'style:ProblemSolutionWriter': '42a33023fca289b1466f46b4dc401a9e89c043616e9070202ef38ce28dfa6b0c',
  'style:ProductHighlightsV2': '3b3c6252677fef9a2e4fc0e843f2f4d83068a2c6a738ddc0d1e42ade2f6916a1',
  'style:ProductLifestyleV2': 'ae661b1621d658f2fe173abca9b34956d33855b31c7c88fd615738ba88b3f97d',
  'style:ResponseBubbleWriter': 'd9643b0492898d95321efd41b790476f92d5f8ea5b62fcdc6c77f2b742b23f6c',
  'style:SpecialOffersV2': '1aa2fe8f9e3d64b05a2969b8a1d851490d892adc90fd27365b85ffec380dc51e',
  'style:StoryTimeWriter': '300e6979f37eb5fb46f327dc9c8fd07f0affccfba83359dcdc24a1614fa13249',
  'style:ThreeReasonsWriter': 'c8c8fddd22bcd032756954e1bcfb0eda5d42a38215fa38290dbb70c7890bd5d9',
  'style:TrendingTopicsV2': '1ed97db513c343a374fe0ae796a21596b130bf4e9d7ea1d5850e076a19a1aa72',
  'style:NegativeHook': '84fe36144cf6833042f162789171b051bb37c506e9a50e9d1bbdc79f1a441bf5',
  'style:NumberOneHook': 'd9888dd08c98a521840cffca288518d98c38e72245aed2d0751998f97e70566d',
  'style:EverWonderHook': 'b7efa218dae485c3b69998130300d185e05abd8bdd04dfc0550791d5a58829b4',
  'style:SecretHook': '8d8d69a9766641b90ab798a4dd4a4c199f2b43d4a65263a17c4f49c581a71cb9',
  'style:WhatHappensHook': '7b09da8d2d11d57caf4811422724ff663da1fbb1c0a3af74c5ffced1d14105cd',
  'style:AnyoneElseHook': 'f7fd6de88965addb1357e6c203454b12a4e4dc7f752f345f3f0633ebfad41773',
  'style:AmazedHook': '870c687e20afc8139c79fc6e23228c0a47a431458b4cf80e923618aebe82e8dd',
  'style:2025Hook': '3b39c5535fadf7e5812369a87dfefc027ffc855c9f371ea09fe61a99ba7eea46',
  'style:HateMeHook': '33d0b84d93296dc54e4d384fe414e4a37d9c7a71494cf11494f3fd2cbd69e213',
  'style:PriceDropRegretHook': '3754882597cb05a18d0707c4c5bacf4b2ebd456ed5b92fa5fbe7618e5a82fa3d',
  options: '5ccfd348289e72ba6ed84bd31823896919f901ba90940f25879c212f6fc1d2fa',
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
