import { describe, expect, it } from 'vitest';
import { FaceNotUsable, TaskFailure } from '../../../src/core/errors.js';
import {
  createFakeFaceEngine,
  decideSamePerson,
  descriptorDistance,
  detectSingleFace,
  frontalFaceScore,
  requireSingleFace,
  SAME_PERSON_MAX_DISTANCE,
  syntheticFace,
  templateLandmarks68,
  type Point,
} from '../../../src/engines/face/index.js';

const box = { x: 100, y: 80, width: 200, height: 240 };

function rotate(points: Point[], degrees: number, centre: Point): Point[] {
  const a = (degrees * Math.PI) / 180;
  return points.map(([x, y]) => {
    const dx = x - centre[0];
    const dy = y - centre[1];
    return [centre[0] + dx * Math.cos(a) - dy * Math.sin(a), centre[1] + dx * Math.sin(a) + dy * Math.cos(a)];
  });
}

describe('requireSingleFace', () => {
  it('returns the one face', () => {
    const face = syntheticFace(box);
    expect(requireSingleFace([face])).toBe(face);
  });

  it('refuses a picture with no face, saying so', () => {
    const error = (() => {
      try {
        requireSingleFace([]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(FaceNotUsable);
    expect(error).toBeInstanceOf(TaskFailure);
    expect(error).toMatchObject({ kind: 'no-face', faceCount: 0, reason: 'no face found in the image', transient: false });
  });

  it('refuses several people of similar size, with the count', () => {
    const faces = [syntheticFace(box), syntheticFace({ ...box, x: 400, width: 150 }), syntheticFace({ ...box, x: 700, width: 120 })];
    expect(() => requireSingleFace(faces)).toThrow('found 3 faces; use a photo with exactly one person');
  });

  it('ignores small faces far behind the subject', () => {
    const subject = syntheticFace({ x: 100, y: 100, width: 400, height: 480 });
    const passerBy = syntheticFace({ x: 700, y: 50, width: 60, height: 70 });
    expect(requireSingleFace([passerBy, subject])).toBe(subject);
  });

  it('detectSingleFace asks the engine and applies the rule', async () => {
    const engine = createFakeFaceEngine({
      facesByPath: { '/a.jpg': [syntheticFace(box)], '/group.jpg': [syntheticFace(box), syntheticFace({ ...box, x: 400 })] },
    });
    await expect(detectSingleFace(engine, '/a.jpg')).resolves.toMatchObject({ box });
    await expect(detectSingleFace(engine, '/group.jpg')).rejects.toMatchObject({ kind: 'several-faces', faceCount: 2 });
    await expect(detectSingleFace(engine, '/none.jpg')).rejects.toMatchObject({ kind: 'no-face' });
    expect(engine.calls.map((c) => c.input)).toEqual(['/a.jpg', '/group.jpg', '/none.jpg']);
  });
});

describe('fake face engine', () => {
  it('drops low scores and descriptors unless asked, sorts by score', async () => {
    const descriptor = new Float32Array(128).fill(0.1);
    const engine = createFakeFaceEngine({
      defaultFaces: [syntheticFace(box, { score: 0.7, descriptor }), syntheticFace({ ...box, x: 500 }, { score: 0.95 }), syntheticFace(box, { score: 0.3 })],
    });
    const plain = await engine.detect({ width: 2, height: 2, data: new Uint8Array(16) });
    expect(plain.map((f) => f.score)).toEqual([0.95, 0.7]);
    expect(plain.every((f) => f.descriptor === undefined)).toBe(true);
    const withDescriptors = await engine.detect('/x.jpg', { withDescriptors: true, minScore: 0.2 });
    expect(withDescriptors).toHaveLength(3);
    expect(withDescriptors[1]!.descriptor).toBe(descriptor);
  });

  it('honours abort', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(createFakeFaceEngine().detect('/x.jpg', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('descriptors', () => {
  it('measures Euclidean distance and decides at the documented threshold', () => {
    const a = new Float32Array(128);
    const b = new Float32Array(128);
    b[0] = 0.3;
    b[1] = 0.4;
    expect(descriptorDistance(a, b)).toBeCloseTo(0.5, 6);
    expect(decideSamePerson(a, b)).toEqual({ distance: expect.closeTo(0.5, 6), samePerson: true });
    b[2] = 0.5;
    expect(decideSamePerson(a, b).samePerson).toBe(false);
    expect(SAME_PERSON_MAX_DISTANCE).toBeGreaterThan(0.4);
    expect(SAME_PERSON_MAX_DISTANCE).toBeLessThanOrEqual(0.6);
    expect(() => descriptorDistance(a, new Float32Array(64))).toThrow(/differ in length/);
  });
});

describe('frontalFaceScore', () => {
  const frontal = syntheticFace(box).landmarks68;
  const centre: Point = [box.x + box.width / 2, box.y + box.height / 2];

  it('scores a level, frontal, open-eyed face near 1', () => {
    const s = frontalFaceScore(frontal);
    expect(s.score).toBeGreaterThan(0.9);
    expect(Math.abs(s.yaw)).toBeLessThan(0.02);
    expect(Math.abs(s.rollDegrees)).toBeLessThan(0.5);
    expect(s.eyeOpenness).toBeGreaterThan(0.25);
  });

  it('reports tilt in degrees and scores it lower', () => {
    const tilted = frontalFaceScore(rotate(frontal, 20, centre));
    expect(tilted.rollDegrees).toBeCloseTo(20, 0);
    expect(tilted.score).toBeLessThan(0.5);
    expect(tilted.score).toBeGreaterThan(0);
  });

  it('sees a turned head from where the nose sits between the jaw edges', () => {
    const turned = frontal.map(([x, y], i): Point => (i >= 27 && i <= 35 ? [x - 0.22 * box.width, y] : [x, y]));
    const s = frontalFaceScore(turned);
    expect(s.yaw).toBeLessThan(-0.3);
    expect(s.score).toBeLessThan(frontalFaceScore(frontal).score * 0.6);
  });

  it('gives closed eyes no score', () => {
    const closed = frontal.map((p): Point => [p[0], p[1]]);
    for (const [upper, lower] of [
      [37, 41],
      [38, 40],
      [43, 47],
      [44, 46],
    ] as const)
      closed[upper] = [...closed[lower]!];
    expect(frontalFaceScore(closed).score).toBe(0);
  });

  it('the template has 68 points with the face parts in order down the face', () => {
    const t = templateLandmarks68();
    expect(t).toHaveLength(68);
    const y = (i: number) => t[i]![1];
    expect(y(19)).toBeLessThan(y(37));
    expect(y(37)).toBeLessThan(y(30));
    expect(y(30)).toBeLessThan(y(51));
    expect(y(51)).toBeLessThan(y(57));
    expect(y(57)).toBeLessThan(y(8));
    expect(t[36]![0]).toBeLessThan(t[45]![0]);
  });
});
