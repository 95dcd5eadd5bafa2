import { describe, expect, it } from 'vitest';
import { DISPLAY_SHOT_KINDS, type DisplayLayerInputs, type DisplayShot } from '../../../src/engines/ffmpeg/args/display-shots.js';
import { displayVideoArgs, musicBedFilter } from '../../../src/engines/ffmpeg/args/display-video.js';
import { FilterGraph } from '../../../src/engines/ffmpeg/args/filter-graph.js';
import { easeInOutExpr, holdFrameFilter, lerpExpr, num, perspectiveViewFilter, progressExpr } from '../../../src/engines/ffmpeg/args/motion-expressions.js';
import { stillVideoArgs, viewPathExpr } from '../../../src/engines/ffmpeg/args/still-motion.js';
import { STYLE_FILTERS, letterboxFilters, styleFilterChain, stylizeArgs } from '../../../src/engines/ffmpeg/args/stylize.js';

/** Evaluates an ffmpeg expression in JavaScript (the functions these builders use), to check geometry numerically. */
function evalExpr(expr: string, vars: Record<string, number>): number {
  const js = expr.replace(/\bin\b/g, 'inFrame').replace(/\bPI\b/g, 'Math.PI');
  const names = Object.keys(vars).map((k) => (k === 'in' ? 'inFrame' : k));
  const fn = new Function(...names, 'clip', 'cos', 'sin', 'abs', 'pow', `return ${js};`) as (...a: unknown[]) => number;
  return fn(...Object.values(vars), (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v)), Math.cos, Math.sin, Math.abs, Math.pow);
}

function corners(filter: string, vars: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of filter.matchAll(/([xy][0-3])='([^']*)'/g)) out[m[1]!] = evalExpr(m[2]!, vars);
  return out;
}

describe('motion expressions', () => {
  it('numbers are fixed-point without exponent or trailing zeros', () => {
    expect(num(0.1 + 0.2)).toBe('0.3');
    expect(num(1e-9)).toBe('0');
    expect(num(-0.00001)).toBe('0');
    expect(num(1234.5)).toBe('1234.5');
    expect(() => num(Number.NaN)).toThrow();
  });

  it('progress is clipped to 0..1 over its window, and eases start and end at rest', () => {
    const p = progressExpr('t', 1, 2);
    expect(evalExpr(p, { t: 0 })).toBe(0);
    expect(evalExpr(p, { t: 2 })).toBeCloseTo(0.5);
    expect(evalExpr(p, { t: 9 })).toBe(1);
    const e = easeInOutExpr(p);
    expect(evalExpr(e, { t: 1 })).toBeCloseTo(0);
    expect(evalExpr(e, { t: 2 })).toBeCloseTo(0.5);
    expect(evalExpr(e, { t: 3 })).toBeCloseTo(1);
    expect(evalExpr(lerpExpr(2, 4, '0.25'), {})).toBeCloseTo(2.5);
  });

  it('a still is held on a clean 1/fps clock', () => {
    expect(holdFrameFilter(75, 25)).toBe('loop=loop=74:size=1:start=0,settb=1/25,setpts=N');
    expect(() => holdFrameFilter(0, 25)).toThrow();
  });

  it('a view at zoom 1 is the identity; zoomed, the anchor stays where it is shown', () => {
    const identity = perspectiveViewFilter({ zoom: '1', anchorX: 0.3, anchorY: 0.6, atX: '0.3', atY: '0.6', cover: true }, { interpolation: 'linear' });
    expect(identity).toMatch(/^perspective=.*sense=destination:eval=frame$/);
    const c = corners(identity, { W: 320, H: 180 });
    expect([c.x0, c.y0, c.x1, c.y3]).toEqual([0, 0, 320, 180].map((v) => expect.closeTo(v, 6)));
    const zoomed = corners(
      perspectiveViewFilter({ zoom: '2', anchorX: 0.25, anchorY: 0.5, atX: '0.25', atY: '0.5', cover: true }, { interpolation: 'cubic' }),
      { W: 100, H: 100 },
    );
    // Source x = 25 maps to 25: left edge at 25 - 25·2, right edge at 25 + 75·2.
    expect(zoomed.x0).toBeCloseTo(-25);
    expect(zoomed.x1).toBeCloseTo(175);
  });

  it('with cover on, any requested position keeps the frame covered', () => {
    for (const atX of ['-3', '0.1', '0.5', '0.9', '4']) {
      const c = corners(perspectiveViewFilter({ zoom: '1.1', anchorX: 0.5, anchorY: 0.5, atX, atY: atX, cover: true }, { interpolation: 'linear' }), {
        W: 200,
        H: 100,
      });
      expect(c.x0).toBeLessThanOrEqual(1e-9);
      expect(c.y0).toBeLessThanOrEqual(1e-9);
      expect(c.x1).toBeGreaterThanOrEqual(200 - 1e-9);
      expect(c.y2).toBeGreaterThanOrEqual(100 - 1e-9);
    }
  });

  it('tilt stretches one vertical edge and shrinks the other', () => {
    const c = corners(
      perspectiveViewFilter({ zoom: '1.2', anchorX: 0.5, anchorY: 0.5, atX: '0.5', atY: '0.5', tilt: '0.01', cover: true }, { interpolation: 'linear' }),
      { W: 100, H: 100 },
    );
    expect(c.y2! - c.y0!).toBeCloseTo(120 + 2);
    expect(c.y3! - c.y1!).toBeCloseTo(120 - 2);
  });
});

