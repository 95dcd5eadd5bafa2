import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceNotUsable } from '../../../src/core/errors.js';
import {
  createFaceApiEngine,
  decideSamePerson,
  detectSingleFace,
  LANDMARK,
  centroid,
  type DetectedFace,
  type FaceEngine,
} from '../../../src/engines/face/index.js';
import { GROUP_PHOTO_FACES, groupPhoto, makeGradient, makePortrait, PORTRAITS, type PortraitName } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

// The real model (SSD MobileNet v1 + 68 landmarks + recognition) on TensorFlow.js WASM, with the
// package's own photos. One engine for the file: the model loads once per process.
let fx: FixtureDir;
let engine: FaceEngine;
let presenter: string;
beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-face-');
  engine = createFaceApiEngine();
  presenter = await makePortrait(fx.path('presenter.png'), 'presenter');
});
afterAll(async () => fx.cleanup());

describe('face-api engine (real model, offline)', () => {
  it('finds one face in a portrait, with 68 landmarks where a face has them', async () => {
    const faces = await engine.detect(presenter);
    expect(faces).toHaveLength(1);
    const [face] = faces as [DetectedFace];
    expect(face.score).toBeGreaterThan(0.9);
    expect(face.landmarks68).toHaveLength(68);
    const { width, height } = PORTRAITS.presenter;
    // The face takes a plausible share of a head-and-shoulders crop.
    expect(face.box.width).toBeGreaterThan(width * 0.25);
    expect(face.box.width).toBeLessThan(width * 0.7);
    for (const [x, y] of face.landmarks68) {
      expect(x).toBeGreaterThan(face.box.x - face.box.width * 0.15);
      expect(x).toBeLessThan(face.box.x + face.box.width * 1.15);
      expect(y).toBeGreaterThan(face.box.y - face.box.height * 0.15);
      expect(y).toBeLessThan(Math.min(height, face.box.y + face.box.height * 1.15));
    }
    const lm = face.landmarks68;
    const rightEye = centroid(lm, LANDMARK.rightEye);
    const leftEye = centroid(lm, LANDMARK.leftEye);
    const mouth = centroid(lm, LANDMARK.outerLips);
    const nose = lm[LANDMARK.noseTip]!;
    // Brows above eyes above the nose tip above the mouth above the chin (her head is tilted ~12°,
    // so compare along the face, not just the picture's y).
    expect(centroid(lm, LANDMARK.rightBrow)[1]).toBeLessThan(rightEye[1]);
    expect(Math.max(rightEye[1], leftEye[1])).toBeLessThan(nose[1]);
    expect(nose[1]).toBeLessThan(mouth[1]);
    expect(mouth[1]).toBeLessThan(lm[LANDMARK.chin]![1]);
    expect(rightEye[0]).toBeLessThan(nose[0]);
    expect(leftEye[0]).toBeGreaterThan(nose[0]);
    const eyeGap = Math.hypot(leftEye[0] - rightEye[0], leftEye[1] - rightEye[1]);
    expect(eyeGap).toBeGreaterThan(face.box.width * 0.3);
    expect(eyeGap).toBeLessThan(face.box.width * 0.6);
  });

  it('finds the same face in RGBA pixels as in the file, and with the fast detector', async () => {
    const { data, info } = await sharp(presenter).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const [fromFile] = await engine.detect(presenter);
    const [fromPixels] = await engine.detect({ width: info.width, height: info.height, data });
    expect(fromPixels!.box.x).toBeCloseTo(fromFile!.box.x, 0);
    expect(fromPixels!.landmarks68[30]![0]).toBeCloseTo(fromFile!.landmarks68[30]![0], 0);
    const tiny = await engine.detect(presenter, { detector: 'tiny' });
    expect(tiny).toHaveLength(1);
    const noseGap = Math.hypot(tiny[0]!.landmarks68[30]![0] - fromFile!.landmarks68[30]![0], tiny[0]!.landmarks68[30]![1] - fromFile!.landmarks68[30]![1]);
    expect(noseGap).toBeLessThan(fromFile!.box.width * 0.1);
  });

  it('refuses a group photo: "found N faces"', async () => {
    const error = await detectSingleFace(engine, groupPhoto(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FaceNotUsable);
    expect(error).toMatchObject({ kind: 'several-faces', faceCount: GROUP_PHOTO_FACES[1] });
    expect((error as FaceNotUsable).reason).toBe(`found ${GROUP_PHOTO_FACES[1]} faces; use a photo with exactly one person`);
  });

  it('says so when the file is not a picture', async () => {
    const notAPicture = fx.path('notes.txt');
    await writeFile(notAPicture, 'hello');
    await expect(engine.detect(notAPicture)).rejects.toMatchObject({
      name: 'TaskFailure',
      transient: false,
      reason: expect.stringMatching(/^could not read the picture: .*unsupported image format/),
    });
  });

  it('refuses a picture without a face', async () => {
    const gradient = await makeGradient(fx.path('gradient.png'), { width: 640, height: 480 });
    expect(await engine.detect(gradient)).toEqual([]);
    await expect(detectSingleFace(engine, gradient)).rejects.toMatchObject({ kind: 'no-face', reason: 'no face found in the image' });
  });

  it('descriptors: the same person mirrored and rescaled matches, other people do not', async () => {
    const descriptorOf = async (path: string) => (await detectSingleFace(engine, path, { withDescriptors: true })).descriptor!;
    const own = await descriptorOf(presenter);
    expect(own).toHaveLength(128);
    const mirrored = await descriptorOf(await makePortrait(fx.path('presenter-mirrored.jpg'), 'presenter', { flip: true, width: 300 }));
    const same = decideSamePerson(own, mirrored);
    expect(same.samePerson).toBe(true);
    expect(same.distance).toBeGreaterThan(0); // a different picture, not the same numbers

    const others = (Object.keys(PORTRAITS) as PortraitName[]).filter((n) => n !== 'presenter');
    for (const name of others) {
      const other = await descriptorOf(await makePortrait(fx.path(`${name}.png`), name));
      const decision = decideSamePerson(own, other);
      expect({ name, samePerson: decision.samePerson }).toEqual({ name, samePerson: false });
    }
  });
});
