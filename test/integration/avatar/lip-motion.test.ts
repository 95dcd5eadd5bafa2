import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../../src/engines/ffmpeg/index.js';
import { EspeakNgEngine } from '../../../src/engines/speech/espeak-ng.js';
import { FliteEngine } from '../../../src/engines/speech/flite.js';
import type { SpeechEngine } from '../../../src/engines/speech/port.js';
import {
  analyzeFrames,
  mouthTrackFromAudioFile,
  mouthTrackFromTimings,
  pearson,
  readMonoPcm,
  visemesFromWords,
  trackFromVisemes,
  type MouthTrack,
} from '../../../src/pipelines/avatar/visemes/index.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
const ffmpeg = createFfmpegEngine();

/** Three sentences: the engines pause between them, so the recording has real silences. */
const TEXT = 'Good morning, everyone. Today I will show you our new bottle. It keeps your coffee hot all day!';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lip-motion-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The speech's level per video frame (linear RMS) and the frames that lie inside pauses. */
async function speechEnergy(wavPath: string, frames: number): Promise<{ rms: number[]; silentRuns: Array<[number, number]> }> {
  const audio = await readMonoPcm(ffmpeg, wavPath);
  const features = analyzeFrames(audio.samples, audio.sampleRateHz, 30, frames);
  const db = features.map((f) => f.levelDb);
  const loud = [...db].sort((a, b) => a - b)[Math.floor(db.length * 0.95)]!;
  // A pause: at least 5 frames (0.17 s) 45 dB under the loud level.
  const silentRuns: Array<[number, number]> = [];
  let start = -1;
  for (let f = 0; f <= db.length; f++) {
    const quiet = f < db.length && db[f]! < loud - 45;
    if (quiet && start < 0) start = f;
    if (!quiet && start >= 0) {
      if (f - start >= 5) silentRuns.push([start, f]);
      start = -1;
    }
  }
  return { rms: db.map((d) => 10 ** (d / 20)), silentRuns };
}

/** Every frame of every pause is closed, apart from one frame of easing at each edge. */
function openFramesInPauses(track: MouthTrack, runs: Array<[number, number]>): number {
  let open = 0;
  for (const [a, b] of runs) for (let f = a + 1; f < b - 1; f++) if (track[f]!.openness > 0 || track[f]!.viseme !== 'rest') open++;
  return open;
}

const engines: Array<[string, SpeechEngine, string]> = [
  ['espeak-ng', new EspeakNgEngine(), 'en-us'],
  ['flite', new FliteEngine(), 'slt'],
];

describe.each(engines)('lip motion follows %s speech', (name, engine, voice) => {
  let wav: string;
  let durationSeconds: number;
  let timings: Awaited<ReturnType<SpeechEngine['synthesize']>>;
  beforeAll(async () => {
    wav = join(dir, `${name}.wav`);
    timings = await engine.synthesize({ text: TEXT, engineVoice: voice, outWavPath: wav });
    durationSeconds = timings.durationSeconds;
  });

  it('from the engine phones: opening correlates with energy and the mouth is shut in pauses', async () => {
    expect(timings.phones?.length).toBeGreaterThan(40);
    const track = mouthTrackFromTimings(timings, durationSeconds);
    expect(track.length).toBe(Math.round(durationSeconds * 30));
    const { rms, silentRuns } = await speechEnergy(wav, track.length);
    // The utterance really has pauses (leading silence and between sentences).
    expect(silentRuns.length).toBeGreaterThanOrEqual(2);
    const r = pearson(
      track.map((f) => f.openness),
      rms,
    );
    expect(r).toBeGreaterThan(0.45);
    expect(openFramesInPauses(track, silentRuns)).toBe(0);
    // Speech is not one held shape: several mouths appear, lips close for m/b/p.
    expect(new Set(track.map((f) => f.viseme)).size).toBeGreaterThanOrEqual(7);
    expect(track.some((f) => f.viseme === 'MBP')).toBe(true);
  });

  it('from word timings only (letter-based): still follows the energy', async () => {
    const track = trackFromVisemes(visemesFromWords(timings.words), { durationSeconds });
    const { rms, silentRuns } = await speechEnergy(wav, track.length);
    expect(
      pearson(
        track.map((f) => f.openness),
        rms,
      ),
    ).toBeGreaterThan(0.35);
    expect(openFramesInPauses(track, silentRuns)).toBe(0);
  });

  it('from the recording itself (own audio, as MP3): opening follows energy, shut in pauses', async () => {
    const mp3 = join(dir, `${name}.mp3`);
    await runFfmpeg(['-i', wav, '-c:a', 'libmp3lame', '-q:a', '4', mp3]);
    const track = await mouthTrackFromAudioFile(ffmpeg, mp3);
    const { rms, silentRuns } = await speechEnergy(wav, track.length);
    expect(Math.abs(track.length - durationSeconds * 30)).toBeLessThanOrEqual(2);
    expect(
      pearson(
        track.map((f) => f.openness),
        rms,
      ),
    ).toBeGreaterThan(0.65);
    expect(openFramesInPauses(track, silentRuns)).toBe(0);
    expect(new Set(track.map((f) => f.viseme)).size).toBeGreaterThanOrEqual(4);
  });
});
