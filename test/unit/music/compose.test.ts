import { describe, expect, it } from 'vitest';
import { listMusicTracks } from '../../../src/domain/catalog/music.js';
import { parseStepRuns, planSections } from '../../../src/pipelines/music/arrangement.js';
import { composeCatalogTrack } from '../../../src/pipelines/music/render-track.js';
import { diatonicChord, scalePitchClasses, voiceChord } from '../../../src/pipelines/music/theory.js';

describe('music theory', () => {
  it('builds diatonic chords inside the key', () => {
    const cMajor = { tonicPitchClass: 0, mode: 'major' as const };
    expect(diatonicChord(cMajor, 0, 3).pitchClasses).toEqual([0, 4, 7]);
    expect(diatonicChord(cMajor, 5, 3).pitchClasses).toEqual([9, 0, 4]); // vi = A minor
    expect(diatonicChord(cMajor, 4, 4).pitchClasses).toEqual([7, 11, 2, 5]); // V7
    const aMinor = { tonicPitchClass: 9, mode: 'minor' as const };
    expect(scalePitchClasses(aMinor).sort((a, b) => a - b)).toEqual(scalePitchClasses(cMajor).sort((a, b) => a - b));
  });

  it('voices chords close together, ascending, above the register floor', () => {
    const chord = diatonicChord({ tonicPitchClass: 2, mode: 'minor' }, 3, 4);
    const notes = voiceChord(chord, 55);
    expect(notes.every((n, i) => i === 0 || n > notes[i - 1]!)).toBe(true);
    expect(notes[0]).toBeGreaterThanOrEqual(55);
    expect(notes[notes.length - 1]! - notes[0]!).toBeLessThan(12);
  });
});

describe('arrangement plan', () => {
  it('has an intro, A and B phrases and an outro of whole bars', () => {
    const sections = planSections(24);
    expect(sections).toHaveLength(24);
    expect(sections.slice(0, 4)).toEqual(['intro', 'intro', 'intro', 'intro']);
    expect(sections.slice(-4)).toEqual(['outro', 'outro', 'outro', 'outro']);
    expect(sections).toContain('A');
    expect(sections).toContain('B');
    expect(() => planSections(10)).toThrow();
  });

  it('reads 16-step patterns as runs', () => {
    expect(parseStepRuns('R--.5-.O')).toEqual([
      { step: 0, lengthSteps: 3, symbol: 'R' },
      { step: 4, lengthSteps: 2, symbol: '5' },
      { step: 7, lengthSteps: 1, symbol: 'O' },
    ]);
  });
});

describe('composition', () => {
  const tracks = listMusicTracks();

  it('is a pure function of the track', () => {
    expect(composeCatalogTrack(tracks[0]!)).toEqual(composeCatalogTrack(tracks[0]!));
  });

  it('writes every part in the key, with bass, chords, drums and a melody', () => {
    for (const track of tracks) {
      const arrangement = composeCatalogTrack(track);
      const scale = new Set(scalePitchClasses({ tonicPitchClass: track.tonicPitchClass, mode: track.mode }));
      const pitched = [...arrangement.parts.pad, ...arrangement.parts.bass, ...arrangement.parts.arp, ...arrangement.parts.lead];
      expect(
        pitched.filter((note) => !scale.has(note.midi % 12)),
        track.name,
      ).toEqual([]);
      expect(arrangement.parts.bass.length, track.name).toBeGreaterThanOrEqual(arrangement.barCount - 8);
      expect(arrangement.parts.pad.length, track.name).toBeGreaterThanOrEqual(arrangement.barCount * 3);
      expect(arrangement.parts.lead.length, track.name).toBeGreaterThanOrEqual(6);
      expect(arrangement.drums.length, track.name).toBeGreaterThan(arrangement.barCount * 4);
      expect(arrangement.chords).toHaveLength(arrangement.barCount);
    }
  });

  it('changes chords within every phrase and uses several different chords', () => {
    for (const track of tracks) {
      const degrees = composeCatalogTrack(track).chords.map((c) => c.degree);
      expect(new Set(degrees).size, track.name).toBeGreaterThanOrEqual(3);
      for (let bar = 0; bar < degrees.length; bar += 4) {
        expect(new Set(degrees.slice(bar, bar + 4)).size, `${track.name} bar ${bar}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('ends melody phrases on the tonic', () => {
    const track = tracks.find((t) => t.categorySlug === 'upbeat')!;
    const arrangement = composeCatalogTrack(track);
    const lastLeadNote = [...arrangement.parts.lead].sort((a, b) => a.startBeat - b.startBeat).pop()!;
    expect(lastLeadNote.midi % 12).toBe(track.tonicPitchClass);
  });

  it('keeps every event inside the loop (a hair of humanised timing may lead the first beat)', () => {
    for (const track of tracks) {
      const arrangement = composeCatalogTrack(track);
      const loopBeats = arrangement.barCount * arrangement.beatsPerBar;
      const events = [...Object.values(arrangement.parts).flat(), ...arrangement.drums];
      const starts = events.map((event) => event.startBeat);
      expect(Math.min(...starts)).toBeGreaterThan(-0.05);
      expect(Math.max(...starts)).toBeLessThan(loopBeats);
    }
  });

  it('leaves the intro and outro sparse so the loop point joins like phrases', () => {
    for (const track of tracks) {
      const arrangement = composeCatalogTrack(track);
      const beatsPerBar = arrangement.beatsPerBar;
      const inBars = (from: number, to: number) => (e: { startBeat: number }) =>
        e.startBeat >= from * beatsPerBar - 0.05 && e.startBeat < to * beatsPerBar - 0.05;
      const introBass = arrangement.parts.bass.filter(inBars(0, 4));
      const outroBass = arrangement.parts.bass.filter(inBars(arrangement.barCount - 4, arrangement.barCount));
      expect(introBass).toHaveLength(0);
      expect(outroBass).toHaveLength(0);
    }
  });
});
