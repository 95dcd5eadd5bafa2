import { describe, expect, it } from 'vitest';
import { compileTimeline, OVERLAY_FILE_NAME, TimelineError, type Timeline } from '../../../src/media/index.js';
import { planScenes } from '../../../src/media/scene-video.js';

const image = (path: string) => ({ kind: 'image' as const, path });

function threeScenes(): Timeline {
  return {
    aspectRatio: '9:16',
    scenes: [
      { durationSeconds: 2, background: { ...image('/in/a.jpg'), motion: 'zoom-in' }, transitionOut: { kind: 'fade' } },
      { durationSeconds: 2.5, background: { kind: 'color', color: '#112233' }, transitionOut: { kind: 'leftSwipe', durationSeconds: 0.4 } },
      { durationSeconds: 1.5, background: { ...image('/in/c.png'), fit: 'contain', motion: 'slide-left' } },
    ],
  };
}

/** Every [label] must be produced by exactly one chain and consumed by exactly one. */
function checkLabels(graph: string): void {
  const produced = new Map<string, number>();
  const consumed = new Map<string, number>();
  for (const chain of graph.split(';\n')) {
    const leading = /^((?:\[[^\]]+\])*)/.exec(chain)![1]!;
    const trailing = /((?:\[[^\]]+\])*)$/.exec(chain)![1]!;
    for (const l of leading.match(/\[[^\]]+\]/g) ?? []) if (!/^\[\d+:[av]\]$/.test(l)) consumed.set(l, (consumed.get(l) ?? 0) + 1);
    for (const l of trailing.match(/\[[^\]]+\]/g) ?? []) produced.set(l, (produced.get(l) ?? 0) + 1);
  }
  for (const [label, count] of consumed) {
    expect(produced.get(label), `${label} is consumed but never produced`).toBe(1);
    expect(count, `${label} consumed twice`).toBe(1);
  }
  for (const label of produced.keys()) expect(consumed.has(label) || /vout|aout|thumb/.test(label), `${label} is never used`).toBe(true);
}

