import { describe, expect, it } from 'vitest';
import { blinkSchedule } from '../../../src/pipelines/avatar/render/blinks.js';
import { concatList, talkingHeadArgs } from '../../../src/pipelines/avatar/render/ffmpeg-args.js';
import { headMotionExpressions, headMotionFor, headOffsetAt } from '../../../src/pipelines/avatar/render/head-motion.js';
import { pamFromRgba } from '../../../src/pipelines/avatar/render/pam.js';
import { planSprites, quantiseMouth } from '../../../src/pipelines/avatar/render/sprite-plan.js';
import type { MouthTrack } from '../../../src/pipelines/avatar/visemes/viseme-set.js';

describe('blinks', () => {
  it('blink every few seconds, the same way for the same seed', () => {
    const eyes = blinkSchedule(30 * 30, 1234);
    const closings = eyes.filter((e, i) => e === 'closed' && eyes[i - 1] !== 'closed').length;
    expect(closings).toBeGreaterThanOrEqual(5);
    expect(closings).toBeLessThanOrEqual(16);
    expect(eyes.slice(0, 15).every((e) => e === 'open')).toBe(true);
    expect(blinkSchedule(900, 1234)).toEqual(eyes);
    expect(blinkSchedule(900, 99)).not.toEqual(eyes);
    // Each blink passes through half-closed lids on both sides of the closed frames.
    eyes.forEach((e, i) => {
      if (e === 'closed' && eyes[i - 1] !== 'closed') expect(eyes[i - 1]).toBe('half');
    });
  });
});

describe('head motion', () => {
  it('is a few pixels around rest, written as overlay expressions in t', () => {
    const m = headMotionFor(77, 1080);
    let max = 0;
    for (let t = 0; t < 30; t += 0.1) {
      const { dx, dy } = headOffsetAt(m, t);
      max = Math.max(max, Math.abs(dx), Math.abs(dy));
    }
    expect(max).toBeGreaterThan(2);
    expect(max).toBeLessThanOrEqual(m.amplitudePx + 1e-9);
    expect(m.amplitudePx).toBeLessThan(1080 * 0.01);
    const e = headMotionExpressions(m, { x: 100, y: 50 });
    expect(e.x).toMatch(/^100\+[\d.]+\*sin\([\d.]+\*t\+[\d.]+\)\+/);
    expect(e.y.startsWith('50+')).toBe(true);
    // The expression evaluates to what headOffsetAt says.
    const at = (expr: string, t: number) => Function('t', 'sin', `return ${expr}`)(t, Math.sin) as number;
    expect(at(e.x, 3.3)).toBeCloseTo(100 + headOffsetAt(m, 3.3).dx, 2);
  });
});

describe('sprite plan', () => {
  const track: MouthTrack = [
    { viseme: 'rest', openness: 0 },
    { viseme: 'rest', openness: 0 },
    { viseme: 'AI', openness: 0.9 },
    { viseme: 'AI', openness: 0.85 },
    { viseme: 'MBP', openness: 0 },
    { viseme: 'AI', openness: 0.2 },
  ];

  it('quantises openings to three steps; closed shapes have none', () => {
    expect(quantiseMouth({ viseme: 'AI', openness: 0.85 })).toEqual({ viseme: 'AI', openness: 1 });
    expect(quantiseMouth({ viseme: 'E', openness: 0.05 }).openness).toBeCloseTo(1 / 3);
    expect(quantiseMouth({ viseme: 'MBP', openness: 0.3 })).toEqual({ viseme: 'MBP', openness: 0 });
  });

  it('draws each distinct head once and runs identical frames together', () => {
    const plan = planSprites(track, ['open', 'open', 'open', 'half', 'half', 'open']);
    expect(plan.frames).toBe(6);
    expect(plan.runs.map((r) => [r.startFrame, r.frames])).toEqual([
      [0, 2],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(plan.sprites).toHaveLength(5);
    const again = planSprites([...track, ...track], Array(12).fill('open'));
    expect(again.sprites).toHaveLength(4);
    expect(again.runs.reduce((n, r) => n + r.frames, 0)).toBe(12);
  });
});

describe('concat list and encode arguments', () => {
  it('lists one entry per run with exact durations, the last file repeated', () => {
    const text = concatList(
      [
        { key: 'a', startFrame: 0, frames: 3 },
        { key: "b'c", startFrame: 3, frames: 1 },
      ],
      (k) => `/w/${k}.pam`,
      30,
    );
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('ffconcat version 1.0');
    expect(lines[1]).toBe("file '/w/a.pam'");
    expect(lines[2]).toBe('option framerate 30');
    expect(lines[3]).toBe('duration 0.100000');
    expect(lines[4]).toBe("file '/w/b'\\''c.pam'");
    expect(lines[6]).toBe('duration 0.033333');
    expect(lines.slice(7)).toEqual([lines[4], 'option framerate 30']);
  });

  it('mp4: H.264 + AAC, exact frame count, head overlaid at the motion expressions', () => {
    const args = talkingHeadArgs({
      baseImage: '/w/base.pam',
      concatFile: '/w/head.ffconcat',
      audioPath: '/w/voice.wav',
      frames: 90,
      fps: 30,
      width: 1280,
      height: 720,
      headX: '10+sin(t)',
      headY: '20',
      format: 'mp4',
      outputPath: '/w/out.mp4',
    });
    const filter = args[args.indexOf('-filter_complex') + 1]!;
    expect(filter).toContain('loop=loop=89:size=1');
    expect(filter).toContain("overlay=x='10+sin(t)':y='20':eval=frame");
    expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 5)).toEqual(['-f', 'concat', '-safe', '0', '-i']);
    expect(args[args.indexOf('-frames:v') + 1]).toBe('90');
    expect(args[args.indexOf('-c:v') + 1]).toBe('libx264');
    expect(args[args.indexOf('-c:a') + 1]).toBe('aac');
    expect(args[args.indexOf('-t') + 1]).toBe('3.000000');
    expect(args.at(-1)).toBe('/w/out.mp4');
  });

  it('webm: VP9 keeping the alpha plane, Opus, no audio when none is given', () => {
    const args = talkingHeadArgs({
      baseImage: '/w/base.pam',
      concatFile: '/w/head.ffconcat',
      frames: 30,
      fps: 30,
      width: 640,
      height: 640,
      headX: '0',
      headY: '0',
      format: 'webm',
      outputPath: '/w/out.webm',
    });
    expect(args[args.indexOf('-c:v') + 1]).toBe('libvpx-vp9');
    expect(args[args.indexOf('-pix_fmt') + 1]).toBe('yuva420p');
    expect(args).toContain('-auto-alt-ref');
    expect(args).not.toContain('-c:a');
    expect(args.filter((a) => a === '-i')).toHaveLength(2);
  });
});

describe('PAM images', () => {
  it('writes a header and the pixels, dropping alpha for opaque pictures', () => {
    const rgba = new Uint8Array([1, 2, 3, 255, 4, 5, 6, 128]);
    const withAlpha = pamFromRgba(rgba, 2, 1, true);
    expect(withAlpha.toString('ascii', 0, 3)).toBe('P7\n');
    expect(withAlpha.toString('ascii')).toContain('TUPLTYPE RGB_ALPHA\nENDHDR\n');
    expect([...withAlpha.subarray(withAlpha.length - 8)]).toEqual([...rgba]);
    const rgb = pamFromRgba(rgba, 2, 1, false);
    expect(rgb.toString('ascii')).toContain('DEPTH 3');
    expect([...rgb.subarray(rgb.length - 6)]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
