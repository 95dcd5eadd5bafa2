import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.js';
import { createFfmpegEngine, DEFAULT_RENDER_SEGMENTS } from '../../../src/engines/ffmpeg/index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cw-ffmpeg-bin-'));

describe('ffmpeg executables come from configuration', () => {
  it('FFMPEG_PATH, FFPROBE_PATH, RENDER_SEGMENTS and RENDER_PRESET are read by config.ts, with PATH lookups by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).ffmpeg).toEqual({
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      renderSegments: DEFAULT_RENDER_SEGMENTS,
      renderPreset: 'veryfast',
    });
    expect(loadConfig({ DATA_DIR: dataDir, FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe', RENDER_SEGMENTS: '1' }).ffmpeg).toEqual({
      ffmpegPath: '/opt/ff/ffmpeg',
      ffprobePath: '/opt/ff/ffprobe',
      renderSegments: 1,
      renderPreset: 'veryfast',
    });
    // Bounded: at least one process, at most four.
    expect(loadConfig({ DATA_DIR: dataDir, RENDER_SEGMENTS: '9' }).ffmpeg.renderSegments).toBe(4);
    expect(loadConfig({ DATA_DIR: dataDir, RENDER_SEGMENTS: '0' }).ffmpeg.renderSegments).toBe(1);
    expect(createFfmpegEngine(loadConfig({ DATA_DIR: dataDir, RENDER_SEGMENTS: '3' }).ffmpeg).renderSegments).toBe(3);
    expect(createFfmpegEngine(loadConfig({ DATA_DIR: dataDir, RENDER_PRESET: 'medium' }).ffmpeg).renderPreset).toBe('medium');
    expect(() => loadConfig({ DATA_DIR: dataDir, RENDER_PRESET: 'placebo' })).toThrow(/RENDER_PRESET must be one of ultrafast, superfast, veryfast/);
  });

  it('the engine starts the executables it was given, for every kind of run', async () => {
    const missing = join(dataDir, 'no-such-dir');
    const { ffmpeg: bin } = loadConfig({ DATA_DIR: dataDir, FFMPEG_PATH: join(missing, 'ffmpeg'), FFPROBE_PATH: join(missing, 'ffprobe') });
    const engine = createFfmpegEngine(bin);
    await expect(engine.run(['-version'])).rejects.toThrow(`${bin.ffmpegPath} could not start`);
    await expect(engine.capture(['-version'])).rejects.toThrow(`${bin.ffmpegPath} could not start`);
    await expect(engine.measureLoudness('x.wav')).rejects.toThrow(`${bin.ffmpegPath} could not start`);
    await expect(engine.probe('x.wav')).rejects.toThrow(`${bin.ffprobePath} could not start`);
  });
});
