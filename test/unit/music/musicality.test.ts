/**
 * "Is it music?" measured on real renders: one track per category, at a reduced sample rate to
 * keep the run short (the full-rate, full-length path is covered by the integration test).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listMusicCategories, listMusicTracks, type MusicTrack } from '../../../src/domain/catalog/music.js';
import { renderTrackAudio } from '../../../src/pipelines/music/render-track.js';
import { scalePitchClasses } from '../../../src/pipelines/music/theory.js';
import {
  chroma,
  cosineDistance,
  estimateTempoBpm,
  mixToMono,
  ONSET_HOP_SAMPLES,
  onsetStrength,
  rms,
  spectralSummary,
  type SpectralSummary,
} from './audio-analysis.js';
import { expectSeamlessLoop } from './loop-seam.js';

const SAMPLE_RATE_HZ = 22050;

interface Rendered {
  track: MusicTrack;
  left: Float32Array;
  right: Float32Array;
  mono: Float32Array;
  spectrum: SpectralSummary;
  tempoBpm: number;
  /** Onset strength folded onto one bar: the category's rhythm fingerprint. */
  barRhythm: number[];
}

const rendered: Rendered[] = [];

function barRhythmProfile(mono: Float32Array, track: MusicTrack): number[] {
  const onsets = onsetStrength(mono);
  const barSeconds = (track.beatsPerBar * 60) / track.bpm;
  const profile = new Array<number>(16).fill(0);
  onsets.forEach((strength, frame) => {
    const seconds = (frame * ONSET_HOP_SAMPLES) / SAMPLE_RATE_HZ;
    const position = (seconds % barSeconds) / barSeconds;
    profile[Math.floor(position * 16) % 16]! += strength;
  });
  return profile;
}

beforeAll(() => {
  for (const category of listMusicCategories()) {
    const track = listMusicTracks().find((t) => t.categoryId === category.id)!;
    const audio = renderTrackAudio(track, SAMPLE_RATE_HZ);
    const mono = mixToMono(audio.left, audio.right);
    rendered.push({
      track,
      left: audio.left,
      right: audio.right,
      mono,
      spectrum: spectralSummary(mono, SAMPLE_RATE_HZ),
      tempoBpm: estimateTempoBpm(mono, SAMPLE_RATE_HZ),
      barRhythm: barRhythmProfile(mono, track),
    });
  }
}, 180_000);

describe('rendered tracks, one per category', () => {
  it('last exactly the catalog duration', () => {
    for (const { track, left } of rendered) {
      expect(Math.abs(left.length / SAMPLE_RATE_HZ - track.durationSeconds), track.name).toBeLessThan(0.001);
    }
  });

  it('are not silent and sit at a sensible loudness without clipping', () => {
    for (const { track, left, right, mono } of rendered) {
      const levelDb = 20 * Math.log10(rms(mono));
      expect(levelDb, track.name).toBeGreaterThan(-24);
      expect(levelDb, track.name).toBeLessThan(-10);
      const peak = Math.max(...[left, right].map((channel) => channel.reduce((m, x) => Math.max(m, Math.abs(x)), 0)));
      expect(peak, track.name).toBeLessThan(1);
      // Quiet stretches exist (intro, breaths) but no long silence: every 2 s window carries sound.
      const window = 2 * SAMPLE_RATE_HZ;
      for (let start = 0; start + window <= mono.length; start += window) {
        expect(rms(mono, start, start + window), `${track.name} at ${start / SAMPLE_RATE_HZ}s`).toBeGreaterThan(0.01);
      }
    }
  });

  it('spread energy across bass, mids and highs', () => {
    for (const { track, spectrum } of rendered) {
      expect(spectrum.bassShare, track.name).toBeGreaterThan(0.05);
      expect(spectrum.midShare, track.name).toBeGreaterThan(0.05);
      expect(spectrum.highShare, track.name).toBeGreaterThan(0.002);
    }
  });

  it('have onsets at a regular tempo matching the catalog bpm (or its half or double)', () => {
    for (const { track, tempoBpm } of rendered) {
      const ratios = [0.5, 1, 2].map((factor) => Math.abs(tempoBpm / (track.bpm * factor) - 1));
      expect(Math.min(...ratios), `${track.name}: ${tempoBpm} bpm measured, ${track.bpm} listed`).toBeLessThan(0.03);
    }
  });

  it('change harmony over time and stay in their key', () => {
    for (const { track, mono } of rendered) {
      const barSamples = mono.length / track.barCount;
      const bars = Array.from({ length: track.barCount }, (_, bar) =>
        chroma(mono, SAMPLE_RATE_HZ, Math.round(bar * barSamples), Math.round((bar + 1) * barSamples)),
      );
      const changes = bars.slice(1).map((profile, i) => cosineDistance(profile, bars[i]!));
      const clearChanges = changes.filter((distance) => distance > 0.1).length;
      expect(clearChanges / changes.length, track.name).toBeGreaterThan(0.4);

      const scale = new Set(scalePitchClasses({ tonicPitchClass: track.tonicPitchClass, mode: track.mode }));
      const whole = bars.reduce((sum, profile) => sum.map((value, i) => value + profile[i]! / bars.length), new Array<number>(12).fill(0));
      const inKey = whole.reduce((sum, share, pitchClass) => sum + (scale.has(pitchClass) ? share : 0), 0);
      // Seven of twelve pitch classes would hold 58% by chance.
      expect(inKey, track.name).toBeGreaterThan(0.8);
    }
  });

  it('loop seamlessly: the end runs into the start like any other pair of samples', () => {
    for (const { track, left, right } of rendered) {
      expectSeamlessLoop(left, SAMPLE_RATE_HZ, track.barCount, `${track.name} left`);
      expectSeamlessLoop(right, SAMPLE_RATE_HZ, track.barCount, `${track.name} right`);
    }
  });

  it('sound different from one category to another (tempo, brightness or rhythm)', () => {
    for (let i = 0; i < rendered.length; i++) {
      for (let j = i + 1; j < rendered.length; j++) {
        const a = rendered[i]!;
        const b = rendered[j]!;
        const tempoDifference = Math.abs(Math.log2(a.track.bpm / b.track.bpm));
        const centroidDifference = Math.abs(Math.log2(a.spectrum.centroidHz / b.spectrum.centroidHz));
        const rhythmDifference = cosineDistance(a.barRhythm, b.barRhythm);
        const label = `${a.track.categoryName} vs ${b.track.categoryName}: tempo ${tempoDifference.toFixed(3)}, centroid ${centroidDifference.toFixed(3)}, rhythm ${rhythmDifference.toFixed(3)}`;
        // 0.1 octave ≈ 7% in tempo or brightness; a rhythm distance of 0.02 is a different groove.
        expect(tempoDifference > 0.1 || centroidDifference > 0.1 || rhythmDifference > 0.02, label).toBe(true);
      }
    }
    // And the extremes by their measured (not listed) properties.
    const measured = (slug: string) => rendered.find((r) => r.track.categorySlug === slug)!;
    const foldedTempo = (r: Rendered) => (r.tempoBpm < 90 && r.track.bpm > 100 ? 2 * r.tempoBpm : r.tempoBpm);
    expect(foldedTempo(measured('electronic'))).toBeGreaterThan(foldedTempo(measured('ambient')) * 1.5);
    expect(measured('acoustic').spectrum.centroidHz).toBeGreaterThan(measured('hip-hop').spectrum.centroidHz * 1.5);
  });
});
