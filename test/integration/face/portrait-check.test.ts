import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceNotUsable } from '../../../src/core/errors.js';
import { createFaceApiEngine, detectSingleFace, portraitProblems, type FaceEngine, type Point } from '../../../src/engines/face/index.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { buildCustomAvatar } from '../../../src/pipelines/avatar/custom/index.js';
import { detectUsablePortrait } from '../../../src/pipelines/avatar/photo/index.js';
import { makePortrait, PORTRAITS, type PortraitName } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

let fx: FixtureDir;
let faces: FaceEngine;
beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-portrait-check-');
  faces = createFaceApiEngine();
});
afterAll(async () => fx.cleanup());

const sizeOf = async (path: string) => {
  const m = await sharp(path).metadata();
  return { width: m.width!, height: m.height! };
};

describe('photos checked before they become talking avatars (real photos, real face model)', () => {
  it('accepts the portraits that face the camera, refuses the tilted one and the one looking down', async () => {
    const kinds: Record<string, string[]> = {};
    for (const name of Object.keys(PORTRAITS) as PortraitName[]) {
      const path = await makePortrait(fx.path(`${name}.png`), name);
      const face = await detectSingleFace(faces, path);
      kinds[name] = portraitProblems(face, await sizeOf(path)).map((p) => p.kind);
    }
    expect(kinds).toEqual({ presenter: [], frontal: [], darkHair: [], sofa: [], stairs: [], tilted: ['looking-away'], lookingDown: ['looking-down'] });
    const tilted = await detectUsablePortrait(faces, fx.path('tilted.png')).catch((e: unknown) => e);
    expect(tilted).toBeInstanceOf(FaceNotUsable);
    expect((tilted as FaceNotUsable).reason).toMatch(/not facing the camera \(the head is tilted \d+°/);
    const down = await detectUsablePortrait(faces, fx.path('lookingDown.png')).catch((e: unknown) => e);
    expect(down).toMatchObject({ kind: 'looking-down' });
    expect((down as FaceNotUsable).reason).toMatch(/the person is looking down/);
  });

  it('a face small in a large picture: the portrait rule says how small and what is needed; a talking photo takes it (and crops around it)', async () => {
    const small = await sharp(await makePortrait(fx.path('frontal-small.png'), 'frontal', { width: 150 })).toBuffer();
    const wide = fx.path('tiny-face.png');
    await sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#8a8f96' } })
      .composite([{ input: small, left: 640, top: 300 }])
      .png()
      .toFile(wide);
    const face = await detectUsablePortrait(faces, wide);
    const problems = portraitProblems(face, { width: 1400, height: 1000 });
    expect(problems.map((p) => p.kind)).toEqual(['face-too-small']);
    expect(problems[0]!.reason).toMatch(
      /the face is too small \(\d+ pixels wide, \d+ % of the picture's shorter side\); use a picture where the face is at least 120 pixels/,
    );
  });

  it('refuses closed eyes (the real landmarks with the lids brought together)', async () => {
    const path = await makePortrait(fx.path('frontal-eyes.png'), 'frontal');
    const face = await detectSingleFace(faces, path);
    const lm = face.landmarks68.map(([x, y]): Point => [x, y]);
    for (const [upper, lower] of [
      [37, 41],
      [38, 40],
      [43, 47],
      [44, 46],
    ] as const) {
      lm[upper] = [lm[upper]![0], lm[lower]![1] - 1];
    }
    const problems = portraitProblems({ box: face.box, landmarks68: lm }, await sizeOf(path));
    expect(problems.map((p) => p.kind)).toEqual(['eyes-closed']);
    expect(problems[0]!.reason).toMatch(/the eyes look closed/);
  });

  it('a custom avatar from a tilted photo fails with the field and the reason', async () => {
    const error = await buildCustomAvatar(
      { faces, ffmpeg: createFfmpegEngine() },
      {
        source: { kind: 'image', path: fx.path('tilted.png'), label: 'avatar_image' },
        consent: null,
        outDir: fx.path('built'),
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FaceNotUsable);
    expect((error as FaceNotUsable).reason).toMatch(/^avatar_image: photo not usable as a talking avatar: the person is not facing the camera/);
  });
});
