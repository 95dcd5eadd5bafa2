import { describe, expect, it } from 'vitest';
import { energyEnvelope, withEnergyEnvelope, type FrameFeatures, type MouthTrack } from '../../../src/pipelines/avatar/visemes/index.js';

const feature = (levelDb: number): FrameFeatures => ({ levelDb, zeroCrossingRate: 0.05, centroidHz: 900, lowShare: 0.6 });

describe('energy envelope', () => {
  it('is 0 in silence and rises with loudness, 1 at the loud level', () => {
    const env = energyEnvelope([-120, -120, -40, -30, -20, -20, -20, -120, -120, -120].map(feature));
    expect(env[0]).toBe(0);
    expect(env[8]).toBe(0);
    expect(env[3]!).toBeGreaterThan(env[2]!);
    expect(env[5]!).toBeCloseTo(1, 5);
  });

  it('scales phone targets by loudness, keeps closed lips shut and silent frames closed', () => {
    // Four "ah" frames at the same phone target, at rising loudness, then an "m", then silence.
    const track: MouthTrack = [
      { viseme: 'AI', openness: 0.8 },
      { viseme: 'AI', openness: 0.8 },
      { viseme: 'AI', openness: 0.8 },
      { viseme: 'AI', openness: 0.8 },
      { viseme: 'MBP', openness: 0 },
      { viseme: 'AI', openness: 0.8 },
    ];
    const out = withEnergyEnvelope(track, [0.2, 0.5, 0.8, 1, 1, 0]);
    const open = out.map((f) => f.openness);
    expect(open[0]!).toBeLessThan(open[1]!);
    expect(open[1]!).toBeLessThan(open[2]!);
    expect(open[2]!).toBeLessThanOrEqual(open[3]!);
    expect(open[3]).toBeCloseTo(0.8, 2); // the loud frames open as wide as the phones' widest
    expect(open[4]).toBe(0);
    expect(open[5]).toBe(0);
    expect(out.map((f) => f.viseme)).toEqual(track.map((f) => f.viseme));
  });

  it('a small shape stays smaller than a wide one at the same loudness', () => {
    const out = withEnergyEnvelope(
      [
        { viseme: 'FV', openness: 0.15 },
        { viseme: 'AI', openness: 0.9 },
      ],
      [1, 1],
    );
    expect(out[0]!.openness).toBeLessThan(out[1]!.openness);
  });
});
