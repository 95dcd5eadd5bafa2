import { describe, expect, it } from 'vitest';
import { iconNameIndex, iconsForText } from '../../../src/pipelines/shorts/illustrator/icon-library.js';
import { choosePictures, lemmaOf, PICTURE_CONFIDENCE_FLOOR } from '../../../src/pipelines/shorts/illustrator/match-pictures.js';
import { DEV_SENTENCES, HELD_OUT_SENTENCES, SECOND_HELD_OUT_SENTENCES, type LabelledSentence } from '../../fixtures/shorts-picture-sentences.js';

function accuracy(set: LabelledSentence[], pick: (text: string) => string | null): { right: number; wrong: string[] } {
  const wrong: string[] = [];
  let right = 0;
  for (const s of set) {
    const got = pick(s.text);
    if (s.accept.includes(got)) right++;
    else wrong.push(`${s.text} → ${got}`);
  }
  return { right, wrong };
}

const before = (text: string) => iconsForText(text, 3, 0).names[0] ?? null;
const after = (text: string) => choosePictures(text, 3).names[0] ?? null;

describe('pictures chosen by what the sentence says', () => {
  it('every accepted picture exists in the icon set', () => {
    const { names } = iconNameIndex();
    for (const s of [...DEV_SENTENCES, ...HELD_OUT_SENTENCES, ...SECOND_HELD_OUT_SENTENCES])
      for (const a of s.accept) if (a) expect(names.has(a), `${s.text}: ${a}`).toBe(true);
    expect(DEV_SENTENCES.length + HELD_OUT_SENTENCES.length).toBeGreaterThanOrEqual(40);
  });

  it('reads the whole sentence: accuracy on labelled ad sentences, before (one keyword) and after', () => {
    for (const [name, set] of [
      ['dev', DEV_SENTENCES],
      ['held-out', HELD_OUT_SENTENCES],
      ['second held-out', SECOND_HELD_OUT_SENTENCES],
    ] as const) {
      const b = accuracy(set, before);
      const a = accuracy(set, after);
      console.log(`${name}: ${set.length} sentences; one keyword ${b.right}/${set.length}, by meaning ${a.right}/${set.length}`);
      console.log(`  still wrong: ${a.wrong.join(' | ')}`);
      // Measured: dev 20/51 → 51/51 (the catalogue was tuned on it); held-out 8/23 → 17/23 before
      // any tuning, 21/23 after five general fixes it suggested; second held-out (never tuned on)
      // 8/20 → 16/20 (see README, AI Shorts).
      expect(a.right / set.length, name).toBeGreaterThanOrEqual({ dev: 0.95, 'held-out': 0.85, 'second held-out': 0.75 }[name]);
      expect(a.right - b.right, name).toBeGreaterThanOrEqual(set.length * 0.4);
    }
  });

  it('a phrase means what it means together: a cup holder is a car, not a cup', () => {
    const cup = choosePictures('Fits your cup holder, so it rides along on every commute.', 3);
    expect(cup.names[0]).toBe('automobile');
    expect(cup.names).not.toContain('cup-with-straw');
    expect(cup.evidence).toContain('cup holder');
    // "rides" is the car's too: no bicycle beside it saying the same again.
    expect(cup.names).not.toContain('bicycle');
    expect(choosePictures('Dishwasher safe, top to bottom.', 1).names[0]).toBe('sponge');
    expect(choosePictures('Leak-proof lid.', 1).names[0]).toBe('droplet');
    // A product's "bottle" or "drinks" is not a baby's bottle or a soda cup.
    expect(choosePictures('Meet the TrailFlask bottle.', 3).names).toEqual([]);
    expect(choosePictures('Ice cold drinks for the whole day.', 3).names).not.toContain('cup-with-straw');
    // The one-keyword picker drew the soda cup here.
    expect(iconsForText('Fits your cup holder, so it rides along on every commute.', 3, 0).names[0]).toBe('cup-with-straw');
  });

  it('weighs the whole sentence, not its first word', () => {
    // "drops" alone could be water; with "dents" and "steel" it is toughness.
    expect(choosePictures('A case that shrugs off drops and dents.', 1).names[0]).toBe('shield');
    expect(choosePictures('Waterproof down to fifty metres, so drops never matter.', 1).names[0]).toBe('droplet');
  });

  it('shows nothing below the confidence floor: a sentence that names nothing drawable gets no guessed picture', () => {
    for (const text of ['You deserve something that just works.', 'Because you are worth it.', 'Honestly, we thought about this for a long time.']) {
      const choice = choosePictures(text, 3);
      expect(choice.names, text).toEqual([]);
      expect(choice.confidence, text).toBeLessThan(PICTURE_CONFIDENCE_FLOOR);
    }
  });

  it('lemmatises against the words it knows', () => {
    expect(['charges', 'cats', 'hiking', 'runs', 'coldest', 'kept', 'automatically', 'recipes'].map((w) => lemmaOf(w))).toEqual([
      'charge',
      'cat',
      'hiking',
      'run',
      'cold',
      'keep',
      'automatic',
      'recipe',
    ]);
  });
});
