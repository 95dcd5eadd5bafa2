import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceApiEngine, detectSingleFace, LANDMARK, type DetectedFace, type FaceEngine } from '../../../src/engines/face/index.js';
import { createFfmpegEngine, extractFrameRgb, runFfmpegCapture } from '../../../src/engines/ffmpeg/index.js';
import { FliteEngine } from '../../../src/engines/speech/flite.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { RhvoiceEngine } from '../../../src/engines/speech/rhvoice.js';
import { makePhotoAvatarClip } from '../../../src/pipelines/avatar/custom/photo-clip.js';
import { analyzeFrames, mouthTrackFromTimings, pearson, readMonoPcm } from '../../../src/pipelines/avatar/visemes/index.js';
import { makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

/** Three sentences with pauses, so loud, quiet and silent frames all occur. */
const TEXT = 'Good morning, everyone. Today I will show you our new bottle. It keeps your coffee hot all day!';
const SIZE = { width: 480, height: 600 };
const ffmpeg = createFfmpegEngine();

let fx: FixtureDir;
let faces: FaceEngine;
let portrait: string;
let face: DetectedFace;
beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-photo-mouth-energy-');
  faces = createFaceApiEngine();
  portrait = await makePortrait(fx.path('presenter.png'), 'presenter', { width: SIZE.width });
  face = await detectSingleFace(faces, portrait);
});
afterAll(async () => fx.cleanup());

/** The speech's level per video frame (linear RMS), as the lip-motion tests measure it. */
async function speechEnergy(wav: string, frames: number): Promise<number[]> {
  const audio = await readMonoPcm(ffmpeg, wav);
  return analyzeFrames(audio.samples, audio.sampleRateHz, 30, frames).map((f) => 10 ** (f.levelDb / 20));
}

/** Mean grey level of the mouth region on every frame of the video, in one decoding run. */
async function mouthLumaPerFrame(video: string): Promise<number[]> {
  const first = await extractFrameRgb(video, 0.02, SIZE);
  const firstPng = fx.path('first.png');
  await sharp(first.data, { raw: { ...SIZE, channels: 3 } })
    .png()
    .toFile(firstPng);
  const landmarks = (await detectSingleFace(faces, firstPng)).landmarks68;
  const lips = LANDMARK.outerLips.map((i) => landmarks[i]!);
  const xs = lips.map((p) => p[0]);
  const ys = lips.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  const h = Math.max(...ys) - Math.min(...ys);
  // The lips' box, extended down for the jaw drop; even numbers, as crop keeps them on 4:2:0 video.
  const even = (v: number) => 2 * Math.round(v / 2);
  const box = { x: even(Math.min(...xs) - w * 0.1), y: even(Math.min(...ys)), width: even(w * 1.2), height: even(h * 1.8) };
  const raw = await runFfmpegCapture([
    '-v',
    'error',
    '-i',
    video,
    '-vf',
    `crop=${box.width}:${box.height}:${box.x}:${box.y},format=gray`,
    '-f',
    'rawvideo',
    '-',
  ]);
  const area = box.width * box.height;
  return Array.from({ length: Math.floor(raw.length / area) }, (_, f) => raw.subarray(f * area, (f + 1) * area).reduce((s, v) => s + v, 0) / area);
}

describe('a speech-driven photo avatar (AI Avatar v1 path) moves with the speech energy', () => {
  it('flite phones: the drawn opening correlates ≥ 0.6 with the energy, and the video shows that opening', async () => {
    const wav = fx.path('flite.wav');
    const speech = await new FliteEngine().synthesize({ text: TEXT, engineVoice: 'slt', outWavPath: wav });
    expect(speech.phones?.length).toBeGreaterThan(40);
    const clip = await makePhotoAvatarClip(ffmpeg, {
      photoPath: portrait,
      face,
      audioPath: wav,
      words: speech.words,
      phones: speech.phones,
      durationSeconds: speech.durationSeconds,
      frame: SIZE,
      background: { kind: 'scene' },
      outputDir: fx.dir,
      seed: 3,
    });
    const energy = await speechEnergy(wav, clip.mouthOpenness.length);
    const drawn = pearson(clip.mouthOpenness, energy);
    const phonesOnly = pearson(
      mouthTrackFromTimings(speech, speech.durationSeconds).map((f) => f.openness),
      energy,
    );
    console.log(`photo avatar, flite slt phones: drawn opening vs speech energy r = ${drawn.toFixed(2)} (phone targets alone: ${phonesOnly.toFixed(2)})`);
    expect(drawn).toBeGreaterThanOrEqual(0.6);
    expect(drawn).toBeGreaterThan(phonesOnly + 0.15);

    // The render follows the drawn opening: the mouth region darkens as it opens.
    const luma = await mouthLumaPerFrame(clip.path);
    expect(luma.length).toBe(clip.mouthOpenness.length);
    const closed = Math.max(...luma);
    const darkening = luma.map((l) => closed - l);
    const shown = pearson(darkening, clip.mouthOpenness);
    const rendered = pearson(darkening, energy);
    console.log(`  mouth darkening in the video vs drawn opening r = ${shown.toFixed(2)}, vs speech energy r = ${rendered.toFixed(2)}`);
    expect(shown).toBeGreaterThan(0.9);
    expect(rendered).toBeGreaterThanOrEqual(0.6);
  }, 180_000);

  it('RHVoice word timings (the default voice, no phones): the drawn opening correlates ≥ 0.6 with the energy', async () => {
    const wav = fx.path('rhvoice.wav');
    const speech = await new RhvoiceEngine().synthesize({ text: TEXT, engineVoice: 'clb', outWavPath: wav });
    const clip = await makePhotoAvatarClip(ffmpeg, {
      photoPath: portrait,
      face,
      audioPath: wav,
      words: speech.words,
      phones: speech.phones,
      durationSeconds: speech.durationSeconds,
      frame: SIZE,
      background: { kind: 'scene' },
      outputDir: fx.dir,
      seed: 3,
    });
    const energy = await speechEnergy(wav, clip.mouthOpenness.length);
    const drawn = pearson(clip.mouthOpenness, energy);
    console.log(`photo avatar, RHVoice clb words: drawn opening vs speech energy r = ${drawn.toFixed(2)}`);
    expect(drawn).toBeGreaterThanOrEqual(0.6);
  }, 180_000);

  it('RHVoice as the service runs it (phones by forced alignment): the drawn opening correlates ≥ 0.6 with the energy', async () => {
    const wav = fx.path('rhvoice-aligned.wav');
    const speech = await createSpeechEngines().rhvoice!.synthesize({ text: TEXT, engineVoice: 'clb', outWavPath: wav });
    expect(speech.phones?.length ?? 0).toBeGreaterThan(10);
    const clip = await makePhotoAvatarClip(ffmpeg, {
      photoPath: portrait,
      face,
      audioPath: wav,
      words: speech.words,
      phones: speech.phones,
      durationSeconds: speech.durationSeconds,
      frame: SIZE,
      background: { kind: 'scene' },
      outputDir: fx.dir,
      seed: 3,
    });
    const energy = await speechEnergy(wav, clip.mouthOpenness.length);
    const drawn = pearson(clip.mouthOpenness, energy);
    console.log(`photo avatar, RHVoice clb aligned phones: drawn opening vs speech energy r = ${drawn.toFixed(2)}`);
    expect(drawn).toBeGreaterThanOrEqual(0.6);
  }, 180_000);
});
