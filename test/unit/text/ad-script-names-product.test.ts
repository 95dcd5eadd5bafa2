import { describe, expect, it } from 'vitest';
import { SCRIPT_LANGUAGES } from '../../../src/pipelines/text/languages.js';
import { SCRIPT_STYLE_NAMES } from '../../../src/pipelines/text/script-styles.js';
import { writeAdScript } from '../../../src/pipelines/text/write-ad-script.js';
import { BOOTS, LAMP } from './fixtures.js';

const NIMBUS = {
  title: 'Nimbus Notes',
  description: 'The note-taking app for people who think fast. Offline mode, instant search and sync across devices.',
  images: [],
  videos: [],
};

describe('every script names the product it sells', () => {
  // One test per language: a single synchronous test of all of them ran 25 s here, long enough on
  // a slow machine to starve the worker's messages to vitest (test/setup/yield-between-tests.ts).
  it.each(SCRIPT_LANGUAGES)('in every style, whatever the seed: %s', (language) => {
    const unnamed: string[] = [];
    for (const [facts, name, seeds] of [
      [NIMBUS, 'Nimbus Notes', 12],
      [LAMP[language], null, 3],
      [BOOTS, null, 3],
    ] as const) {
      for (const style of SCRIPT_STYLE_NAMES) {
        for (let seed = 0; seed < seeds; seed++) {
          const script = writeAdScript({ facts: facts as never, style, language, videoLengthSeconds: 30, seed });
          const expected = (name ?? (facts as { title: string }).title).toLowerCase();
          const short = expected.split(/\s+/).slice(0, 2).join(' ');
          const text = script.text.toLowerCase();
          if (!text.includes(expected) && !text.includes(short)) unnamed.push(`${language} ${style} seed ${seed}: ${script.text.slice(0, 80)}`);
        }
      }
    }
    expect(unnamed).toEqual([]);
  });
});
