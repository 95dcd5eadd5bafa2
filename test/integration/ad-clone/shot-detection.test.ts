import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { detectShots } from '../../../src/pipelines/ad-clone/analysis/shot-cuts.js';
import { drawPicture } from '../../../src/pipelines/custom-templates/drawn-pictures.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { makeReferenceAd, scoreCuts, type ReferenceAd, type ReferenceScene, type ReferenceShot } from '../../helpers/reference-ads.js';

/**
 * Shot detection on small reference ads made with ffmpeg (photos pushed in and panned, a drifting
 * gradient, a fractal zoom, living cells; a card sliding over each shot; grain), with the cuts
 * known to the frame: hard cuts, crossfades of 0.3–0.5 s, fast cuts of 0.4–0.8 s shots. Each
 * kind: every cut found within 2 frames, no false cut (the bench measures the same over a larger
 * set: `bench/ad-clone.ts`).
 */
describe('shot detection on reference ads', () => {
  let fx: FixtureDir;
  const refs: Partial<Record<'cuts' | 'fades' | 'fast', ReferenceAd>> = {};
  const ffmpeg = createFfmpegEngine();

  beforeAll(async () => {
    fx = await makeFixtureDir('cw-shots-');
    // Two products on one pale ground (shots that differ only where the product is), and a photo.
    const [bottle, mug, photo] = await Promise.all([
      drawPicture({ draw: 'object', object: 'bottle', colors: ['#c81e3a', '#ecebe8', '#e9e6e1'] }, { width: 400, height: 400 }, fx.path('bottle.png')),
      drawPicture({ draw: 'object', object: 'mug', colors: ['#1e5ac8', '#ecebe8', '#e9e6e1'] }, { width: 400, height: 400 }, fx.path('mug.png')),
      makePhoto(fx.path('photo.jpg'), { width: 320, height: 400 }, 1),
    ]);
    const scene: ReferenceScene[] = [
      { kind: 'photo', path: bottle!, zoom: 1.3 },
      { kind: 'gradient', colors: ['#203040', '#e08020'], seed: 3 },
      { kind: 'photo', path: mug!, pan: 0.3 },
      { kind: 'fractal', hue: 120, zoomFrom: 2 },
      { kind: 'photo', path: photo!, zoom: 1.25 },
      { kind: 'cells', color: '#ffcc00', ground: '#102030', seed: 5 },
      { kind: 'photo', path: bottle!, startZoom: 1.7, at: { x: 0.5, y: 0.2 } },
    ];
    const plan = (seconds: number[], join: (i: number) => ReferenceShot['join']): ReferenceShot[] =>
      seconds.map((s, i) => ({ seconds: s, scene: scene[i % scene.length]!, join: join(i) }));
    const made = (name: 'cuts' | 'fades' | 'fast', fps: number, shots: ReferenceShot[]) =>
      makeReferenceAd({ path: fx.path(`${name}.mp4`), width: 160, height: 284, fps, shots }).then((ad) => {
        refs[name] = ad;
      });
    await Promise.all([
      made(
        'cuts',
        25,
        plan([1.2, 0.9, 1.4, 1, 1.1, 1.3], () => ({ kind: 'cut' })),
      ),
      made(
        'fades',
        30,
        plan([1.2, 1.1, 1.3, 1, 1.2, 1.1], (i) => ({ kind: 'fade', seconds: [0.3, 0.4, 0.5, 0.35, 0.45, 0.4][i]! })),
      ),
      made(
        'fast',
        30,
        plan([0.5, 0.4, 0.7, 0.45, 0.8, 0.6, 0.4, 0.55, 0.7], () => ({ kind: 'cut' })),
      ),
    ]);
  }, 60_000);
  afterAll(() => fx?.cleanup());

  for (const kind of ['cuts', 'fades', 'fast'] as const) {
    it(`finds every ${kind === 'cuts' ? 'hard cut' : kind === 'fades' ? 'crossfade' : 'fast cut'} within 2 frames, and no false one`, async () => {
      const ref = refs[kind]!;
      const shots = await detectShots(ffmpeg, ref.path, ref.durationSeconds, { workDir: fx.path(`work-${kind}`) });
      const found = shots.slice(1).map((s) => s.startSeconds);
      const score = scoreCuts(found, ref.cuts, ref.fps);
      expect(score.misses, 'missed').toEqual([]);
      expect(score.falseCuts, 'false cuts').toEqual([]);
      expect(score.recall).toBe(1);
      // How each shot came in is told too: a crossfade of about its length.
      const joins = shots.slice(1).map((s) => s.transitionIn!);
      if (kind === 'fades') {
        for (const [i, join] of joins.entries()) {
          expect(join.kind).toBe('fade');
          expect(Math.abs(join.seconds - ref.cuts[i]!.seconds)).toBeLessThan(0.25);
        }
      } else expect(joins.every((j) => j.kind === 'cut')).toBe(true);
    });
  }
});
