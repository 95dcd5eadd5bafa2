import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ValidationError } from '../../../core/errors.js';
import type { PixelBox } from '../../../core/raster.js';
import { createRng } from '../../../core/random.js';
import { stillVideoArgs, type StillViewPath } from '../../../engines/ffmpeg/args/still-motion.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import { decodeImage, encodePng } from '../raster-io.js';
import { fillBehindSubject, subjectBox } from './fill-behind-subject.js';
import type { StillVideoRequest } from './motion-kinds.js';

export const DEFAULT_STILL_FPS = 25;
/** Past this a detail is blown-up mush on most photos. */
const MAX_DETAIL_ZOOM = 3;

/** How the cover-cropped canvas sits in the source picture (the video shows the picture scaled to cover, centred). */
export function coverCrop(source: { width: number; height: number }, out: { width: number; height: number }) {
  const scale = Math.max(out.width / source.width, out.height / source.height);
  const width = out.width / scale;
  const height = out.height / scale;
  return { x: (source.width - width) / 2, y: (source.height - height) / 2, width, height };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * The final view of zoom-to-detail: the focus box (source pixels) filling about 80% of the frame,
 * at most `MAX_DETAIL_ZOOM`, its centre moved only as far as needed to keep the frame covered.
 */
export function detailView(focus: PixelBox, source: { width: number; height: number }, out: { width: number; height: number }) {
  const crop = coverCrop(source, out);
  const fx = (focus.x + focus.width / 2 - crop.x) / crop.width;
  const fy = (focus.y + focus.height / 2 - crop.y) / crop.height;
  const fill = Math.max(focus.width / crop.width, focus.height / crop.height);
  const zoom = clamp(0.8 / Math.max(fill, 1e-3), 1.2, MAX_DETAIL_ZOOM);
  const half = 0.5 / zoom;
  return { zoom, centreX: clamp(fx, half, 1 - half), centreY: clamp(fy, half, 1 - half) };
}

/** A seeded Ken Burns move: mostly in, sometimes out, panning from one side to the other. */
export function kenBurnsPath(seed: number): StillViewPath {
  const rng = createRng(seed >>> 0).fork('ken-burns');
  const near = 1.18 + 0.1 * rng.next();
  const far = 1.02 + 0.03 * rng.next();
  const angle = rng.next() * 2 * Math.PI;
  const reach = (0.35 * (near - 1)) / near + 0.02;
  const a = { centreX: 0.5 + Math.cos(angle) * reach, centreY: 0.5 + Math.sin(angle) * reach * 0.7 };
  const b = { centreX: 0.5 - Math.cos(angle) * reach, centreY: 0.5 - Math.sin(angle) * reach * 0.7 };
  return rng.chance(0.7)
    ? { from: { zoom: far, ...a }, to: { zoom: near, ...b }, ease: 'in-out' }
    : { from: { zoom: near, ...a }, to: { zoom: far, ...b }, ease: 'in-out' };
}

/** Parallax: both layers start as the photo is; the scene drifts one way, the subject the other and nearer. */
export function parallaxPaths(seed: number): { background: StillViewPath; subject: StillViewPath } {
  const rng = createRng(seed >>> 0).fork('parallax');
  const d = rng.chance(0.5) ? 1 : -1;
  const lift = rng.bipolar() * 0.01;
  const start = { zoom: 1.06, centreX: 0.5, centreY: 0.5 };
  return {
    background: { from: start, to: { zoom: 1.1, centreX: 0.5 + d * 0.02, centreY: 0.5 + lift }, ease: 'in-out' },
    subject: { from: start, to: { zoom: 1.17, centreX: 0.5 - d * 0.025, centreY: 0.5 - lift }, ease: 'in-out' },
  };
}

/**
 * Image-to-video for any still: `ken-burns` (eased pan and zoom, seeded), `parallax` (the cut-out
 * subject moves over a background whose hole is filled from its surroundings), `zoom-to-detail`
 * (from the whole picture to `focus`, or the subject's box, or the centre). Exactly
 * `width × height` and `durationSeconds`, H.264.
 */
export async function renderStillVideo(req: StillVideoRequest, ffmpeg: FfmpegEngine): Promise<void> {
  if (!(req.durationSeconds > 0)) throw ValidationError.field('duration', 'must be positive');
  if (req.width < 16 || req.height < 16 || req.width % 2 || req.height % 2) {
    throw ValidationError.field('size', 'width and height must be even and at least 16 pixels');
  }
  const fps = req.fps ?? DEFAULT_STILL_FPS;
  const out = { width: req.width, height: req.height };
  const dir = await mkdtemp(join(tmpdir(), 'still-video-'));
  try {
    const picture = await decodeImage(req.imagePath);
    const subject = req.subjectPng ? await subjectAtPictureSize(req.subjectPng, picture) : undefined;
    const sourceRatio = Math.min(picture.width / req.width, picture.height / req.height);
    // Written upright (ffmpeg ignores EXIF orientation on stills); the focus box is in upright pixels too.
    const imagePath = join(dir, 'picture.png');
    let subjectLayer: { path: string; view: StillViewPath } | undefined;
    let view: StillViewPath;
    let zoomNeeded = 1.3;
    if (req.motion === 'ken-burns' || (req.motion === 'parallax' && !subject)) {
      // Without a cut-out there is nothing to separate: the still gets a slow Ken Burns move instead.
      view = kenBurnsPath(req.seed);
      zoomNeeded = Math.max(view.from.zoom, view.to.zoom);
      await writeFile(imagePath, await encodePng(picture));
    } else if (req.motion === 'parallax') {
      const paths = parallaxPaths(req.seed);
      view = paths.background;
      zoomNeeded = paths.subject.to.zoom;
      await writeFile(imagePath, await encodePng(await fillBehindSubject(picture, subject!)));
      const subjectPath = join(dir, 'subject.png');
      await writeFile(subjectPath, await encodePng(subject!));
      subjectLayer = { path: subjectPath, view: paths.subject };
    } else {
      const focus = req.focus ?? (subject ? subjectBox(subject) : null) ?? centreThird(picture);
      const end = detailView(focus, picture, out);
      view = { from: { zoom: 1, centreX: 0.5, centreY: 0.5 }, to: end, ease: 'in-out' };
      zoomNeeded = end.zoom;
      await writeFile(imagePath, await encodePng(picture));
    }
    req.signal?.throwIfAborted();
    // Supersample only as far as the photo has real pixels to give, and at most 2× (cost grows with its square).
    const supersample = Math.round(clamp(Math.min(zoomNeeded, sourceRatio, 2), 1, 2) * 4) / 4;
    const args = stillVideoArgs({
      imagePath,
      subject: subjectLayer,
      view,
      widthPx: req.width,
      heightPx: req.height,
      supersample,
      durationSeconds: req.durationSeconds,
      fps,
      outputPath: req.outputPath,
    });
    await ffmpeg.run(args, { signal: req.signal, onProgress: req.onProgress, expectedDurationSeconds: req.durationSeconds });
    req.onProgress?.(1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function centreThird(picture: { width: number; height: number }): PixelBox {
  return { x: picture.width / 3, y: picture.height / 3, width: picture.width / 3, height: picture.height / 3 };
}

async function subjectAtPictureSize(path: string, picture: { width: number; height: number }) {
  const subject = await decodeImage(path);
  if (subject.width === picture.width && subject.height === picture.height) return subject;
  const { data } = await sharp(path).rotate().ensureAlpha().resize(picture.width, picture.height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  return { width: picture.width, height: picture.height, data: new Uint8Array(data) };
}
