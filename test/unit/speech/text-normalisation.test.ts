import { describe, expect, it } from 'vitest';
import { normalizeEnglish } from '../../../src/pipelines/speech/text/normalize-english.js';
import { integerToWords, ordinalToWords, yearToWords } from '../../../src/pipelines/speech/text/number-words.js';

describe('English number words', () => {
  it('reads cardinals, ordinals and years as people say them', () => {
    expect(integerToWords('0')).toBe('zero');
    expect(integerToWords('115')).toBe('one hundred and fifteen');
    expect(integerToWords('1000001')).toBe('one million one');
    expect(integerToWords('2500000000')).toBe('two billion five hundred million');
    expect(ordinalToWords('21')).toBe('twenty-first');
    expect(ordinalToWords('12')).toBe('twelfth');
    expect(ordinalToWords('40')).toBe('fortieth');
    expect(yearToWords(1999)).toBe('nineteen ninety-nine');
    expect(yearToWords(2005)).toBe('two thousand five');
    expect(yearToWords(2025)).toBe('twenty twenty-five');
    expect(yearToWords(1900)).toBe('nineteen hundred');
    expect(yearToWords(1805)).toBe('eighteen oh five');
  });
});

describe('normalizeEnglish', () => {
  const cases: Array<[string, string]> = [
    ['It costs $5.99 today.', 'It costs five dollars and ninety-nine cents today.'],
    ['Only $1!', 'Only one dollar!'],
    ['We raised $1.5 million.', 'We raised one point five million dollars.'],
    ['A $10k budget.', 'A ten thousand dollars budget.'],
    ['Just 99¢? No: €20 or £15.50.', 'Just ninety-nine¢? No: twenty euros or fifteen pounds and fifty pence.'],
    ['Save 25% now, or 12.5 % later.', 'Save twenty-five percent now, or twelve point five percent later.'],
    ['Visit https://shop.example.com/new-in today.', 'Visit shop dot example dot com slash new dash in today.'],
    ['Go to www.acme.io.', 'Go to w w w dot acme dot io.'],
    ['Mail info@acme.co now.', 'Mail info at acme dot co now.'],
    ['Dr. Smith met Mr. Jones.', 'Doctor Smith met Mister Jones.'],
    ['Meet at St. Mary St.', 'Meet at Saint Mary Street.'],
    ['Apples, pears, etc. are fine, e.g. plums.', 'Apples, pears, et cetera are fine, for example, plums.'],
    ['Order No. 42 shipped on the 3rd.', 'Order number forty-two shipped on the third.'],
    ['Doors open at 10:30 am.', 'Doors open at ten thirty a m.'],
    ['See you at 7:00.', "See you at seven o'clock."],
    ['In 1999 we had 1,234 users.', 'In nineteen ninety-nine we had one thousand two hundred and thirty-four users.'],
    ['The 1990s were fun.', 'The nineteen nineties were fun.'],
    ['Pick 2-3 kg of rice.', 'Pick two to three kilograms of rice.'],
    ['It fell to -3 degrees.', 'It fell to minus three degrees.'],
    ['Salt & pepper.', 'Salt and pepper.'],
  ];
  it.each(cases)('%s', (input, expected) => {
    expect(normalizeEnglish(input)).toBe(expected);
  });

  it('leaves ordinary words alone', () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    expect(normalizeEnglish(text)).toBe(text);
  });
});
