import { describe, expect, it } from 'vitest';
import { AD_PACE_WORDS_PER_MINUTE, adPaceRate } from '../../../src/domain/catalog/voice-pace.js';
import { voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { resolveEngineVoice } from '../../../src/pipelines/speech/synthesize-speech.js';
import type { Voice } from '../../../src/domain/catalog/voices.js';

describe('the ad pace', () => {
  it('brings each measured voice to the ad pace, and leaves unmeasured voices alone', () => {
    expect(AD_PACE_WORDS_PER_MINUTE).toBe(205);
    // RHVoice bdl reads 196 words a minute on its own.
    expect(adPaceRate(voiceIdFor('rhvoice', 'bdl'))).toBeCloseTo(205 / 196, 5);
    // Clamped: no voice is pushed more than 10 % past its own pace.
    expect(adPaceRate(voiceIdFor('rhvoice', 'clb'))).toBeCloseTo(1.1, 5);
    // Piper's Joe reads 185 words a minute on its own.
    expect(adPaceRate(voiceIdFor('piper', 'en_US-joe-medium'))).toBeCloseTo(1.1, 5);
    expect(adPaceRate(voiceIdFor('espeak-ng', 'fr'))).toBeUndefined();
  });

  it('is what the engine is asked for a built-in voice', () => {
    const bdl: Voice = {
      kind: 'builtin',
      id: voiceIdFor('rhvoice', 'bdl'),
      name: 'Brad',
      language: 'en',
      locale: 'en-US',
      accentName: 'English (America)',
      gender: 'male',
      engine: 'rhvoice',
      engineVoice: 'bdl',
    };
    expect(resolveEngineVoice(bdl).rate).toBeCloseTo(205 / 196, 5);
    expect(resolveEngineVoice({ ...bdl, id: voiceIdFor('espeak-ng', 'en-us'), engine: 'espeak-ng', engineVoice: 'en-us' }).rate).toBeUndefined();
  });
});
