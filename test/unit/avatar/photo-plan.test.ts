import { describe, expect, it } from 'vitest';
import { syntheticFace, type Point, type RgbaImage } from '../../../src/engines/face/index.js';
import { quoteConcatPath } from '../../../src/engines/ffmpeg/index.js';
import { deformFace } from '../../../src/pipelines/avatar/photo/deform-face.js';
import { buildConcatList, buildPhotoAvatarArgs, cropOffsetAt, cropOffsetExpressions, runLengths } from '../../../src/pipelines/avatar/photo/ffmpeg-args.js';
import { contractFrameForImage, faceFramingScale, frameSizeForImage, photoToFrame, placePhoto } from '../../../src/pipelines/avatar/photo/frame-layout.js';
import { photoFramesFromMouthTrack } from '../../../src/pipelines/avatar/photo/from-mouth-track.js';
import { motionBounds, planHeadMotion, waveExpression, waveValue } from '../../../src/pipelines/avatar/photo/head-motion.js';
import { planHeadPatch } from '../../../src/pipelines/avatar/photo/head-patch.js';
import { planBlinks, quantiseFrame, stateKey, withPlannedBlinks, type FaceState } from '../../../src/pipelines/avatar/photo/mouth-track.js';
import { encodePamRgba } from '../../../src/pipelines/avatar/photo/pam.js';
import { signedArea, triangulate } from '../../../src/pipelines/avatar/photo/triangulate.js';
import { warpTriangles } from '../../../src/pipelines/avatar/photo/warp-triangles.js';

const REST: FaceState = { mouth: 0, width: 'normal', blink: 'open' };

