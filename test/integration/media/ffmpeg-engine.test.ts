import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegError, extractFrameRgb, meanColor, measureLoudness, measureRmsWindows, probeMedia, runFfmpeg } from '../../../src/engines/ffmpeg/index.js';
import { makeFixtureDir, makeTone, type FixtureDir } from '../../helpers/media-fixtures.js';

let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => fx.cleanup());

describe('runFfmpeg and probeMedia (real ffmpeg)', () => {
  it('writes a file, reports progress to 1, and probes it into our own types', async () => {
    const out = fx.path('green.mp4');
    const progress: number[] = [];
    await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        'color=c=0x00FF00:s=160x90:r=30:d=2',
        '-f',
        'lavfi',
        '-i',
        'sine=f=440:d=2',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        out,
      ],
      { expectedDurationSeconds: 2, onProgress: (f) => progress.push(f) },
    );
    expect(progress.at(-1)).toBe(1);
    const probe = await probeMedia(out);
    expect(probe.durationSeconds).toBeGreaterThan(1.9);
    expect(probe.durationSeconds).toBeLessThan(2.1);
    expect(probe.sizeBytes).toBe((await stat(out)).size);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 160, height: 90, fps: 30, pixelFormat: 'yuv420p', hasAlpha: false });
    expect(probe.audio).toMatchObject({ codec: 'aac', channels: 1 });
    const frame = await extractFrameRgb(out, 1, { width: 160, height: 90 });
    const [r, g, b] = meanColor(frame, { x: 10, y: 10, width: 100, height: 60 });
    expect(g).toBeGreaterThan(200);
    expect(r + b).toBeLessThan(60);
  });

  it('fails with an FfmpegError carrying the last stderr lines', async () => {
    const missing = fx.path('does-not-exist.wav');
    const error = await runFfmpeg(['-i', missing, fx.path('x.mp3')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    const ffError = error as FfmpegError;
    expect(ffError.exitCode).not.toBe(0);
    expect(ffError.stderrTail.join('\n')).toContain('No such file or directory');
    expect(ffError.stderrTail.length).toBeLessThanOrEqual(20);
  });

  it('kills the process on abort and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const started = Date.now();
    // -re reads the input in real time, so this run would take 60 s.
    const run = runFfmpeg(['-re', '-f', 'lavfi', '-i', 'sine=d=60', '-f', 'null', '-'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('measures loudness and level over time', async () => {
    const loud = await makeTone(fx.path('loud.wav'), 2, 1000, 0.5);
    const quiet = await makeTone(fx.path('quiet.wav'), 2, 1000, 0.05);
    const [a, b] = await Promise.all([measureLoudness(loud), measureLoudness(quiet)]);
    expect(a.integratedLufs - b.integratedLufs).toBeCloseTo(20, 0);
    const levels = await measureRmsWindows(loud, { windowSeconds: 0.5 });
    expect(levels).toHaveLength(4);
    // ffmpeg's sine source peaks at 1/8 full scale; RMS of a sine is peak/√2.
    const expectedDb = 20 * Math.log10((0.125 * 0.5) / Math.SQRT2);
    for (const db of levels) expect(db).toBeCloseTo(expectedDb, 0);
  });
});
