import { describe, expect, it } from 'vitest';
import { compileTimeline, type Timeline } from '../../../src/media/index.js';

/** What templates need from the compiler: a clip shown from a later point of itself, and a smaller output. */
describe('compileTimeline: layer source offset and output size', () => {
  const timeline: Timeline = {
    aspectRatio: '16:9',
    scenes: [{ durationSeconds: 4, background: { kind: 'color', color: '#000000' } }],
    layers: [
      { kind: 'avatar', path: '/in/host.mp4', box: { width: 0.5, height: 0.5 }, startSeconds: 2, endSeconds: 4, sourceStartSeconds: 2 },
      { kind: 'video', path: '/in/clip.mp4', startSeconds: 0, endSeconds: 1 },
    ],
  };

  it('skips into the clip with -ss before its input only when asked', () => {
    const { args } = compileTimeline(timeline, { quality: 'render', videoPath: '/out/v.mp4' });
    const host = args.indexOf('/in/host.mp4');
    const clip = args.indexOf('/in/clip.mp4');
    expect(args.slice(host - 5, host)).toEqual(['-ss', '2', '-t', '2', '-i']);
    expect(args.slice(host + 1, clip)).not.toContain('-ss');
    expect(args.slice(clip - 3, clip)).toEqual(['-t', '1', '-i']);
  });

  it('renders at the given frame size instead of the contract size', () => {
    const small = compileTimeline(timeline, { quality: 'render', videoPath: '/out/v.mp4', frame: { width: 480, height: 270 } });
    expect(small.frame).toEqual({ width: 480, height: 270 });
    expect(small.filterGraph).toContain('s=480x270');
    expect(compileTimeline(timeline, { quality: 'render', videoPath: '/out/v.mp4' }).frame).toEqual({ width: 1920, height: 1080 });
  });
});
