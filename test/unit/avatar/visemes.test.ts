import { describe, expect, it } from 'vitest';
import {
  analyzeFrames,
  graphemesOf,
  mouthForPhone,
  mouthTrackFromTimings,
  pearson,
  phoneSetOf,
  trackFromAudioFeatures,
  trackFromVisemes,
  visemesFromPhones,
  visemesFromWords,
  type FrameFeatures,
} from '../../../src/pipelines/avatar/visemes/index.js';

describe('phones to visemes', () => {
  it('reads ARPAbet (flite, festival) and espeak mnemonics, telling the sets apart', () => {
    expect(phoneSetOf([{ phone: 'hh' }, { phone: 'ah0' }, { phone: 'pau' }])).toBe('arpabet');
    expect(phoneSetOf([{ phone: 'h' }, { phone: '@' }, { phone: 'oU' }])).toBe('espeak');
    // "y" is the glide of "yes" in ARPAbet, a rounded vowel in espeak.
    expect(mouthForPhone('y', 'arpabet')![0]!.viseme).toBe('E');
    expect(mouthForPhone('y', 'espeak')![0]!.viseme).toBe('U');
    expect(mouthForPhone('m', 'arpabet')![0]!.viseme).toBe('MBP');
    expect(mouthForPhone('v', 'espeak')![0]!.viseme).toBe('FV');
    expect(mouthForPhone('u:', 'espeak')![0]!.viseme).toBe('U');
    expect(mouthForPhone('3:', 'espeak')![0]!.viseme).toBe('AI');
    expect(mouthForPhone('I2', 'espeak')![0]!.viseme).toBe('E');
    expect(mouthForPhone('pau', 'arpabet')).toBeUndefined();
  });

  it('drops pauses, splits diphthongs and opens unstressed vowels less', () => {
    const v = visemesFromPhones([
      { phone: 'pau', startSeconds: 0, endSeconds: 0.2 },
      { phone: 'b', startSeconds: 0.2, endSeconds: 0.28 },
      { phone: 'ay1', startSeconds: 0.28, endSeconds: 0.48 },
      { phone: 'ah0', startSeconds: 0.48, endSeconds: 0.56 },
    ]);
    expect(v.map((x) => x.viseme)).toEqual(['MBP', 'AI', 'E', 'AI']);
    expect(v[1]!.end).toBeCloseTo(0.4, 5);
    expect(v[3]!.weight).toBeLessThan(1);
  });
});

describe('spelling to visemes (word timings only)', () => {
  it('groups letters into sounds', () => {
    expect(graphemesOf('phone').map((g) => g.viseme)).toEqual(['FV', 'O', 'etc']);
    expect(graphemesOf('book').map((g) => g.viseme)).toEqual(['MBP', 'U', 'etc']);
    expect(graphemesOf('Thanks!').map((g) => g.viseme)).toEqual(['etc', 'AI', 'etc', 'etc', 'etc']);
    expect(graphemesOf('café').map((g) => g.viseme)).toEqual(['etc', 'AI', 'FV', 'E']);
    expect(graphemesOf('привет').length).toBe(6);
  });

  it('fills each word exactly, vowels longer than consonants', () => {
    const v = visemesFromWords([{ word: 'map', startSeconds: 1, endSeconds: 1.4 }]);
    expect(v.map((x) => x.viseme)).toEqual(['MBP', 'AI', 'MBP']);
    expect(v[0]!.start).toBe(1);
    expect(v[2]!.end).toBe(1.4);
    expect(v[1]!.end - v[1]!.start).toBeCloseTo(2 * (v[0]!.end - v[0]!.start), 5);
  });
});

