/**
 * Face photos for tests: the real group photos that ship with @vladmandic/face-api
 * (demo/sample1.jpg … sample6.jpg, 3 to 5 people each) are read from node_modules, never copied
 * into the repository (their licence is unstated). Portraits with exactly one face are cut out
 * of them into a temp folder by the test that needs them.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const demoDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** A group photo from the package: 1 → 3 faces, 2 → 3, 3 → 3, 4 → 4, 5 → 5, 6 → 4 (SSD, score ≥ 0.5). */
export function groupPhoto(n: 1 | 2 | 3 | 4 | 5 | 6): string {
  return join(demoDir, `sample${n}.jpg`);
}

export const GROUP_PHOTO_FACES = { 1: 3, 2: 3, 3: 3, 4: 4, 5: 5, 6: 4 } as const;

interface PortraitCrop {
  photo: 1 | 2 | 3 | 4 | 5 | 6;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * One person each; seven different people. `presenter` faces the camera with a clear chin;
 * `tilted` leans her head 45°; `lookingDown` looks down past the camera (lowered lids, nose over
 * the mouth) — the two a talking avatar is refused for.
 */
export const PORTRAITS = {
  presenter: { photo: 3, left: 880, top: 60, width: 600, height: 750 },
  tilted: { photo: 1, left: 1300, top: 60, width: 560, height: 700 },
  darkHair: { photo: 6, left: 560, top: 150, width: 440, height: 560 },
  sofa: { photo: 2, left: 1300, top: 20, width: 500, height: 620 },
  stairs: { photo: 5, left: 1280, top: 220, width: 500, height: 600 },
  frontal: { photo: 6, left: 1100, top: 130, width: 420, height: 560 },
  lookingDown: { photo: 2, left: 800, top: 80, width: 360, height: 440 },
} as const satisfies Record<string, PortraitCrop>;

export type PortraitName = keyof typeof PORTRAITS;

/** Cuts the portrait out of its group photo into `path` (PNG or JPEG by extension). */
export async function makePortrait(path: string, name: PortraitName, opts: { flip?: boolean; width?: number } = {}): Promise<string> {
  const { photo, ...crop } = PORTRAITS[name];
  let image = sharp(groupPhoto(photo)).extract(crop);
  if (opts.flip) image = image.flop();
  if (opts.width) image = image.resize({ width: opts.width });
  await image.toFile(path);
  return path;
}

/** A smooth colour gradient: a picture with no face in it. */
export async function makeGradient(path: string, size: { width: number; height: number }): Promise<string> {
  const data = Buffer.alloc(size.width * size.height * 3);
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      const i = (y * size.width + x) * 3;
      data[i] = Math.round((255 * x) / size.width);
      data[i + 1] = Math.round((255 * y) / size.height);
      data[i + 2] = 160;
    }
  }
  await sharp(data, { raw: { width: size.width, height: size.height, channels: 3 } }).toFile(path);
  return path;
}