describe('filter graph', () => {
  it('numbers inputs in order and labels chains uniquely', () => {
    const g = new FilterGraph();
    const a = g.input('a.png');
    const b = g.input('b.mp3', ['-stream_loop', '-1'], 'a');
    const out = g.chain([a], ['format=yuv420p', 'hflip'], 'x');
    expect([a, b]).toEqual(['[0:v]', '[1:a]']);
    expect(g.inputArgs()).toEqual(['-i', 'a.png', '-stream_loop', '-1', '-i', 'b.mp3']);
    expect(g.filterComplex()).toBe(`[0:v]format=yuv420p,hflip${out}`);
    expect(g.chain(out, 'null')).not.toBe(out);
  });
});

const layers: DisplayLayerInputs = {
  widthPx: 320,
  heightPx: 180,
  backgroundPng: 'bg.png',
  shadowPng: 'shadow.png',
  product: { png: 'product.png', box: { x: 110, y: 40, width: 100, height: 120 } },
  extras: [{ png: 'presenter.png', box: { x: 10, y: 20, width: 60, height: 150 } }],
  compositePng: 'composite.png',
};
const shot = (kind: DisplayShot['kind'], durationSeconds = 2): DisplayShot => ({ kind, durationSeconds, direction: 1, amount: 1 });