/** An ffmpeg expression of `n` evaluated in JS (only sin, cos, numbers and + - * are used). */
function evalExpression(expression: string, n: number): number {
  const js = expression
    .replace(/\bsin\(/g, 'Math.sin(')
    .replace(/\bcos\(/g, 'Math.cos(')
    .replace(/\bn\b/g, `(${n})`)
    .replace(/--/g, '+');
  expect(js).toMatch(/^[\d\s.+\-*()Mathsinco]+$/);
  return Function(`return ${js};`)() as number;
}

describe('mouth track', () => {
  it('quantises openness to 8 levels, width to 3, blink to 3', () => {
    expect(quantiseFrame({ openness: 0 })).toEqual(REST);
    expect(quantiseFrame({ openness: 1, width: 0.85, blink: 1 })).toEqual({ mouth: 7, width: 'narrow', blink: 'closed' });
    expect(quantiseFrame({ openness: 0.5, width: 1.12, blink: 0.5 })).toEqual({ mouth: 4, width: 'wide', blink: 'half' });
    expect(quantiseFrame({ openness: 0.02, width: 0.8 }).width).toBe('normal'); // closed lips are drawn as in the photo
    expect(quantiseFrame({ openness: 7, width: 1 }).mouth).toBe(7);
    expect(quantiseFrame({ openness: Number.NaN }).mouth).toBe(0);
    expect(stateKey({ mouth: 3, width: 'wide', blink: 'half' })).toBe('m3-wide-half');
  });

  it('plans repeatable blinks every 2.5–6 s', () => {
    const blinks = planBlinks(30 * 60, 7);
    expect(planBlinks(30 * 60, 7)).toEqual(blinks);
    expect(planBlinks(30 * 60, 8)).not.toEqual(blinks);
    const starts = blinks.flatMap((v, i) => (v > 0 && (i === 0 || blinks[i - 1] === 0) ? [i] : []));
    expect(starts[0]! / 30).toBeGreaterThanOrEqual(0.8);
    expect(starts[0]! / 30).toBeLessThanOrEqual(2.5);
    const gaps = starts.slice(1).map((s, i) => (s - starts[i]!) / 30);
    expect(gaps.length).toBeGreaterThan(8);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(2.5);
      expect(gap).toBeLessThanOrEqual(6.05);
    }
    expect(Math.max(...blinks)).toBe(1);
  });

  it('keeps blinks the track gives and fills in the rest', () => {
    const given = withPlannedBlinks(
      [
        { openness: 0, blink: 0.9 },
        { openness: 0.2, blink: 0 },
      ],
      1,
    );
    expect(given.map((f) => f.blink)).toEqual([0.9, 0]);
    const planned = withPlannedBlinks(
      Array.from({ length: 300 }, () => ({ openness: 0 })),
      1,
    );
    expect(planned.some((f) => (f.blink ?? 0) >= 0.75)).toBe(true);
  });

  it('turns the shared viseme track into openness and width', () => {
    const frames = photoFramesFromMouthTrack([
      { viseme: 'rest', openness: 0 },
      { viseme: 'O', openness: 0.7 },
      { viseme: 'E', openness: 0.45 },
      { viseme: 'AI', openness: 0.9 },
    ]);
    expect(frames.map((f) => quantiseFrame(f))).toEqual([
      REST,
      { mouth: 5, width: 'narrow', blink: 'open' },
      { mouth: 3, width: 'wide', blink: 'open' },
      { mouth: 6, width: 'normal', blink: 'open' },
    ]);
  });
});

describe('frame layout', () => {
  it('follows the photo shape at the short side of the resolution, in even pixels', () => {
    expect(frameSizeForImage('720p', { width: 600, height: 750 })).toEqual({ width: 720, height: 900 });
    expect(frameSizeForImage('1080p', { width: 4000, height: 3000 })).toEqual({ width: 1440, height: 1080 });
    expect(frameSizeForImage('480p', { width: 333, height: 333 })).toEqual({ width: 480, height: 480 });
    const odd = frameSizeForImage('480p', { width: 1001, height: 700 });
    expect(odd.width % 2).toBe(0);
  });

  it("Aurora's frame: the contract's shape nearest the photo's (9:16, 1:1, 16:9), never the photo's own odd one", () => {
    expect(contractFrameForImage('720p', { width: 720, height: 874 })).toEqual({ width: 720, height: 720 }); // the trial's 720×874
    expect(contractFrameForImage('720p', { width: 600, height: 750 })).toEqual({ width: 720, height: 720 }); // 4:5
    expect(contractFrameForImage('720p', { width: 800, height: 1200 })).toEqual({ width: 720, height: 1280 }); // 2:3
    expect(contractFrameForImage('480p', { width: 1080, height: 1920 })).toEqual({ width: 480, height: 854 });
    expect(contractFrameForImage('1080p', { width: 3000, height: 2000 })).toEqual({ width: 1920, height: 1080 }); // 3:2
    expect(contractFrameForImage('2k', { width: 500, height: 500 })).toEqual({ width: 1440, height: 1440 });
  });

  it('frames a small face closer (a third of the short side, at most 2.5× enlarged unless the face would stay under 110 px); a large one is only covered', () => {
    const frame = { width: 720, height: 1280 };
    // The trial's portrait: an 83 px face on a 519 px wide picture → enlarged 2.5×, the face 207 px wide.
    const trial = faceFramingScale({ width: 519, height: 1100 }, frame, 83);
    expect(trial).toBeCloseTo(2.5, 5);
    // A 40 px face is enlarged past 2.5× to reach 110 px.
    expect(40 * faceFramingScale({ width: 1000, height: 1400 }, frame, 40)).toBeCloseTo(110, 5);
    // A big photo with a small face is cropped around it, not enlarged: the face a third of the width.
    expect(400 * faceFramingScale({ width: 2000, height: 3000 }, frame, 400)).toBeCloseTo(216, 5);
    // A close portrait is shown as covering alone shows it.
    const close = { width: 600, height: 750 };
    expect(faceFramingScale(close, frame, 300)).toBeCloseTo(Math.max(720 / 600, 1280 / 750), 5);
    // The zoomed window keeps the face centred across.
    const placed = placePhoto({ width: 2000, height: 3000 }, frame, [1000, 1500], faceFramingScale({ width: 2000, height: 3000 }, frame, 400));
    expect(placed.cropX + frame.width / 2).toBeCloseTo(1000 * placed.scale, 0);
    expect(placed.cropY + frame.height * 0.42).toBeCloseTo(1500 * placed.scale, 0);
  });

  it('covers a frame of another shape with the face kept in view', () => {
    const placement = placePhoto({ width: 2000, height: 1000 }, { width: 720, height: 1280 }, [1700, 400]);
    expect(placement.scale).toBeCloseTo(1.28, 5);
    expect(placement.resized.height).toBe(1280);
    expect(placement.cropY).toBe(0);
    expect(photoToFrame([1700, 400], placement)[0]).toBeCloseTo(360, 0); // the face centred across
    const nearEdge = placePhoto({ width: 2000, height: 1000 }, { width: 720, height: 1280 }, [1950, 400]);
    expect(nearEdge.cropX).toBe(nearEdge.resized.width - 720); // the window stops at the photo's edge
    expect(photoToFrame([1950, 400], nearEdge)[0]).toBeGreaterThan(360);
    expect(photoToFrame([1950, 400], nearEdge)[0]).toBeLessThan(720);
  });
});

describe('triangulate', () => {
  it('tiles the hull of the points with positive, Delaunay triangles', () => {
    const points: Point[] = [
      [0, 0],
      [100, 0],
      [100, 80],
      [0, 80],
    ];
    let seed = 3;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 60; i++) points.push([5 + random() * 90, 5 + random() * 70]);
    points.push([50, 40], [50, 40]); // a duplicate, as closed lips give
    const triangles = triangulate(points);
    const area = triangles.reduce((sum, t) => sum + signedArea(points, t) / 2, 0);
    expect(area).toBeCloseTo(8000, 0);
    // Only triangles joining the two coincident points are flat; none is turned over.
    expect(triangles.every((t) => signedArea(points, t) > 0 || (t.includes(64) && t.includes(65)))).toBe(true);
    expect(triangles.every((t) => signedArea(points, t) >= 0)).toBe(true);
    expect(new Set(triangles.flat()).size).toBe(points.length);
    for (const [a, b, c] of triangles.slice(0, 40)) {
      const [ax, ay] = points[a]!;
      const [bx, by] = points[b]!;
      const [cx, cy] = points[c]!;
      const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
      const ux = ((ax * ax + ay * ay) * (by - cy) + (bx * bx + by * by) * (cy - ay) + (cx * cx + cy * cy) * (ay - by)) / d;
      const uy = ((ax * ax + ay * ay) * (cx - bx) + (bx * bx + by * by) * (ax - cx) + (cx * cx + cy * cy) * (bx - ax)) / d;
      const r2 = (ax - ux) ** 2 + (ay - uy) ** 2;
      const inside = points.filter(([x, y], i) => i !== a && i !== b && i !== c && (x - ux) ** 2 + (y - uy) ** 2 < r2 * (1 - 1e-6));
      expect(inside.filter(([x, y]) => !(x === 50 && y === 40))).toEqual([]);
    }
  });
});

