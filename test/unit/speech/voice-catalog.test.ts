import { rhvoiceVoicesFrom } from '../../../src/engines/speech/rhvoice.js';
import { describe, expect, it } from 'vitest';
import { uuidV5, voiceIdFor } from '../../../src/domain/catalog/voice-ids.js';
import { DEFAULT_VOICE_ID, buildVoiceCatalog, defaultVoiceId, findVoice, groupVoicesByName, paginateVoices } from '../../../src/domain/catalog/voices.js';
import { espeakVoiceFiles, espeakVoiceSelector, parseEspeakVoiceList } from '../../../src/engines/speech/espeak-ng.js';
import { parseFliteVoiceList } from '../../../src/engines/speech/flite.js';
import type { EngineVoice } from '../../../src/engines/speech/port.js';

const ESPEAK_LISTING = `Pty Language       Age/Gender VoiceName          File                 Other Languages
 5  af              --/M      Afrikaans          gmw/af
 5  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)
 5  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)
 5  sr-latn         --/M      Serbian_(Latin)    zls/sr-Latn
 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)
 5  yue             --/M      Chinese_(Cantonese,_latin_as_Jyutping) sit/yue-Latn-jyutping (zh-yue 5)(zh 8)
`;
const FESTIVAL: EngineVoice = {
  engine: 'festival',
  engineVoice: 'cmu_us_slt_arctic_hts',
  locale: 'en-US',
  languageName: 'English (America)',
  gender: 'female',
  label: 'slt-hts',
};

function catalog() {
  return buildVoiceCatalog([
    ...parseEspeakVoiceList(ESPEAK_LISTING),
    ...parseFliteVoiceList('Voices available: kal awb_time kal16 awb rms slt \n'),
    FESTIVAL,
    ...rhvoiceVoicesFrom(['alan', 'bdl', 'clb', 'evgeniy-eng', 'lyubov', 'slt']),
  ]);
}

