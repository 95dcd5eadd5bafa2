import { describe, expect, it } from 'vitest';
import { compileTimeline, OVERLAY_FILE_NAME, type Timeline } from '../../../src/media/index.js';
import { planScenes, sceneClipWindow } from '../../../src/media/scene-video.js';

const color = (c: string) => ({ kind: 'color' as const, color: c });

/** Layers drawn into their scene, exact boxes, round pictures, per-clip voice volume, several caption tracks. */
describe('compileTimeline: multi-scene additions', () => {
  it("draws a layersInScene scene's pictures and clips before the join, over its whole clip when untimed", () => {
    const timeline: Timeline = {
      aspectRatio: '9:16',
      scenes: [
        { durationSeconds: 2, background: color('#111111'), transitionOut: { kind: 'leftSwipe', durationSeconds: 0.5 } },
        {
          durationSeconds: 2,
          background: color('#222222'),
          layersInScene: true,
          layers: [
            { kind: 'image', path: '/in/product.png', box: { width: 1, height: 0.5 }, fit: 'crop', position: { x: 0, y: -0.25 } },
            { kind: 'avatar', path: '/in/avatar.webm', startSeconds: -0.3, endSeconds: 2 },
            { kind: 'text', text: 'stays on top' },
          ],
        },
      ],
    };
    const plan = planScenes(timeline.scenes);
    const window = sceneClipWindow(plan, 1);
    expect(window.leadSeconds).toBeCloseTo(8 / 30, 6);
    // Its own 60 frames, the 8-frame lead into the 15-frame swipe (the other 7 are the first scene's).
    expect(window.lengthSeconds).toBeCloseTo((60 + 8) / 30, 6);
    expect(plan.totalFrames).toBe(120);
    const { filterGraph, files } = compileTimeline(timeline, { quality: 'render', videoPath: '/o.mp4' });
    const concatAt = filterGraph.indexOf('concat=');
    // The picture fills its half exactly and shows from the clip's first frame (the swipe included).
    expect(filterGraph).toContain('scale=1080:960:force_original_aspect_ratio=increase,crop=1080:960');
    expect(filterGraph).toContain(`enable='between(t,0,${+(68 / 30).toFixed(6)})'`);
    expect(filterGraph.indexOf('crop=1080:960')).toBeLessThan(concatAt);
    // The avatar's -0.3 s is clipped to the start of the scene's clip.
    expect(filterGraph.lastIndexOf('setpts=PTS-STARTPTS+0/TB')).toBeLessThan(concatAt);
    expect(files[OVERLAY_FILE_NAME]).toContain('stays on top');
  });

  it("joins scene clips into exactly the scenes' frames, whether transitions last an odd or even number of frames", () => {
    for (const transition of [0.5, 0.4, 0.3333]) {
      const scenes = [1.288, 1.568, 1].map((durationSeconds) => ({
        durationSeconds,
        background: color('#111111'),
        transitionOut: { kind: 'fade' as const, durationSeconds: transition },
      }));
      const plan = planScenes(scenes);
      const clipFrames = scenes.map((_, i) => Math.round(sceneClipWindow(plan, i).lengthSeconds * 30));
      const overlaps = plan.transitionFrames.reduce((a, b) => a + b, 0);
      expect(clipFrames.reduce((a, b) => a + b, 0) - overlaps, `${transition} s transitions`).toBe(plan.totalFrames);
    }
  });

  it('masks a picture layer to a disc', () => {
    const timeline: Timeline = {
      aspectRatio: '1:1',
      scenes: [{ durationSeconds: 1, background: color('#000000') }],
      layers: [{ kind: 'image', path: '/in/p.png', shape: 'circle', box: { width: 0.5, height: 0.25 } }],
    };
    const { filterGraph } = compileTimeline(timeline, { quality: 'render', videoPath: '/o.mp4' });
    expect(filterGraph).toContain('scale=270:270:force_original_aspect_ratio=increase,crop=270:270');
    expect(filterGraph).toMatch(/geq=lum='255\*lte\(hypot\(X-135,Y-135\),134\)'/);
    expect(filterGraph).toContain('alphamerge');
  });

  it("applies each voice clip's own volume and gives every caption track its own style", () => {
    const timeline: Timeline = {
      aspectRatio: '16:9',
      scenes: [{ durationSeconds: 3, background: color('#000000') }],
      voiceover: {
        clips: [
          { path: '/in/a.mp3', startSeconds: 0, volume: 0.5 },
          { path: '/in/b.mp3', startSeconds: 1.5 },
        ],
      },
      captionTracks: [
        { words: [{ word: 'one', startSeconds: 0.1, endSeconds: 0.5 }], setting: { style: 'neo' } },
        { words: [{ word: 'two', startSeconds: 1.6, endSeconds: 2 }], setting: { style: 'toons', font_size: 90 } },
      ],
    };
    const { filterGraph, files } = compileTimeline(timeline, { quality: 'render', videoPath: '/o.mp4' }, { audioLevels: { voiceClipLufs: [-20, -20] } });
    expect(filterGraph).toContain('volume=6dB,volume=0.5,adelay=delays=0');
    expect(filterGraph).toMatch(/volume=6dB,adelay=delays=1500/);
    const ass = files[OVERLAY_FILE_NAME]!;
    expect(ass).toMatch(/Style: Caption,[^,]+,70,/);
    expect(ass).toMatch(/Style: Caption2,[^,]+,90,/);
    expect(ass).toMatch(/Dialogue: [^\n]*,Caption2,[^\n]*TWO/);
  });
});