describe('warpTriangles', () => {
  const size = 64;
  const pattern = (): RgbaImage => {
    const data = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const i = (y * size + x) * 4;
        data[i] = x * 4;
        data[i + 1] = y * 4;
        data[i + 2] = ((x >> 3) + (y >> 3)) % 2 ? 255 : 0;
        data[i + 3] = 255;
      }
    return { width: size, height: size, data };
  };
  // A 5 × 5 grid of points 16 px apart; only the centre one (index 12) is moved.
  const points: Point[] = [];
  for (let y = 0; y <= 64; y += 16) for (let x = 0; x <= 64; x += 16) points.push([x, y]);
  const triangles = triangulate(points);

  it('leaves the picture as it is when nothing moved', () => {
    const source = pattern();
    const target = { ...source, data: Uint8Array.from(source.data) };
    expect(warpTriangles(source, target, points, points, triangles)).toBe(0);
    expect(Buffer.compare(Buffer.from(target.data), Buffer.from(source.data))).toBe(0);
  });

  it('moves the content with a moved point and keeps the border fixed', () => {
    const source = pattern();
    const target = { ...source, data: Uint8Array.from(source.data) };
    const moved = points.map((p): Point => [...p]);
    moved[12] = [32, 40]; // the centre goes 8 px down
    const touching = triangles.filter((t) => t.includes(12)).length;
    expect(touching).toBeGreaterThanOrEqual(4);
    expect(touching).toBeLessThan(triangles.length);
    expect(warpTriangles(source, target, points, moved, triangles)).toBe(touching);
    const green = (img: RgbaImage, x: number, y: number) => img.data[(y * size + x) * 4 + 1]!;
    // The pixel now at the moved centre shows what was at the old centre (green = 4·y).
    expect(green(target, 32, 40)).toBeGreaterThanOrEqual(4 * 31);
    expect(green(target, 32, 40)).toBeLessThanOrEqual(4 * 33);
    // Above the centre the picture is stretched down, below it is squeezed.
    expect(green(target, 32, 24)).toBeLessThan(green(source, 32, 24));
    // Triangles away from the moved point are not touched at all.
    for (const [x, y] of [
      [2, 2],
      [60, 3],
      [5, 58],
      [61, 61],
      [8, 30],
    ]) {
      for (let c = 0; c < 4; c++) expect(target.data[(y! * size + x!) * 4 + c]).toBe(source.data[(y! * size + x!) * 4 + c]);
    }
  });
});

