import { readdir, readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticFace } from '../../../src/engines/face/index.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { animatePhoto, type PhotoMouthFrame } from '../../../src/pipelines/avatar/photo/index.js';
import { makeGradient } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

let fx: FixtureDir;
let photo: string;
beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-photo-fake-');
  photo = await makeGradient(fx.path('photo.png'), { width: 400, height: 500 });
});
afterAll(async () => fx.cleanup());

const face = syntheticFace({ x: 120, y: 110, width: 160, height: 190 });
const frames: PhotoMouthFrame[] = [
  ...Array.from({ length: 10 }, () => ({ openness: 0, blink: 0 })),
  ...Array.from({ length: 10 }, () => ({ openness: 1, blink: 0 })),
  ...Array.from({ length: 5 }, () => ({ openness: 0.5, width: 0.8, blink: 1 })),
];

describe('animatePhoto with the fake ffmpeg engine', () => {
  it('draws each distinct state once, lists them per frame, reports progress and cleans up', async () => {
    const seen: { list: string; files: number[] } = { list: '', files: [] };
    const ffmpeg = createFakeFfmpegEngine({
      onRun: async (args) => {
        // The mouth states' list (a breathing head has a second list, its stills, for the background).
        const lists = args.flatMap((a, i) => (a === 'concat' ? [args[i + 4]!] : []));
        const listPath = lists.find((l) => !l.endsWith('breathing.ffconcat'))!;
        seen.list = await readFile(listPath, 'utf8');
        const files = [...new Set([...seen.list.matchAll(/^file '(.+)'$/gm)].map((m) => m[1]!))];
        seen.files = await Promise.all(files.map(async (f) => (await stat(f)).size));
      },
    });
    const progress: number[] = [];
    const result = await animatePhoto(ffmpeg, {
      photoPath: photo,
      face,
      frames,
      outputPath: fx.path('out.mp4'),
      resolution: '480p',
      scratchDir: fx.dir,
      onProgress: (f) => progress.push(f),
    });
    // A 4:5 portrait is framed square (the contract's nearest shape), at 480p's short side.
    expect(result).toMatchObject({ frameCount: 25, durationSeconds: 25 / 30, frame: { width: 480, height: 480 }, stateCount: 3 });
    expect(seen.files).toHaveLength(3);
    const { width, height } = { width: result.headRegion.width, height: result.headRegion.height };
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(0);
    // Every state picture is a full RGBA patch: header + width × height × 4 bytes (with the margin).
    expect(new Set(seen.files).size).toBe(1);
    expect(seen.list.match(/^duration /gm)).toHaveLength(3);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    expect(ffmpeg.runs).toHaveLength(1);
    expect(ffmpeg.runs[0]!.opts.expectedDurationSeconds).toBeCloseTo(25 / 30, 6);
    expect((await readdir(fx.dir)).filter((n) => n.startsWith('photo-avatar-'))).toEqual([]);
    // Landmarks moved into frame pixels: the photo was scaled 1.2× to 480 × 600, then cut to the
    // square frame around the face (0–120 px off the top).
    const [x, y] = result.landmarksInFrame[8]!;
    expect(x).toBeCloseTo(face.landmarks68[8]![0] * 1.2, 0);
    const cutFromTop = face.landmarks68[8]![1] * 1.2 - y!;
    expect(cutFromTop).toBeGreaterThanOrEqual(0);
    expect(cutFromTop).toBeLessThanOrEqual(120);
  });

  it('stops on abort, before ffmpeg runs', async () => {
    const ffmpeg = createFakeFfmpegEngine();
    const controller = new AbortController();
    controller.abort();
    await expect(
      animatePhoto(ffmpeg, {
        photoPath: photo,
        face,
        frames,
        outputPath: fx.path('x.mp4'),
        scratchDir: fx.dir,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(ffmpeg.runs).toHaveLength(0);
  });

  it('refuses an empty track', async () => {
    await expect(
      animatePhoto(createFakeFfmpegEngine(), {
        photoPath: photo,
        face,
        frames: [],
        outputPath: fx.path('y.mp4'),
        scratchDir: fx.dir,
      }),
    ).rejects.toThrow(/at least one frame/);
  });
});
