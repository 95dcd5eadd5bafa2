import { describe, expect, it } from 'vitest';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { compileTimelineSegments, segmentBoundaries, segmentCountFor, SEGMENT_LIST_FILE_NAME } from '../../../src/media/compile-segments.js';
import { renderTimeline, type Timeline } from '../../../src/media/index.js';

const timeline: Timeline = {
  aspectRatio: '9:16',
  scenes: [
    { durationSeconds: 6, background: { kind: 'image', path: '/in/photo.jpg', motion: 'zoom-in' }, transitionOut: { kind: 'fade', durationSeconds: 0.5 } },
    { durationSeconds: 6, background: { kind: 'color', color: '#336699' } },
  ],
  voiceover: { clips: [{ path: '/in/voice.wav' }] },
  music: { path: '/in/music.mp3' },
  captions: { words: [{ word: 'hello', startSeconds: 7, endSeconds: 7.5 }] },
};
const output = { quality: 'render' as const, videoPath: '/out/v.mp4', thumbnailPath: '/out/v.jpg', thumbnailAtSeconds: 9 };

const graphOf = (args: string[]): string => args[args.indexOf('-filter_complex') + 1]!;

describe('segmented render plan', () => {
  it('gives later segments fewer frames, since they also filter the frames before them', () => {
    const b = segmentBoundaries(360, 2);
    expect(b[0]).toBe(0);
    expect(b[2]).toBe(360);
    // (b1) + 0.3·b1 = (360 − b1) + 0.3·360 → b1 ≈ 203
    expect(b[1]).toBeGreaterThan(195);
    expect(b[1]).toBeLessThan(210);
    const four = segmentBoundaries(1000, 4);
    const lengths = four.slice(1).map((x, i) => x - four[i]!);
    expect(lengths).toEqual([...lengths].sort((x, y) => y - x));
    expect(four.at(-1)).toBe(1000);
  });

  it('splits only when every segment gets at least 5 s', () => {
    expect(segmentCountFor(30, 2)).toBe(2);
    expect(segmentCountFor(9.9, 2)).toBe(1);
    expect(segmentCountFor(30, 1)).toBe(1);
    expect(segmentCountFor(12, 4)).toBe(2);
  });

  it('compiles one video-only run per segment, one audio run and a copying join', () => {
    const plan = compileTimelineSegments(timeline, output, 2);
    expect(plan.expectedDurationSeconds).toBe(12);
    expect(plan.videoRuns).toHaveLength(2);
    const [first, second] = plan.videoRuns;
    expect(first!.startFrame).toBe(0);
    expect(first!.endFrame).toBe(second!.startFrame);
    expect(second!.endFrame).toBe(360);
    for (const run of plan.videoRuns) {
      expect(run.args).toContain('-an');
      expect(run.args).not.toContain('/in/voice.wav');
      expect(run.args).toContain('/in/photo.jpg');
      // Trimmed before the captions are drawn; timestamps reset after them.
      expect(graphOf(run.args)).toMatch(new RegExp(`trim=start_frame=${run.startFrame}:end_frame=${run.endFrame},ass=filename=overlay.ass,format=yuv420p`));
      expect(graphOf(run.args)).toContain('setpts=PTS-STARTPTS[seg');
      expect(run.expectedDurationSeconds).toBeCloseTo((run.endFrame - run.startFrame) / 30, 6);
    }
    // The thumbnail at 9 s (frame 270) comes from the second segment, at its own frame index.
    expect(first!.args).not.toContain('/out/v.jpg');
    expect(second!.args).toContain('/out/v.jpg');
    expect(graphOf(second!.args)).toContain(`trim=start_frame=${270 - second!.startFrame}:end_frame=${271 - second!.startFrame}`);

    expect(plan.audioRun.args).toContain('/in/voice.wav');
    expect(plan.audioRun.args).toContain('/in/music.mp3');
    expect(plan.audioRun.args).not.toContain('/in/photo.jpg');
    expect(plan.files[SEGMENT_LIST_FILE_NAME]).toBe(
      `ffconcat version 1.0\nfile 'segment-0.mp4'\nduration ${(first!.endFrame / 30).toFixed(6)}\nfile 'segment-1.mp4'\nduration ${((360 - first!.endFrame) / 30).toFixed(6)}\n`,
    );
    expect(plan.files['overlay.ass']).toContain('hello');
    expect(plan.joinArgs).toEqual(expect.arrayContaining(['-f', 'concat', '-c:v', 'copy', '-c:a', 'copy', '/out/v.mp4']));
    // x264's thread count is left to x264 unless the machine's cores are given.
    expect(first!.args).not.toContain('-threads');
  });

  it("gives each segment's encoder a core's share of threads and one more", () => {
    const two = compileTimelineSegments(timeline, output, 2, { cores: 2 });
    for (const run of two.videoRuns) expect(run.args.slice(run.args.indexOf('-threads'), run.args.indexOf('-threads') + 2)).toEqual(['-threads', '2']);
    const eight = compileTimelineSegments(timeline, output, 2, { cores: 8 });
    expect(eight.videoRuns[0]!.args[eight.videoRuns[0]!.args.indexOf('-threads') + 1]).toBe('5');
    expect(two.audioRun.args).not.toContain('-threads');
  });
});

describe('renderTimeline in segments (fake engine)', () => {
  it('runs the segments and the audio, then the join; progress reaches 1 in order', async () => {
    const engine = createFakeFfmpegEngine({ loudnessLufs: -20 });
    const progress: number[] = [];
    await renderTimeline(engine, timeline, output, { segments: 2, onProgress: (f) => progress.push(f) });
    expect(engine.runs).toHaveLength(4);
    expect(engine.runs[3]!.args).toContain('concat');
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('keeps one run for previews and for short renders', async () => {
    const engine = createFakeFfmpegEngine({ loudnessLufs: -20 });
    await renderTimeline(engine, timeline, { ...output, quality: 'preview' }, { segments: 2 });
    await renderTimeline(engine, { ...timeline, scenes: [{ durationSeconds: 8, background: { kind: 'color', color: '#000000' } }] }, output, { segments: 2 });
    expect(engine.runs).toHaveLength(2);
  });

  it("the caller's abort stops every run and no join follows", async () => {
    const controller = new AbortController();
    const stopped: boolean[] = [];
    const engine = createFakeFfmpegEngine({
      loudnessLufs: -20,
      onRun: async (_args, opts) => {
        if (engine.runs.length === 3) controller.abort();
        await new Promise<void>((resolve) => {
          if (opts.signal?.aborted) return resolve();
          opts.signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        stopped.push(opts.signal?.aborted ?? false);
      },
    });
    await expect(renderTimeline(engine, timeline, output, { segments: 2, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(stopped).toEqual([true, true, true]);
    expect(engine.runs.some((r) => r.args.includes('concat'))).toBe(false);
  });

  it('a failing segment stops the other runs and fails the render with its error', async () => {
    const aborted: boolean[] = [];
    const engine = createFakeFfmpegEngine({
      loudnessLufs: -20,
      onRun: async (args, opts) => {
        if (args.includes('segment-1.mp4')) throw new Error('segment 1 broke');
        // The others wait until they are stopped.
        await new Promise<void>((resolve) => {
          if (opts.signal?.aborted) return resolve();
          opts.signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        aborted.push(opts.signal?.aborted ?? false);
      },
    });
    await expect(renderTimeline(engine, timeline, output, { segments: 2 })).rejects.toThrow('segment 1 broke');
    expect(aborted).toEqual([true, true]);
    expect(engine.runs.some((r) => r.args.includes('concat'))).toBe(false);
  });
});