describe('compileTimeline', () => {
  it('builds one ffmpeg run for a 9:16 render with transitions, at full size', () => {
    const compiled = compileTimeline(threeScenes(), { quality: 'render', videoPath: '/out/v.mp4', thumbnailPath: '/out/t.jpg' });
    expect(compiled.expectedDurationSeconds).toBeCloseTo(6, 5);
    expect(compiled.frame).toEqual({ width: 1080, height: 1920 });
    expect(compiled.filterGraph).toContain('crop=1080:1920');
    // The fade is an alpha fade-in of the next scene's head; the swipe an overlay moving in x.
    expect(compiled.filterGraph).toMatch(/fade=t=in:s=0:n=15:alpha=1/);
    expect(compiled.filterGraph).toMatch(/overlay=x='W\*\(1-\(n\+1\)\/12\)'/);
    expect(compiled.filterGraph).toMatch(/concat=n=5:v=1:a=0/);
    const args = compiled.args;
    expect(args.slice(0, 4)).toEqual(['-i', '/in/a.jpg', '-i', '/in/c.png']);
    expect(args).toContain('libx264');
    expect(args[args.indexOf('-preset') + 1]).toBe('veryfast');
    expect(args[args.indexOf('-r') + 1]).toBe('30');
    expect(args[args.indexOf('-t') + 1]).toBe('6');
    expect(args).toContain('/out/v.mp4');
    expect(args.slice(-3)).toEqual(['-update', '1', '/out/t.jpg']);
    expect(compiled.files).toEqual({});
    checkLabels(compiled.filterGraph);
  });

  it('makes a preview at 360p class with ultrafast encoding and a PREVIEW mark', () => {
    const compiled = compileTimeline({ ...threeScenes(), aspectRatio: '16:9' }, { quality: 'preview', videoPath: '/out/p.mp4' });
    expect(compiled.frame).toEqual({ width: 640, height: 360 });
    expect(compiled.args[compiled.args.indexOf('-preset') + 1]).toBe('ultrafast');
    expect(compiled.filterGraph).toContain(`ass=filename=${OVERLAY_FILE_NAME}`);
    expect(compiled.files[OVERLAY_FILE_NAME]).toContain('PREVIEW');
    // ASS keeps full-size coordinates; libass scales them to the preview frame.
    expect(compiled.files[OVERLAY_FILE_NAME]).toContain('PlayResX: 1920');
    checkLabels(compiled.filterGraph);
  });

  it('plans frames so the total equals the summed durations and clamps long transitions', () => {
    const plan = planScenes([
      { durationSeconds: 1.01, background: { kind: 'color', color: '#000' }, transitionOut: { kind: 'fade', durationSeconds: 5 } },
      { durationSeconds: 1.02, background: { kind: 'color', color: '#fff' } },
      { durationSeconds: 1.03, background: { kind: 'color', color: '#f00' } },
    ]);
    expect(plan.totalFrames).toBe(Math.round(3.06 * 30));
    expect(plan.sceneFrames.reduce((a, b) => a + b, 0)).toBe(plan.totalFrames);
    expect(plan.transitionFrames).toEqual([15, 0]);
    expect(plan.sceneStartSeconds[1]).toBeCloseTo(1, 1);
  });

  it('places scene layers at absolute times and keeps overlays inside the video', () => {
    const timeline: Timeline = {
      ...threeScenes(),
      scenes: threeScenes().scenes.map((s, i) => (i === 1 ? { ...s, layers: [{ kind: 'logo', path: '/in/logo.png', startSeconds: 0.5 }] } : s)),
      layers: [{ kind: 'image', path: '/in/badge.png', position: { x: -0.3, y: 0.3 }, scale: 0.2, endSeconds: 99 }],
    };
    const { filterGraph, args } = compileTimeline(timeline, { quality: 'render', videoPath: '/o.mp4' });
    expect(args).toContain('/in/logo.png');
    expect(filterGraph).toContain("enable='between(t,2.5,4.5)'");
    expect(filterGraph).toContain("enable='between(t,0,6)'");
    expect(filterGraph).toContain("x='W*0.2-w/2'");
    checkLabels(filterGraph);
  });

  it('decodes WebM avatars with libvpx to keep alpha, and masks circle avatars', () => {
    const timeline: Timeline = {
      aspectRatio: '1:1',
      scenes: [{ durationSeconds: 2, background: { kind: 'color', color: '#222222' } }],
      layers: [
        { kind: 'avatar', path: '/in/avatar.webm', shape: 'circle', scale: 0.5 },
        { kind: 'avatar', path: '/in/green.mp4', chromaKeyColor: '#00FF00' },
      ],
    };
    const { args, filterGraph } = compileTimeline(timeline, { quality: 'render', videoPath: '/o.mp4' });
    const webm = args.indexOf('/in/avatar.webm');
    expect(args.slice(webm - 3, webm - 1)).toEqual(['-c:v', 'libvpx-vp9']);
    expect(filterGraph).toContain('alphamerge');
    expect(filterGraph).toContain('chromakey=0x00FF00');
    checkLabels(filterGraph);
  });

  it('loops video backgrounds and music to the scene and video length', () => {
    const timeline: Timeline = {
      aspectRatio: '16:9',
      scenes: [{ durationSeconds: 3, background: { kind: 'video', path: '/in/clip.mp4' } }],
      music: { path: '/in/song.mp3', volume: 0.4 },
    };
    const { args, filterGraph } = compileTimeline(timeline, { quality: 'render', videoPath: '/o.mp4' }, { audioLevels: { musicLufs: -20 } });
    const clip = args.indexOf('/in/clip.mp4');
    expect(args.slice(clip - 5, clip - 1)).toEqual(['-stream_loop', '-1', '-t', '4']);
    expect(args.slice(args.indexOf('/in/song.mp3') - 5, args.indexOf('/in/song.mp3'))).toEqual(['-stream_loop', '-1', '-t', '3', '-i']);
    // Music alone is the whole sound: normalised, then no bed reduction (there is no voice to sit under).
    expect(filterGraph).toContain('volume=6dB,volume=0dB');
    expect(filterGraph).toContain('afade=t=out:st=1.5:d=1.5');
    expect(filterGraph).not.toContain('sidechaincompress');
  });

  it('rejects a timeline without scenes or with a zero-length scene', () => {
    expect(() => compileTimeline({ aspectRatio: '1:1', scenes: [] }, { quality: 'render', videoPath: '/o.mp4' })).toThrow(TimelineError);
    expect(() =>
      compileTimeline(
        { aspectRatio: '1:1', scenes: [{ durationSeconds: 0, background: { kind: 'color', color: '#000' } }] },
        { quality: 'render', videoPath: '/o.mp4' },
      ),
    ).toThrow(/positive duration/);
  });

  it('writes captions and text layers into the overlay file with an installed font', () => {
    const timeline: Timeline = {
      aspectRatio: '9:16',
      scenes: [{ durationSeconds: 2, background: { kind: 'color', color: '#000' }, layers: [{ kind: 'text', text: 'Sale {50%}', fontFamily: 'Poppins' }] }],
      captions: { words: [{ word: 'hello', startSeconds: 0.2, endSeconds: 0.6 }], setting: { font_family: 'Luckiest Guy' } },
    };
    const { files } = compileTimeline(
      timeline,
      { quality: 'render', videoPath: '/o.mp4' },
      { installedFontFamilies: ['DejaVu Sans', 'Lilita One', 'Poppins'] },
    );
    const ass = files[OVERLAY_FILE_NAME]!;
    expect(ass).toContain('Style: Caption,Lilita One,70');
    expect(ass).toContain('Style: Text1,Poppins');
    expect(ass).toContain('Sale (50%)');
    expect(ass).toMatch(/Dialogue: 0,0:00:00\.20,[^\n]*hello/);
  });
});
