import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb, meanAbsDifference, meanColor, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { segmentBoundaries } from '../../../src/media/compile-segments.js';
import { renderTimeline, type Timeline } from '../../../src/media/index.js';
import { makeChords, makeFixtureDir, makePhoto, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';

const exec = promisify(execFile);
const engine = createFfmpegEngine();
const FPS = 30;
const SIZE = { width: 270, height: 480 };
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const distance = (a: number[], b: number[]): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
const GREEN = [30, 200, 60];
const BLUE = [30, 30, 220];

async function streamFacts(path: string): Promise<{ frames: number; videoSeconds: number; audioSeconds: number }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,nb_read_frames,duration', '-of', 'json', path]);
  const streams = JSON.parse(stdout).streams as { codec_type: string; nb_read_frames?: string; duration: string }[];
  const video = streams.find((s) => s.codec_type === 'video')!;
  const audio = streams.find((s) => s.codec_type === 'audio')!;
  return { frames: Number(video.nb_read_frames), videoSeconds: Number(video.duration), audioSeconds: Number(audio.duration) };
}

describe('a full-size render split into parallel segments (real ffmpeg)', () => {
  it('equals the one-run render: same frames, a scene change on its exact frame after the joint, captions and thumbnail from the second segment', async () => {
    const totalFrames = 330; // 11 s: two segments
    const joint = segmentBoundaries(totalFrames, 2)[1]!;
    // Blue turns green 20 frames after the joint: a segment whose frames slipped would move it.
    const change = joint + 20;
    const [photo, voice, music] = await Promise.all([
      makePhoto(fx.path('photo.jpg'), { width: 640, height: 640 }),
      makeSpeech(fx.path('voice.wav'), 'Fresh deals every day, and more to come tomorrow'),
      makeChords(fx.path('music.wav'), 4),
    ]);
    const timeline: Timeline = {
      aspectRatio: '9:16',
      scenes: [
        { durationSeconds: 4, background: { kind: 'image', path: photo, motion: 'zoom-in' }, transitionOut: { kind: 'fade', durationSeconds: 0.5 } },
        { durationSeconds: change / FPS - 4, background: { kind: 'color', color: '#1E1EDC' } },
        { durationSeconds: (totalFrames - change) / FPS, background: { kind: 'color', color: '#1EC83C' } },
      ],
      voiceover: { clips: [{ path: voice, startSeconds: 0.5 }] },
      music: { path: music, volume: 0.3 },
      // One word well inside the second segment, none just before it.
      captions: {
        words: [{ word: 'TOMORROW', startSeconds: (joint + 40) / FPS, endSeconds: (joint + 70) / FPS }],
        setting: { style: 'caution', font_size: 110 },
      },
    };
    const render = async (segments: number, name: string) => {
      const progress: number[] = [];
      const result = await renderTimeline(
        engine,
        timeline,
        {
          quality: 'render',
          frame: SIZE,
          videoPath: fx.path(`${name}.mp4`),
          thumbnailPath: fx.path(`${name}.jpg`),
          thumbnailAtSeconds: (change + 5) / FPS,
        },
        { segments, onProgress: (f) => progress.push(f) },
      );
      return { result, progress };
    };
    const [split, whole] = [await render(2, 'split'), await render(1, 'whole')];

    expect(split.progress.at(-1)).toBe(1);
    expect(split.progress).toEqual([...split.progress].sort((a, b) => a - b));
    expect(split.result.probe.video).toMatchObject({ codec: 'h264', width: SIZE.width, height: SIZE.height, fps: 30, pixelFormat: 'yuv420p' });
    expect(split.result.probe.audio).toMatchObject({ codec: 'aac', sampleRateHz: 48000, channels: 2 });

    const [s, w] = await Promise.all([streamFacts(split.result.videoPath), streamFacts(whole.result.videoPath)]);
    expect(s.frames).toBe(totalFrames);
    expect(w.frames).toBe(totalFrames);
    expect(Math.abs(s.audioSeconds - s.videoSeconds)).toBeLessThan(1 / FPS + 0.03);

    const frameAt = (path: string, index: number) => extractFrameRgb(path, (index + 0.5) / FPS, SIZE);
    const centre = { x: 60, y: 60, width: 150, height: 100 };
    // The scene change sits on its frame in the segmented output.
    expect(distance(meanColor(await frameAt(split.result.videoPath, change - 1), centre), BLUE)).toBeLessThan(40);
    expect(distance(meanColor(await frameAt(split.result.videoPath, change), centre), GREEN)).toBeLessThan(40);
    // Around the joint and during the zoom, the two renders show the same pictures (encoder noise only).
    for (const index of [30, joint - 1, joint, joint + 1, joint + 55, totalFrames - 2]) {
      const [a, b] = await Promise.all([frameAt(split.result.videoPath, index), frameAt(whole.result.videoPath, index)]);
      expect(meanAbsDifference(a, b), `frame ${index}`).toBeLessThan(3);
    }
    // The caption drawn in the second segment at its time, not before.
    const band = { x: 20, y: 400, width: 230, height: 60 };
    const [before, during] = await Promise.all([frameAt(split.result.videoPath, joint + 30), frameAt(split.result.videoPath, joint + 55)]);
    expect(meanAbsDifference(before, during, band)).toBeGreaterThan(20);

    const thumb = await probeMedia(fx.path('split.jpg'));
    expect(thumb.video).toMatchObject({ width: SIZE.width, height: SIZE.height });
    const thumbPixels = await extractFrameRgb(fx.path('split.jpg'), 0, SIZE);
    expect(distance(meanColor(thumbPixels, centre), GREEN)).toBeLessThan(40);
  }, 120_000);
});
