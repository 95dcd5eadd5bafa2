import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../../src/engines/llm/port.js';
import { summarise } from '../../../src/pipelines/text/models/extractive-summary.js';
import { BUILTIN_TEXT_MODELS } from '../../../src/pipelines/text/models/built-in-models.js';
import { hashtag } from '../../../src/pipelines/text/models/keywords.js';
import { readPrompt } from '../../../src/pipelines/text/models/read-prompt.js';
import { detectLanguage } from '../../../src/pipelines/text/stop-words.js';
import { countSpokenWords } from '../../../src/pipelines/text/word-budget.js';

const model = (name: string) => BUILTIN_TEXT_MODELS.find((m) => m.name === name)!;
const run = (name: string, content: string, extra: Partial<LlmRequest> = {}) =>
  model(name).generate({ model: name, messages: [{ role: 'user', content }], ...extra }).text;

const ARTICLE = [
  'The city council met on Tuesday to discuss the new bike lanes.',
  'After two hours of debate, the council approved a plan to build 40 kilometres of protected bike lanes by 2027.',
  'Supporters said the bike lanes will make cycling safer for children and older riders.',
  'Opponents worried about the loss of parking spaces on busy streets.',
  'The weather was sunny.',
  'The plan for the bike lanes will cost 12 million euros, paid mostly by a regional grant.',
  'Construction of the first lanes starts in the spring.',
].join(' ');

describe('readPrompt', () => {
  it('reads labelled lines', () => {
    const p = readPrompt([
      {
        role: 'user',
        content:
          'Title: Nimbus Notes\nDescription: Notes for fast thinkers.\nFeatures: offline mode; sync; dark theme\nPrice: $9.99\nAudience: students\nPlatform: TikTok\nLanguage: fr\nStyle: GenzWriter\nLength: 45',
      },
    ]);
    expect(p.facts).toMatchObject({
      title: 'Nimbus Notes',
      description: 'Notes for fast thinkers.',
      features: ['offline mode', 'sync', 'dark theme'],
      price: { amount: 9.99, currency: 'USD' },
      audience: 'students',
      platform: 'TikTok',
    });
    expect(p).toMatchObject({ language: 'fr', style: 'GenzWriter', videoLengthSeconds: 45 });
  });

  it('finds the product, length, language, style and counts in free text', () => {
    const p = readPrompt([
      {
        role: 'user',
        content: 'Write a 15 second ThreeReasonsWriter script in German for the Aurora Sunrise Lamp, a warm lamp that wakes you gently. It costs €49.90.',
      },
    ]);
    expect(p.facts.title).toBe('Aurora Sunrise Lamp');
    expect(p.facts.description).toMatch(/warm lamp|costs/);
    expect(p.facts.price).toEqual({ amount: 49.9, currency: 'EUR' });
    expect(p).toMatchObject({ language: 'de', style: 'ThreeReasonsWriter', videoLengthSeconds: 15 });
    expect(readPrompt([{ role: 'user', content: 'Give me 7 headlines for "Nimbus Notes"' }]).count).toBe(7);
    const quoted = readPrompt([{ role: 'user', content: 'Write a 15 second GenzWriter script for "Nimbus Notes", the note app for fast thinkers.' }]);
    expect(quoted.facts).toMatchObject({ title: 'Nimbus Notes', description: 'the note app for fast thinkers.' });
    expect(readPrompt([{ role: 'user', content: 'Lámpara cálida que te despierta con suavidad y sin ruido.' }]).language).toBe('es');
    expect(readPrompt([{ role: 'user', content: 'Title: X' }], 'Always answer in Spanish.').language).toBe('es');
  });
});

