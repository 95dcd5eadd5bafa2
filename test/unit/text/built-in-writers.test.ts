import { describe, expect, it } from 'vitest';
import { voiceIdFor } from '../../../src/domain/catalog/voice-ids.js';
import { buildVoiceCatalog } from '../../../src/domain/catalog/voices.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import type { EngineVoice } from '../../../src/engines/speech/port.js';
import { builtInCopywriter } from '../../../src/pipelines/text/built-in-copywriter.js';
import { SCRIPT_STYLE_NAMES } from '../../../src/pipelines/text/script-styles.js';
import { writeAdScript } from '../../../src/pipelines/text/write-ad-script.js';
import { productFactsFromLink } from '../../../src/pipelines/text/product-facts.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { videoVocabulary } from '../../../src/pipelines/video/video-vocabulary.js';

const facts = factsFrom(
  {
    title: 'ThermoFlask Pro – Insulated Bottle',
    description: 'Keeps coffee hot for 12 hours and water cold for 24. Leak-proof lid, fits every cup holder, recycled steel.',
    imageUrls: [],
    videoUrls: [],
    logoUrl: null,
    price: { amount: 24.99, currency: 'USD' },
    reviews: null,
  },
  'inner-1',
);

describe("built-in script writer (the video pipeline's ScriptWriter port)", () => {
  it('speaks the pitch as one paragraph and the call to action as another, its features as highlights', () => {
    const req = { facts, style: SCRIPT_STYLE_NAMES[0]!, videoLengthSeconds: 30, language: 'en', wordsPerSecond: 2.5, seed: 7, targetAudience: 'commuters' };
    const written = writeAdScript({
      facts: productFactsFromLink(facts, { audience: 'commuters', platform: undefined }),
      style: req.style,
      videoLengthSeconds: 30,
      language: 'en',
      wordsPerSecond: 2.5,
      seed: 7,
    });
    const script = builtInScriptWriter(req);
    expect(written.paragraphs.length).toBeGreaterThan(1);
    // One beat before the call to action (speech sets the last paragraph off), none between the other sections.
    const pitch = written.sentences.filter((s) => s.section !== 'cta').map((s) => s.text);
    const cta = written.sentences.filter((s) => s.section === 'cta').map((s) => s.text);
    expect(script.text).toBe(`${pitch.join(' ')}\n\n${cta.join(' ')}`);
    expect(script.text.split('\n\n')).toHaveLength(2);
    expect(script.highlights).toEqual(written.features);
  });
});

describe("built-in copywriter (AI Scripts' Copywriter port)", () => {
  it('names styles canonically and languages by their primary code', () => {
    const style = SCRIPT_STYLE_NAMES[0]!;
    expect(builtInCopywriter.styleName(style.toUpperCase())).toBe(style);
    expect(builtInCopywriter.styleName('no such style')).toBeNull();
    expect(builtInCopywriter.language('es-MX')).toBe('es');
    expect(builtInCopywriter.defaultStyles(3).every((s) => SCRIPT_STYLE_NAMES.includes(s))).toBe(true);
  });

  it('writes a titled script in the requested style and reads features from the facts', () => {
    const s = builtInCopywriter.write({
      facts,
      audience: null,
      platform: null,
      style: SCRIPT_STYLE_NAMES[0]!,
      videoLengthSeconds: 30,
      language: 'en',
      seed: 1,
    });
    expect(Object.keys(s).sort()).toEqual(['estimatedSeconds', 'style', 'styleName', 'text', 'title', 'wordCount']);
    expect(s.wordCount).toBeGreaterThan(10);
    expect(builtInCopywriter.features(facts).length).toBeGreaterThan(0);
  });
});

describe('video vocabulary', () => {
  const v = (engine: EngineVoice['engine'], engineVoice: string, locale: string): EngineVoice => ({
    engine,
    engineVoice,
    locale,
    languageName: locale,
    gender: 'female',
    label: engineVoice,
  });

  it('a language without a named voice gets the default for English, else its first built-in voice, else none', () => {
    const vocabulary = videoVocabulary(buildVoiceCatalog([v('remote', 'alloy', 'de-DE'), v('espeak-ng', 'de', 'de-DE'), v('espeak-ng', 'en-us+f3', 'en-US')]));
    expect(vocabulary.defaultVoiceFor('en')).toBe(voiceIdFor('espeak-ng', 'en-us+f3'));
    expect(vocabulary.defaultVoiceFor('de')).toBe(voiceIdFor('espeak-ng', 'de'));
    expect(vocabulary.defaultVoiceFor('ja')).toBeNull();
    expect(videoVocabulary(buildVoiceCatalog([])).defaultVoiceFor('en')).toBeNull();
  });

  it('knows the script styles (any case), the visual styles and the script languages', () => {
    const vocabulary = videoVocabulary(buildVoiceCatalog([]));
    expect(vocabulary.isScriptStyle(SCRIPT_STYLE_NAMES[0]!.toLowerCase())).toBe(true);
    expect(vocabulary.isScriptStyle('nope')).toBe(false);
    expect(vocabulary.scriptStyleNames()).toEqual([...SCRIPT_STYLE_NAMES]);
    expect(vocabulary.visualStyleNames().every((name) => vocabulary.isVisualStyle(name))).toBe(true);
    expect(vocabulary.isScriptLanguage('en')).toBe(true);
  });
});
