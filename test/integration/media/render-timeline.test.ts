import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFfmpegEngine,
  extractFrameRgb,
  meanAbsDifference,
  meanColor,
  measureLoudness,
  measureRmsWindows,
  probeMedia,
} from '../../../src/engines/ffmpeg/index.js';
import { renderTimeline, type Timeline } from '../../../src/media/index.js';
import { makeAlphaClip, makeChords, makeFixtureDir, makeLogoPng, makePhoto, makeSpeech, makeTone, type FixtureDir } from '../../helpers/media-fixtures.js';

const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
// KEEP_MEDIA=1 keeps the rendered files in the temp folder for a look after a failure.
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const RED: [number, number, number] = [220, 30, 30];
const BLUE: [number, number, number] = [30, 30, 220];
const distance = (a: number[], b: number[]): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('renderTimeline (real ffmpeg)', () => {
  it('renders 9:16 at 1080x1920 with a fade, captions at their time, voice and music', async () => {
    const voice = await makeSpeech(fx.path('voice.wav'), 'Fresh deals every day');
    const music = await makeChords(fx.path('music.wav'), 2);
    const timeline: Timeline = {
      aspectRatio: '9:16',
      scenes: [
        { durationSeconds: 1.5, background: { kind: 'color', color: '#DC1E1E' }, transitionOut: { kind: 'fade', durationSeconds: 0.6 } },
        { durationSeconds: 1.5, background: { kind: 'color', color: '#1E1EDC' } },
      ],
      voiceover: { clips: [{ path: voice, startSeconds: 0.2 }] },
      music: { path: music, volume: 0.3 },
      // No word before 2 s, so earlier frames show no caption.
      captions: {
        words: [
          { word: 'FRESH', startSeconds: 2.0, endSeconds: 2.4 },
          { word: 'DEALS', startSeconds: 2.4, endSeconds: 2.9 },
        ],
        setting: { style: 'caution', font_size: 110 },
      },
    };
    const videoPath = fx.path('portrait.mp4');
    const thumbnailPath = fx.path('portrait.jpg');
    const progress: number[] = [];
    const result = await renderTimeline(engine, timeline, { quality: 'render', videoPath, thumbnailPath }, { onProgress: (f) => progress.push(f) });

    expect(Math.abs(result.durationSeconds - 3)).toBeLessThanOrEqual(0.1);
    expect(result.probe.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920, fps: 30, pixelFormat: 'yuv420p' });
    expect(result.probe.audio).toMatchObject({ codec: 'aac', sampleRateHz: 48000, channels: 2 });
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
    const thumb = await probeMedia(thumbnailPath);
    expect(thumb.video).toMatchObject({ width: 1080, height: 1920 });

    const size = { width: 270, height: 480 };
    const [before, during, after] = await Promise.all([0.6, 1.5, 2.6].map((t) => extractFrameRgb(videoPath, t, size)));
    const centre = { x: 100, y: 100, width: 70, height: 100 };
    expect(distance(meanColor(before!, centre), RED)).toBeLessThan(40);
    expect(distance(meanColor(after!, centre), BLUE)).toBeLessThan(40);
    // Mid-fade: a mix of both, far from either scene's colour.
    const mid = meanColor(during!, centre);
    expect(distance(mid, RED)).toBeGreaterThan(60);
    expect(distance(mid, BLUE)).toBeGreaterThan(60);

    // Caption region (offset y 0.4 → 90 % of the height): yellow box with text only while a word is spoken.
    const band = { x: 40, y: 410, width: 190, height: 40 };
    const blueOnly = await extractFrameRgb(videoPath, 1.9, size);
    expect(meanAbsDifference(blueOnly, after!, band)).toBeGreaterThan(25);
    expect(distance(meanColor(blueOnly, band), BLUE)).toBeLessThan(40);

    const levels = await measureRmsWindows(videoPath, { windowSeconds: 0.25 });
    expect(Math.max(...levels)).toBeGreaterThan(-30);
  });

  it('ducks music under speech and normalises loudness near -14 LUFS', async () => {
    // A 200 Hz "voice" from 1 s to 2 s and 3 kHz "music": the music band is followed on its own.
    const speechLike = await makeTone(fx.path('speech-like.wav'), 1, 200, 0.9);
    const music = await makeTone(fx.path('music-tone.wav'), 1.5, 3000, 0.9);
    const timeline: Timeline = {
      aspectRatio: '1:1',
      scenes: [{ durationSeconds: 3, background: { kind: 'color', color: '#000000' } }],
      voiceover: { clips: [{ path: speechLike, startSeconds: 1 }] },
      music: { path: music, volume: 0.5, fadeOutSeconds: 0 },
    };
    const videoPath = fx.path('ducked.mp4');
    await renderTimeline(engine, timeline, { quality: 'preview', videoPath });
    const musicBand = await measureRmsWindows(videoPath, { windowSeconds: 0.25, audioFilter: 'bandpass=f=3000:width_type=q:w=4' });
    const alone = (musicBand[1]! + musicBand[2]!) / 2;
    const underVoice = (musicBand[6]! + musicBand[7]!) / 2;
    expect(alone - underVoice).toBeGreaterThan(6);
    // The music loops (1.5 s source, 3 s video), so it is still there at the end.
    expect(musicBand[11]!).toBeGreaterThan(underVoice);

    const voiceOnly: Timeline = {
      ...timeline,
      music: undefined,
      voiceover: { clips: [{ path: speechLike }] },
      scenes: [{ ...timeline.scenes[0]!, durationSeconds: 1 }],
    };
    const voicePath = fx.path('voice-only.mp4');
    await renderTimeline(engine, voiceOnly, { quality: 'render', videoPath: voicePath });
    const loudness = await measureLoudness(voicePath);
    expect(Math.abs(loudness.integratedLufs + 14)).toBeLessThan(2);
  });

  it('makes a 16:9 preview with motion, a logo, an alpha avatar and a visible PREVIEW mark', async () => {
    const photo = await makePhoto(fx.path('photo.jpg'), { width: 800, height: 600 }, 1);
    const logo = await makeLogoPng(fx.path('logo.png'), 120, 'red');
    const avatar = await makeAlphaClip(fx.path('avatar.webm'), 2, 160);
    const base: Timeline = {
      aspectRatio: '16:9',
      scenes: [
        { durationSeconds: 1, background: { kind: 'image', path: photo, motion: 'zoom-in' }, transitionOut: { kind: 'leftSwipe', durationSeconds: 0.4 } },
        { durationSeconds: 1, background: { kind: 'color', color: '#1E1EDC' } },
      ],
      layers: [
        { kind: 'logo', path: logo },
        { kind: 'avatar', path: avatar, position: { x: -0.3, y: 0.2 }, scale: 0.4 },
      ],
    };
    const progress: number[] = [];
    const videoPath = fx.path('preview.mp4');
    const result = await renderTimeline(engine, base, { quality: 'preview', videoPath }, { onProgress: (f) => progress.push(f) });
    expect(result.probe.video).toMatchObject({ width: 640, height: 360 });
    expect(Math.abs(result.durationSeconds - 2)).toBeLessThanOrEqual(0.1);
    expect(progress.at(-1)).toBe(1);
    expect((await stat(videoPath)).size).toBeGreaterThan(1000);

    const frame = await extractFrameRgb(videoPath, 1.8, { width: 640, height: 360 });
    // Logo disc at its default top-right place: x 0.86, y 0.1 of the frame.
    const [lr, lg, lb] = meanColor(frame, { x: 545, y: 32, width: 6, height: 6 });
    expect(lr).toBeGreaterThan(180);
    expect(lg + lb).toBeLessThan(120);
    // Avatar: opaque yellow centre; its transparent corners show the blue background.
    const avatarCentre = { x: 128, y: 252 };
    const [ar, ag, ab] = meanColor(frame, { x: avatarCentre.x - 4, y: avatarCentre.y - 4, width: 8, height: 8 });
    expect(ar).toBeGreaterThan(180);
    expect(ag).toBeGreaterThan(180);
    expect(ab).toBeLessThan(100);
    expect(distance(meanColor(frame, { x: avatarCentre.x - 62, y: avatarCentre.y - 62, width: 6, height: 6 }), BLUE)).toBeLessThan(40);
    // The watermark brightens the middle of a flat blue frame.
    const middle = meanColor(frame, { x: 250, y: 160, width: 140, height: 40 });
    const plain = meanColor(frame, { x: 20, y: 300, width: 60, height: 40 });
    expect(middle[0] + middle[1]).toBeGreaterThan(plain[0] + plain[1] + 40);
  });
});