describe('head patch and face deformation', () => {
  const face = syntheticFace({ x: 260, y: 200, width: 200, height: 240 });
  const frame = { width: 720, height: 900 };
  const head = planHeadPatch(face.landmarks68, frame, { maxAngleRadians: 0.021, maxShiftPx: 6 });

  it('places an even region inside the frame and a margin that covers the motion', () => {
    const { region, patch, marginPx } = head;
    for (const v of [region.x, region.y, region.width, region.height, marginPx]) expect(v % 2).toBe(0);
    expect(region.x).toBeGreaterThanOrEqual(0);
    expect(region.y).toBeGreaterThanOrEqual(0);
    expect(region.x + region.width).toBeLessThanOrEqual(frame.width);
    expect(region.y + region.height).toBeLessThanOrEqual(frame.height);
    expect(patch.width).toBe(region.width + 2 * marginPx);
    expect(marginPx).toBeGreaterThanOrEqual(6);
    const noMotion = planHeadPatch(face.landmarks68, frame, { maxAngleRadians: 0, maxShiftPx: 0 });
    expect(noMotion.marginPx).toBeLessThan(marginPx);
  });

  it('shows the face fully and fades to nothing before the patch edge', () => {
    const alphaAt = ([x, y]: Point) => head.alpha[Math.floor(y) * head.patch.width + Math.floor(x)]!;
    for (const p of head.rest.slice(0, 68 + 27)) expect(alphaAt(p)).toBe(255); // landmarks and the fixed ring
    expect(alphaAt([1, 1])).toBe(0);
    expect(alphaAt([head.patch.width - 2, head.patch.height - 2])).toBe(0);
  });

  it('moves nothing for the rest state', () => {
    expect(deformFace(head, REST)).toEqual(head.rest);
  });

  it('drops the jaw and lower lip for an open mouth, leaves nose and eyes', () => {
    const open = deformFace(head, { mouth: 7, width: 'normal', blink: 'open' });
    const dy = (i: number) => open[i]![1] - head.rest[i]![1];
    expect(dy(8)).toBeCloseTo(0.09 * head.faceHeight, 1);
    expect(dy(57)).toBeGreaterThan(dy(48));
    expect(dy(66)).toBeGreaterThan(0);
    expect(dy(62)).toBeLessThan(0);
    for (const i of [30, 33, 37, 44, 19, 0, 16]) expect(Math.abs(dy(i))).toBeLessThan(1e-9);
    for (let i = 68; i < head.rest.length; i++) expect(open[i]).toEqual(head.rest[i]);
  });

  it('narrows and widens the mouth about its centre', () => {
    const width = (points: Point[]) => points[54]![0] - points[48]![0];
    const narrow = deformFace(head, { mouth: 4, width: 'narrow', blink: 'open' });
    const wide = deformFace(head, { mouth: 4, width: 'wide', blink: 'open' });
    expect(width(narrow) / width(head.rest)).toBeCloseTo(0.86, 2);
    expect(width(wide) / width(head.rest)).toBeCloseTo(1.1, 2);
  });

  it('closes the eyes: each upper lid meets the lower one', () => {
    const closed = deformFace(head, { mouth: 0, width: 'normal', blink: 'closed' });
    for (const [u, l] of [
      [37, 41],
      [38, 40],
      [43, 47],
      [44, 46],
    ] as const) {
      expect(closed[u]![0]).toBeCloseTo(closed[l]![0], 6);
      expect(closed[u]![1]).toBeCloseTo(closed[l]![1], 6);
    }
    const half = deformFace(head, { mouth: 0, width: 'normal', blink: 'half' });
    expect(half[37]![1] - head.rest[37]![1]).toBeGreaterThan(0);
    expect(half[37]![1]).toBeLessThan(half[41]![1]);
  });
});