describe('built-in models', () => {
  it('ad copy: headline, body and call to action about the product, in the asked language', () => {
    const text = run(
      'clipwright-ad-copy',
      'Title: Aurora Sunrise Lamp\nDescription: A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.\nPlatform: instagram',
    );
    const [headline, body, cta] = text.split('\n\n');
    expect(headline).toMatch(/Aurora Sunrise Lamp|upgrade/);
    expect(body!.length).toBeGreaterThan(30);
    expect(cta).toMatch(/link in bio/i);
    expect(countSpokenWords(text)).toBeLessThan(70);
    const fr = run('clipwright-ad-copy', 'Title: Aurora\nDescription: Une lampe chaleureuse qui te réveille en douceur.\nLanguage: fr');
    expect(detectLanguage(fr)).toBe('fr');
    const json = JSON.parse(run('clipwright-ad-copy', 'Title: Aurora\nDescription: A lamp.', { config: { responseMimeType: 'application/json' } }));
    expect(json).toMatchObject({ headline: expect.any(String), body: expect.any(String), call_to_action: expect.any(String), language: 'en' });
  });

  it('script: the named style and length, deterministic for a seed', () => {
    const prompt = 'Write a 45 second StoryTimeWriter script for the Aurora Sunrise Lamp. A warm sunrise lamp that wakes you gently.';
    const a = run('clipwright-script', prompt, { config: { seed: 5 } });
    expect(run('clipwright-script', prompt, { config: { seed: 5 } })).toBe(a);
    expect(run('clipwright-script', prompt, { config: { seed: 6 } })).not.toBe(a);
    expect(run('clipwright-script', prompt)).toBe(run('clipwright-script', prompt));
    const words = countSpokenWords(a);
    // One fact in the prompt: the script is shorter rather than padded with claims or filler it cannot back.
    expect(words).toBeGreaterThan(45 * 3.05 * 0.9 * 0.35);
    expect(words).toBeLessThan(45 * 3.05 * 0.9 * 1.15);
    const json = JSON.parse(run('clipwright-script', prompt, { config: { seed: 5, responseMimeType: 'application/json' } }));
    expect(json.script_style).toBe('StoryTimeWriter');
    expect(json.sentences.slice(0, 3).map((s: { section: string }) => s.section)).toEqual(['hook', 'hook', 'body']);
    expect(json.text).toBe(a);
  });

  it('headlines: the asked number, and hashtags from the facts', () => {
    const text = run(
      'clipwright-headlines',
      'Give me 6 headlines for the Aurora Sunrise Lamp.\nDescription: A warm sunrise lamp with gentle light.\nBrand: Bright Home',
    );
    const [list, tags] = text.split('\n\n');
    const lines = list!.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines.every((l, i) => l.startsWith(`${i + 1}. `))).toBe(true);
    expect(new Set(lines.map((l) => l.slice(3))).size).toBe(6);
    expect(tags!.split(' ')).toEqual(expect.arrayContaining(['#AuroraSunriseLamp', '#BrightHome']));
    expect(tags!.split(' ').every((t) => /^#[\p{L}\p{N}]+$/u.test(t))).toBe(true);
    expect(JSON.parse(run('clipwright-headlines', 'Title: Aurora', { config: { responseMimeType: 'application/json' } })).headlines).toHaveLength(5);
    expect(hashtag('café crème!')).toBe('#CaféCrème');
  });

  it('summary: sentences taken from the text, the central ones, in order, within limits', () => {
    const text = run('clipwright-summary', `Summarize this:\n${ARTICLE}`);
    const sentences = text.match(/[^.]+\./g)!.map((s) => s.trim());
    expect(sentences.length).toBe(2);
    for (const s of sentences) expect(ARTICLE).toContain(s);
    expect(text).not.toContain('weather');
    expect(text).toContain('approved a plan');
    const positions = sentences.map((s) => ARTICLE.indexOf(s));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(run('clipwright-summary', `Summarize in 1 sentence: ${ARTICLE}`).match(/\./g)).toHaveLength(1);
    const bounded = run('clipwright-summary', ARTICLE, { config: { maxOutputTokens: 20 } });
    expect(bounded.split(/\s+/).length).toBeLessThanOrEqual(15);
    const json = JSON.parse(run('clipwright-summary', ARTICLE, { config: { responseMimeType: 'application/json' } }));
    expect(json.sentences[0]).toMatchObject({ index: expect.any(Number), text: expect.any(String), score: expect.any(Number) });
    expect(() => run('clipwright-summary', 'Summarize this:\n')).toThrow(/needs text/);
  });

  it('summary: skips a sentence that repeats one already chosen', () => {
    const repeated =
      'Solar panels cut energy bills for families. Solar panels cut energy bills for many families. Batteries store the energy for the night. Rain is common in April.';
    const picked = summarise(repeated, 'en', { sentences: 2 }).map((s) => s.index);
    expect(picked).toEqual([0, 2]);
  });

  it('refuses a prompt with no product', () => {
    expect(() => run('clipwright-ad-copy', '   ')).toThrow(/needs a product/);
  });
});
