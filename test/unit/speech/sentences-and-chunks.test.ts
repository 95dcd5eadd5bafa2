import { describe, expect, it } from 'vitest';
import { chunkText } from '../../../src/pipelines/speech/text/chunks.js';
import { prepareSpeechChunks } from '../../../src/pipelines/speech/text/prepare-text.js';
import { splitSentences } from '../../../src/pipelines/speech/text/sentences.js';

describe('splitSentences', () => {
  it('splits at sentence ends but not after titles, initials or inside numbers', () => {
    expect(splitSentences('Dr. Smith met J. R. Tolkien at 3.5 p.m. today. It was fun! Was it? Yes.')).toEqual([
      'Dr. Smith met J. R. Tolkien at 3.5 p.m. today.',
      'It was fun!',
      'Was it?',
      'Yes.',
    ]);
  });
  it('treats line breaks as sentence ends and keeps closing quotes', () => {
    expect(splitSentences('First line\nSecond "quoted." Third.')).toEqual(['First line', 'Second "quoted."', 'Third.']);
  });
  it('drops pieces with nothing to say', () => {
    expect(splitSentences('Hello.\n...\n --- \n')).toEqual(['Hello.']);
  });
});

describe('chunkText', () => {
  it('gives every sentence its own chunk, whole', () => {
    const sentence = 'This sentence has exactly fifty characters in it. ';
    const text = `${sentence.repeat(160).trim()} Short one? Yes!`; // 8000 characters and two short ones
    const chunks = chunkText(text, 600);
    expect(chunks).toHaveLength(162);
    expect(chunks.slice(-2)).toEqual(['Short one?', 'Yes!']);
    expect(chunks.every((c) => /[.?!]$/.test(c))).toBe(true);
    expect(chunks.join(' ')).toBe(text);
  });
  it('groups whole sentences up to the limit when asked (remote providers)', () => {
    const sentence = 'This sentence has exactly fifty characters in it. ';
    const text = sentence.repeat(160).trim(); // 8000 characters
    const chunks = chunkText(text, 600, { wholeParagraphs: true });
    expect(chunks).toHaveLength(14);
    expect(chunks.every((c) => c.length <= 600 && c.endsWith('.'))).toBe(true);
    expect(chunks.join(' ')).toBe(text);
  });
  it('cuts an over-long sentence at a comma, else between words', () => {
    const long = `${'word '.repeat(60)}tail, ${'more '.repeat(80)}end.`;
    const chunks = chunkText(long, 300);
    expect(chunks.every((c) => c.length <= 300)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(long.replace(/\s+/g, ' '));
  });
});

describe('prepareSpeechChunks', () => {
  it('normalises English after splitting, so abbreviations do not end sentences', () => {
    expect(prepareSpeechChunks('Dr. Lee paid $3. Great!', { language: 'en', maxChars: 32 })).toEqual(['Doctor Lee paid three dollars.', 'Great!']);
  });
  it('gives Spanish, French and German symbols as words and leaves their digits to the engine; other languages as written', () => {
    expect(prepareSpeechChunks('Il a payé 3 €.', { language: 'fr' })).toEqual(['Il a payé 3 euros.']);
    expect(prepareSpeechChunks('Costa 3 €.', { language: 'it' })).toEqual(['Costa 3 €.']);
  });
});