describe('ffmpeg plan', () => {
  it('collapses runs of the same state', () => {
    expect(runLengths(['a', 'a', 'b', 'a', 'a', 'a'])).toEqual([
      { key: 'a', frames: 2 },
      { key: 'b', frames: 1 },
      { key: 'a', frames: 3 },
    ]);
    expect(runLengths([])).toEqual([]);
  });

  it('writes an ffconcat list whose durations add up to the frames exactly', () => {
    const entries = Array.from({ length: 200 }, (_, i) => ({ file: `/w/s${i % 3}.pam`, frames: 1 + (i % 4) }));
    const list = buildConcatList(entries, 30);
    const lines = list.trim().split('\n');
    expect(lines[0]).toBe('ffconcat version 1.0');
    const durations = lines.filter((l) => l.startsWith('duration ')).map((l) => Number(l.slice(9)));
    expect(durations).toHaveLength(200);
    const frames = entries.reduce((s, e) => s + e.frames, 0);
    expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(frames / 30, 5);
    expect(lines.slice(-2)).toEqual([`file '/w/s${199 % 3}.pam'`, 'option framerate 30']);
    // Every picture is read at the output rate, so changes land on exact frames.
    expect(lines.filter((l) => l === 'option framerate 30')).toHaveLength(201);
    expect(quoteConcatPath("/tmp/it's/a.pam")).toBe("'/tmp/it'\\''s/a.pam'");
    expect(() => buildConcatList([])).toThrow();
  });

  const plan = {
    backgroundPath: '/w/still.pam',
    concatListPath: '/w/states.ffconcat',
    frame: { width: 720, height: 900 },
    region: { x: 52, y: 0, width: 644, height: 730 },
    marginPx: 22,
    pivotInRegion: [330, 560] as Point,
    frameCount: 95,
    preset: 'veryfast',
    crf: 23,
    outputPath: '/w/out.mp4',
  };

  it('builds the arguments: looped still, concat states, overlay, exact frame count, audio when given', () => {
    const args = buildPhotoAvatarArgs({ ...plan, motion: null, audioPath: '/w/voice.wav' });
    expect(args.slice(0, 7)).toEqual(['-i', '/w/still.pam', '-f', 'concat', '-safe', '0', '-i']);
    expect(args).toContain('/w/voice.wav');
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('loop=loop=94:size=1');
    expect(graph).toContain('crop=w=644:h=730:x=22:y=22');
    expect(graph).toContain('overlay=x=52:y=0');
    expect(graph).not.toContain('rotate');
    // With a voice the length is -t alone (-frames:v would cut the audio's tail).
    expect(args).not.toContain('-frames:v');
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '3.167']);
    expect(args.slice(args.indexOf('-map'), args.indexOf('-map') + 4)).toEqual(['-map', '[v]', '-map', '2:a:0']);
    expect(args.at(-1)).toBe('/w/out.mp4');
    const silent = buildPhotoAvatarArgs({ ...plan, motion: null });
    expect(silent).not.toContain('2:a:0');
    expect(silent.slice(silent.indexOf('-frames:v'), silent.indexOf('-frames:v') + 4)).toEqual(['-frames:v', '95', '-t', '3.167']);
  });

  it('turns the head about the pivot: the crop expressions equal the JS offsets frame by frame', () => {
    const motion = planHeadMotion({ faceWidth: 300, faceHeight: 330 }, 42);
    const args = buildPhotoAvatarArgs({ ...plan, motion });
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toMatch(/rotate=a='[^']+':c=black@0,crop=w=644:h=730:x='/);
    const { x, y } = cropOffsetExpressions({ ...plan, motion });
    for (const n of [0, 17, 90, 311]) {
      const seconds = n / 30;
      const angle = waveValue(motion.angle, seconds);
      expect(evalExpression(waveExpression(motion.angle), n)).toBeCloseTo(angle, 5);
      const expected = cropOffsetAt(plan, angle, [waveValue(motion.shiftX, seconds), waveValue(motion.shiftY, seconds)]);
      expect(evalExpression(x, n)).toBeCloseTo(expected[0], 2);
      expect(evalExpression(y, n)).toBeCloseTo(expected[1], 2);
      // The offsets stay inside the margin, so the crop never runs off the patch.
      const bounds = motionBounds(motion);
      expect(Math.abs(expected[0] - plan.marginPx)).toBeLessThanOrEqual(Math.hypot(...plan.pivotInRegion) * bounds.maxAngleRadians + bounds.maxShiftPx + 1);
    }
  });

  it('drifts without turning in the cheaper mode', () => {
    const motion = planHeadMotion({ faceWidth: 300, faceHeight: 330 }, 42, 'drift');
    expect(motion.angle).toEqual([]);
    const graph = buildPhotoAvatarArgs({ ...plan, motion }).find((a) => a.includes('[head]'))!;
    expect(graph).not.toContain('rotate');
    const { x, y } = cropOffsetExpressions({ ...plan, motion });
    for (const n of [0, 45, 200]) {
      expect(evalExpression(x, n)).toBeCloseTo(plan.marginPx - waveValue(motion.shiftX, n / 30), 3);
      expect(evalExpression(y, n)).toBeCloseTo(plan.marginPx - waveValue(motion.shiftY, n / 30), 3);
    }
  });

  it('keeps the pivot in place while the patch turns', () => {
    const angle = 0.02;
    const [ox, oy] = cropOffsetAt(plan, angle, [0, 0]);
    // Where the pivot lands: rotate it about the patch centre, then subtract the crop offset.
    const m = plan.marginPx;
    const c: Point = [(plan.region.width + 2 * m) / 2, (plan.region.height + 2 * m) / 2];
    const q: Point = [plan.pivotInRegion[0] + m, plan.pivotInRegion[1] + m];
    const d: Point = [q[0] - c[0], q[1] - c[1]];
    const turned: Point = [c[0] + d[0] * Math.cos(angle) - d[1] * Math.sin(angle), c[1] + d[0] * Math.sin(angle) + d[1] * Math.cos(angle)];
    expect(turned[0] - ox).toBeCloseTo(plan.pivotInRegion[0], 6);
    expect(turned[1] - oy).toBeCloseTo(plan.pivotInRegion[1], 6);
  });

  it('encodes PAM with a header ffmpeg reads', () => {
    const pam = encodePamRgba(2, 1, new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(pam.toString('ascii', 0, 66)).toContain('P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n');
    expect([...pam.subarray(pam.length - 8)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(() => encodePamRgba(2, 2, new Uint8Array(8))).toThrow();
  });
});