describe('voice ids', () => {
  it('are RFC 4122 version-5 UUIDs (checked against the RFC example)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });
  it('never change: clients and stored tasks depend on these exact values', () => {
    expect(voiceIdFor('festival', 'cmu_us_slt_arctic_hts')).toBe('671f68e5-02ef-51d2-9028-243f90fe691b');
    expect(DEFAULT_VOICE_ID).toBe(voiceIdFor('rhvoice', 'bdl'));
    expect(voiceIdFor('flite', 'slt')).toBe('998b681e-584c-5d05-bcd2-0b2ee7727a46');
    expect(voiceIdFor('espeak-ng', 'en-us')).toBe('7f366e45-cdff-546b-88a0-ac7f561bf585');
    expect(voiceIdFor('espeak-ng', 'en-us+f3')).toBe('3ef4b662-d552-5bc0-bcf6-7a9c114c0d2e');
  });
  it('do not depend on the order engines list their voices', () => {
    const a = catalog();
    const b = buildVoiceCatalog(
      [...catalog().voices].reverse().map((v) => ({
        engine: v.engine,
        engineVoice: v.engineVoice,
        locale: v.locale,
        languageName: v.accentName,
        gender: v.gender,
        label: '',
      })),
    );
    expect(new Set(b.voices.map((v) => v.id))).toEqual(new Set(a.voices.map((v) => v.id)));
  });
});

describe('espeak-ng voice selection', () => {
  it('hands espeak-ng the voice file of a listed code, keeping the variant; other ids pass as they are', () => {
    const files = espeakVoiceFiles(ESPEAK_LISTING);
    expect(espeakVoiceSelector('en-gb', files)).toBe('gmw/en');
    expect(espeakVoiceSelector('fr-fr+f3', files)).toBe('roa/fr+f3');
    // The first of two rows with one code owns it; the second is listed by its file already.
    expect(espeakVoiceSelector('yue', files)).toBe('sit/yue');
    expect(espeakVoiceSelector('sit/yue-Latn-jyutping+f3', files)).toBe('sit/yue-Latn-jyutping+f3');
    expect(espeakVoiceSelector('xx-nope', files)).toBe('xx-nope');
  });
});

describe('voice catalog', () => {
  it('gives every espeak-ng language a male voice and a female variant, and keeps duplicate codes apart', () => {
    const voices = parseEspeakVoiceList(ESPEAK_LISTING);
    expect(voices).toHaveLength(14);
    expect(voices.filter((v) => v.gender === 'female').every((v) => v.engineVoice.endsWith('+f3'))).toBe(true);
    const cantonese = voices.filter((v) => v.languageName.startsWith('Chinese (Cantonese'));
    expect(new Set(cantonese.map((v) => v.engineVoice)).size).toBe(4);
    expect(voices.find((v) => v.engineVoice === 'sr-latn')?.locale).toBe('sr-Latn');
    expect(voices.find((v) => v.engineVoice === 'en-us')?.locale).toBe('en-US');
  });

  it('lists flite voices except the talking-clock one', () => {
    const flite = parseFliteVoiceList('Voices available: kal awb_time kal16 awb rms slt \n');
    expect(flite.map((v) => v.engineVoice).sort()).toEqual(['awb', 'kal', 'kal16', 'rms', 'slt']);
    expect(flite.find((v) => v.engineVoice === 'slt')?.gender).toBe('female');
  });

  it('looks voices up by id (any case), best engines first', () => {
    const c = catalog();
    expect(findVoice(c, DEFAULT_VOICE_ID.toUpperCase())?.engine).toBe('rhvoice');
    expect(findVoice(c, '00000000-0000-5000-8000-000000000000')).toBeUndefined();
    // The measured order (VOICES_BY_INTELLIGIBILITY), whatever the engine.
    expect(c.voices.slice(0, 6).map((v) => `${v.engine}:${v.engineVoice}`)).toEqual([
      'rhvoice:bdl',
      'rhvoice:clb',
      'flite:rms',
      'rhvoice:slt',
      'rhvoice:alan',
      'festival:cmu_us_slt_arctic_hts',
    ]);
    expect(c.voices[c.voices.length - 1]!.engine).toBe('espeak-ng');
    expect(defaultVoiceId(c)).toBe(DEFAULT_VOICE_ID);
    const withoutFestival = buildVoiceCatalog(parseFliteVoiceList('x: slt rms'));
    expect(defaultVoiceId(withoutFestival)).toBe(voiceIdFor('flite', 'rms'));
    // The non-commercial RHVoice voices are never listed, even when installed.
    expect(
      c.voices
        .filter((v) => v.engine === 'rhvoice')
        .map((v) => v.engineVoice)
        .sort(),
    ).toEqual(['alan', 'bdl', 'clb', 'slt']);
  });

  it('places Piper joe by its measured rank, after flite kal16, leaving the default voice as it was', () => {
    const joe: EngineVoice = {
      engine: 'piper',
      engineVoice: 'en_US-joe-medium',
      locale: 'en-US',
      languageName: 'English (America)',
      gender: 'male',
      label: 'joe',
    };
    const c = buildVoiceCatalog([
      ...catalog().voices.map((v) => ({
        engine: v.engine,
        engineVoice: v.engineVoice,
        locale: v.locale,
        languageName: v.accentName,
        gender: v.gender,
        label: '',
      })),
      joe,
    ]);
    const order = c.voices.map((v) => `${v.engine}:${v.engineVoice}`);
    expect(order.indexOf('piper:en_US-joe-medium')).toBe(order.indexOf('flite:kal16') + 1);
    expect(order.indexOf('flite:awb')).toBe(order.indexOf('piper:en_US-joe-medium') + 1);
    expect(findVoice(c, voiceIdFor('piper', 'en_US-joe-medium'))?.name).toBe('Joe');
    expect(defaultVoiceId(c)).toBe(voiceIdFor('rhvoice', 'bdl'));
  });

  it('filters by language and gender, counting all matches across pages', () => {
    const c = catalog();
    const english = paginateVoices(c.voices, { language: 'en', page: 1, pageSize: 3 });
    // 4 RHVoice + festival slt + 5 flite + 2 espeak accents × 2 variants
    expect(english.count).toBe(14);
    expect(english.results).toHaveLength(3);
    const page5 = paginateVoices(c.voices, { language: 'en', page: 5, pageSize: 3 });
    expect(page5.results).toHaveLength(2);
    const femaleEn = paginateVoices(c.voices, { language: 'EN', gender: 'female', page: 1, pageSize: 50 });
    expect(femaleEn.count).toBe(6);
    expect(femaleEn.results.every((v) => v.gender === 'female' && v.language === 'en')).toBe(true);
    expect(paginateVoices(c.voices, { language: 'en-GB', page: 1, pageSize: 50 }).count).toBe(4);
    expect(paginateVoices(c.voices, { language: 'xx', page: 1, pageSize: 50 }).count).toBe(0);
  });

  it('groups voices by name and gender in the contract shape', () => {
    const c = catalog();
    const groups = groupVoicesByName(c.voices, (id) => `https://files.test/previews/${id}.mp3`);
    const erin = groups.find((g) => g.name === 'Erin')!;
    expect(erin.gender).toBe('female');
    expect(erin.accents).toHaveLength(7);
    expect(erin.accents[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accent_name: expect.any(String),
      language: expect.any(String),
      preview_url: `https://files.test/previews/${erin.accents[0]!.id}.mp3`,
    });
    const total = groups.reduce((n, g) => n + g.accents.length, 0);
    expect(total).toBe(c.voices.length);
  });
});