describe('viseme track', () => {
  it('has one frame per 1/30 s, rests in pauses and bridges tiny gaps', () => {
    const track = trackFromVisemes(
      [
        { viseme: 'AI', start: 0.1, end: 0.3 },
        { viseme: 'O', start: 0.35, end: 0.5 },
        { viseme: 'E', start: 1.2, end: 1.4 },
      ],
      { durationSeconds: 2 },
    );
    expect(track).toHaveLength(60);
    expect(track[0]).toEqual({ viseme: 'rest', openness: 0 });
    expect(track[5]!.viseme).toBe('AI');
    expect(track[5]!.openness).toBeGreaterThan(0.5);
    // 0.3–0.35 is bridged by holding AI.
    expect(track[9]!.viseme).toBe('AI');
    // 0.5–1.2 is a pause: closed.
    expect(track.slice(17, 35).every((f) => f.viseme === 'rest' && f.openness === 0)).toBe(true);
    expect(track[38]!.viseme).toBe('E');
    expect(track.slice(45).every((f) => f.openness === 0)).toBe(true);
  });

  it('keeps a lip closure shorter than a frame visible', () => {
    const track = trackFromVisemes(
      [
        { viseme: 'AI', start: 0, end: 0.21 },
        { viseme: 'MBP', start: 0.21, end: 0.235 },
        { viseme: 'AI', start: 0.235, end: 0.5 },
      ],
      { durationSeconds: 0.5 },
    );
    expect(track[6]).toEqual({ viseme: 'MBP', openness: 0 });
  });

  it('falls back to spelling when an engine gives only words', () => {
    const fromWords = mouthTrackFromTimings({ words: [{ word: 'hello', startSeconds: 0.1, endSeconds: 0.5 }] }, 1);
    expect(fromWords).toHaveLength(30);
    expect(fromWords.slice(3, 15).some((f) => f.openness > 0.3)).toBe(true);
    expect(fromWords.slice(17).every((f) => f.viseme === 'rest')).toBe(true);
  });
});

describe('mouth from audio', () => {
  const frame = (levelDb: number, extra: Partial<FrameFeatures> = {}): FrameFeatures => ({
    levelDb,
    zeroCrossingRate: 0.05,
    centroidHz: 1000,
    lowShare: 0.6,
    ...extra,
  });

  it('opens with loudness, closes in silence, presses lips in a short closure', () => {
    const features = [
      ...Array.from({ length: 10 }, () => frame(-90)),
      ...Array.from({ length: 10 }, (_, i) => frame(-30 + i)),
      frame(-90),
      frame(-90),
      ...Array.from({ length: 5 }, () => frame(-15)),
      frame(-24, { zeroCrossingRate: 0.45, lowShare: 0.05, centroidHz: 3000 }),
      ...Array.from({ length: 10 }, () => frame(-90)),
    ];
    const track = trackFromAudioFeatures(features);
    expect(track).toHaveLength(features.length);
    expect(track.slice(0, 10).every((f) => f.viseme === 'rest' && f.openness === 0)).toBe(true);
    expect(track[19]!.openness).toBeGreaterThan(track[11]!.openness);
    expect(track[20]!.viseme).toBe('MBP');
    expect(track[21]!.viseme).toBe('MBP');
    expect(track[24]!.openness).toBeGreaterThan(0.7);
    expect(['etc', 'FV']).toContain(track[27]!.viseme);
    expect(track.slice(29).every((f) => f.openness === 0)).toBe(true);
  });

  it('features tell hiss from a voiced tone', () => {
    const rate = 16000;
    const n = rate;
    const tone = new Float32Array(n).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate) + 0.1 * Math.sin((2 * Math.PI * 660 * i) / rate));
    let seed = 7;
    const noise = new Float32Array(n).map(() => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return (seed / 2147483648 - 0.5) * 0.2;
    });
    const [t] = analyzeFrames(tone, rate, 30, 30).slice(10);
    const [h] = analyzeFrames(noise, rate, 30, 30).slice(10);
    expect(t!.zeroCrossingRate).toBeLessThan(0.1);
    expect(h!.zeroCrossingRate).toBeGreaterThan(0.3);
    expect(t!.lowShare).toBeGreaterThan(0.8);
    expect(h!.lowShare).toBeLessThan(0.3);
    expect(h!.centroidHz).toBeGreaterThan(t!.centroidHz);
    expect(t!.levelDb).toBeGreaterThan(-15);
  });

  it('pearson', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBe(0);
  });
});