describe('display video arguments', () => {
  it('every motion builds a graph that reads only the layers it needs and ends in an exact-length H.264 MP4', () => {
    for (const kind of DISPLAY_SHOT_KINDS) {
      const args = displayVideoArgs({ layers, shots: [shot(kind)], fps: 25, crossfadeSeconds: 0, durationSeconds: 2, outputPath: 'out.mp4' });
      const inputs = args.flatMap((a, i) => (args[i - 1] === '-i' ? [a] : []));
      expect(inputs.length, kind).toBeGreaterThan(0);
      expect(
        inputs.every((p) => p.endsWith('.png')),
        kind,
      ).toBe(true);
      const graph = args[args.indexOf('-filter_complex') + 1]!;
      expect(graph, kind).toContain('loop=loop=49:size=1');
      expect(args.slice(args.indexOf('-frames:v'), args.indexOf('-frames:v') + 4)).toEqual(['-frames:v', '50', '-r', '25']);
      expect(args).toContain('libx264');
      expect(args.at(-1)).toBe('out.mp4');
      expect(args).not.toContain('-map 1:a');
    }
  });

  it('each motion uses the filters that make its move', () => {
    const graphOf = (kind: DisplayShot['kind']) => {
      const args = displayVideoArgs({ layers, shots: [shot(kind)], fps: 25, crossfadeSeconds: 0, durationSeconds: 2, outputPath: 'o.mp4' });
      return args[args.indexOf('-filter_complex') + 1]!;
    };
    expect(graphOf('push-in')).toMatch(/composite|perspective/);
    expect(graphOf('orbit-parallax').match(/perspective=/g)).toHaveLength(2);
    expect(graphOf('light-sweep')).toMatch(/alphaextract.*blend=all_mode=multiply/s);
    // A flat cut-out swings in perspective, never flipped (its back would be its front mirrored).
    expect(graphOf('turntable')).not.toContain('hflip');
    expect(graphOf('turntable')).toMatch(/perspective=x0='[^']*sin\(/);
    expect(graphOf('turntable')).toMatch(/scale=w='max\(2,2\*trunc\(iw\*cos/);
    expect(graphOf('reveal-slide')).toMatch(/fade=t=in:st=0:d=0\.64:alpha=1/);
    // Layer motions keep the presenter; the whole-picture ones read the composite, which has it.
    expect(graphOf('turntable')).toContain('overlay=x=10:y=20');
  });

  it('shots are joined by crossfades at the right offsets, with music trimmed and faded to the length', () => {
    const args = displayVideoArgs({
      layers,
      shots: [shot('push-in', 2.2), shot('turntable', 2.2), shot('light-sweep', 2)],
      fps: 25,
      crossfadeSeconds: 0.2,
      durationSeconds: 6,
      audioPath: 'music.mp3',
      outputPath: 'o.mp4',
    });
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('xfade=transition=fade:duration=0.2:offset=2');
    expect(graph).toContain('xfade=transition=fade:duration=0.2:offset=4');
    expect(args.join(' ')).toContain('-stream_loop -1 -i music.mp3');
    expect(graph).toContain(musicBedFilter(6));
    expect(musicBedFilter(6)).toContain('atrim=end=6');
    expect(musicBedFilter(6)).toContain('afade=t=out:st=4.5:d=1.5');
    expect(args.filter((a) => a === '-map')).toHaveLength(2);
    expect(args).toContain('aac');
  });

  it('without a shadow layer no shadow input is read', () => {
    const args = displayVideoArgs({
      layers: { ...layers, shadowPng: null },
      shots: [shot('turntable')],
      fps: 25,
      crossfadeSeconds: 0,
      durationSeconds: 2,
      outputPath: 'o.mp4',
    });
    expect(args).not.toContain('shadow.png');
  });
});

describe('still video arguments', () => {
  const path = { from: { zoom: 1, centreX: 0.5, centreY: 0.5 }, to: { zoom: 2, centreX: 0.7, centreY: 0.4 }, ease: 'in-out' as const };

  it('zoom moves geometrically and the centre follows the eased path', () => {
    const v = viewPathExpr(path, 2, 25);
    expect(evalExpr(v.zoom, { in: 0 })).toBeCloseTo(1);
    expect(evalExpr(v.zoom, { in: 25 })).toBeCloseTo(Math.SQRT2);
    expect(evalExpr(v.zoom, { in: 50 })).toBeCloseTo(2);
    expect(evalExpr(v.centreX, { in: 50 })).toBeCloseTo(0.7);
  });

  it('warps a supersampled canvas and scales down to the exact size', () => {
    const args = stillVideoArgs({
      imagePath: 'p.png',
      view: path,
      widthPx: 320,
      heightPx: 180,
      supersample: 2,
      durationSeconds: 2,
      fps: 25,
      outputPath: 'o.mp4',
    });
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('scale=640:360:force_original_aspect_ratio=increase');
    expect(graph).toContain('crop=640:360');
    expect(graph).toContain('interpolation=cubic');
    expect(graph).toContain('scale=320:180:flags=bicubic');
    expect(args).toContain('50');
  });

  it('parallax overlays the subject on its own path without clamping it', () => {
    const args = stillVideoArgs({
      imagePath: 'bg.png',
      subject: { path: 's.png', view: path },
      view: path,
      widthPx: 320,
      heightPx: 180,
      supersample: 1,
      durationSeconds: 2,
      fps: 25,
      outputPath: 'o.mp4',
    });
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph.match(/perspective=/g)).toHaveLength(2);
    expect(graph).toContain('format=yuva444p');
    expect(graph).not.toContain('scale=320:180:flags');
  });
});

describe('stylize arguments', () => {
  it('letterbox bars: scope on wide frames, 1.85 on squarer ones, none on portrait', () => {
    expect(letterboxFilters(1920, 1080)[0]).toContain('h=138');
    expect(letterboxFilters(640, 480)[0]).toContain('h=67');
    expect(letterboxFilters(360, 640)).toEqual([]);
  });

  it('every look has a chain; noir and sketch drop colour; sound is copied only when there is some', () => {
    for (const style of STYLE_FILTERS) expect(styleFilterChain(style, { widthPx: 320, heightPx: 180 }).length).toBeGreaterThan(5);
    expect(styleFilterChain('noir', { widthPx: 320, heightPx: 180 })).toContain('format=gray');
    expect(styleFilterChain('sketch', { widthPx: 320, heightPx: 180 })).toContain('edgedetect');
    const withSound = stylizeArgs({ input: 'in.mp4', output: 'o.mp4', style: 'vivid', widthPx: 320, heightPx: 180, hasAudio: true });
    expect(withSound.join(' ')).toContain('-map 0:a:0 -c:a copy');
    expect(withSound[withSound.indexOf('-filter_complex') + 1]).toMatch(/^\[0:v\].*\[styled\]$/);
    expect(stylizeArgs({ input: 'in.mp4', output: 'o.mp4', style: 'vivid', widthPx: 320, heightPx: 180, hasAudio: false })).not.toContain('0:a:0');
  });
});
