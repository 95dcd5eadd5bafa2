import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { OVERLAY_FILE_NAME, renderTimeline, type Timeline } from '../../../src/media/index.js';

const timeline: Timeline = {
  aspectRatio: '1:1',
  scenes: [{ durationSeconds: 2, background: { kind: 'color', color: '#336699' } }],
  voiceover: { clips: [{ path: '/in/voice.wav' }] },
  music: { path: '/in/music.mp3' },
  captions: { words: [{ word: 'hi', startSeconds: 0.1, endSeconds: 0.5 }] },
};

describe('renderTimeline with the fake engine', () => {
  it('measures levels, writes the overlay next to the run, and reports progress up to 1', async () => {
    let overlay = '';
    const engine = createFakeFfmpegEngine({
      loudnessLufs: -23,
      onRun: async (_args, opts) => {
        overlay = await readFile(join(opts.cwd!, OVERLAY_FILE_NAME), 'utf8');
      },
    });
    const progress: number[] = [];
    const result = await renderTimeline(engine, timeline, { quality: 'render', videoPath: '/out/v.mp4' }, { onProgress: (f) => progress.push(f) });
    expect(overlay).toContain('hi');
    expect(engine.runs).toHaveLength(1);
    const graph = engine.runs[0]!.args[engine.runs[0]!.args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('volume=9dB');
    expect(engine.runs[0]!.opts.expectedDurationSeconds).toBe(2);
    expect(progress[progress.length - 1]).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(engine.probedPaths).toEqual(['/out/v.mp4']);
    expect(result.videoPath).toBe('/out/v.mp4');
  });

  it("encodes a full-size render at the engine's preset (RENDER_PRESET) and leaves previews and a render's own preset alone", async () => {
    const presetOf = async (output: { quality: 'render' | 'preview'; encoderPreset?: string }) => {
      const engine = { ...createFakeFfmpegEngine(), renderPreset: 'medium' as const };
      await renderTimeline(engine, timeline, { ...output, videoPath: '/out/v.mp4' });
      const args = engine.runs[0]!.args;
      return args[args.indexOf('-preset') + 1];
    };
    expect(await presetOf({ quality: 'render' })).toBe('medium');
    expect(await presetOf({ quality: 'preview' })).toBe('ultrafast');
    expect(await presetOf({ quality: 'render', encoderPreset: 'slow' })).toBe('slow');
  });

  it('stops with an AbortError when the signal is already aborted', async () => {
    const engine = createFakeFfmpegEngine();
    const controller = new AbortController();
    controller.abort();
    await expect(renderTimeline(engine, timeline, { quality: 'preview', videoPath: '/o.mp4' }, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
