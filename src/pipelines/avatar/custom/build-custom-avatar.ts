import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { FaceNotUsable, TaskFailure } from '../../../core/errors.js';
import { centroid, detectSingleFace, requireUsablePortrait, PORTRAIT_LIMITS, type DetectedFace, type FaceEngine } from '../../../engines/face/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/index.js';
import { checkConsent, type ConsentCheck } from '../photo/consent-check.js';
import { placePhoto, type Size } from '../photo/frame-layout.js';
import { chooseFrontalStill } from '../photo/frontal-still.js';
import { faceThumbnailCrop } from './face-crops.js';

/** A client's picture or video; `label` names it in failure reasons (the request field). */
export interface AvatarMedia {
  kind: 'image' | 'video';
  path: string;
  label: string;
}

export type PreviewAspect = '16:9' | '1:1' | '9:16';

export interface BuiltAvatar {
  /** The still the avatar is animated from: oriented, at most `MAX_STILL_SIDE_PX` on its long side, JPEG. */
  stillPath: string;
  still: Size;
  /** The one face on the still, in the still's pixels. */
  face: DetectedFace;
  /** A square picture around the face. */
  thumbnailPath: string;
  previewPaths: Record<PreviewAspect, string>;
  /** For a video source: the time of the frame the still was taken from. */
  stillFromSeconds: number | null;
  consent: ConsentCheck | null;
}

/** Large enough for a 1080p render's avatar box; larger photos are shrunk once here. */
export const MAX_STILL_SIDE_PX = 1920;
/** Below this the mouth is a few pixels wide and the animation cannot read (see `PORTRAIT_LIMITS`). */
export const MIN_FACE_WIDTH_PX = PORTRAIT_LIMITS.minFacePx;
export const THUMBNAIL_PX = 512;
const PREVIEW_FRAMES: Record<PreviewAspect, Size> = {
  '16:9': { width: 640, height: 360 },
  '1:1': { width: 512, height: 512 },
  '9:16': { width: 360, height: 640 },
};

/**
 * A custom avatar from a portrait or a video: the picture (for a video, its most frontal frame
 * with exactly one person), the one face on it, a thumbnail and preview pictures cut around the
 * face, and, when a consent is given, whether it shows the same person. Faces that cannot be
 * used throw `FaceNotUsable` / `TaskFailure` with the field named in the reason.
 */
export async function buildCustomAvatar(
  engines: { faces: FaceEngine; ffmpeg: FfmpegEngine },
  req: { source: AvatarMedia; consent: AvatarMedia | null; outDir: string },
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<BuiltAvatar> {
  const { signal } = opts;
  await mkdir(req.outDir, { recursive: true });
  const { source } = req;

  let picture = source.path;
  let stillFromSeconds: number | null = null;
  if (source.kind === 'video') {
    const frames = join(req.outDir, 'frames');
    await mkdir(frames, { recursive: true });
    const chosen = await labelled(source.label, () => chooseFrontalStill(engines, source.path, { workDir: frames, signal }));
    picture = chosen.imagePath;
    stillFromSeconds = Math.round(chosen.timeSeconds * 100) / 100;
  }
  opts.onProgress?.(0.4);

  const stillPath = join(req.outDir, 'still.jpg');
  const written = await labelled(source.label, async () => {
    try {
      return await sharp(picture)
        .rotate()
        .resize({ width: MAX_STILL_SIDE_PX, height: MAX_STILL_SIDE_PX, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 92 })
        .toFile(stillPath);
    } catch (err) {
      throw new TaskFailure(`could not read the picture: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  const still = { width: written.width, height: written.height };
  const face = await labelled(source.label, () => detectSingleFace(engines.faces, stillPath, { signal }));
  await labelled(source.label, async () => requireUsablePortrait(face, still));
  opts.onProgress?.(0.6);

  const thumbnailPath = join(req.outDir, 'thumbnail.jpg');
  await sharp(stillPath).extract(faceThumbnailCrop(face.box, still)).resize(THUMBNAIL_PX, THUMBNAIL_PX).jpeg({ quality: 88 }).toFile(thumbnailPath);
  const faceCentre = centroid(
    face.landmarks68,
    face.landmarks68.map((_, i) => i),
  );
  const previewPaths = {} as Record<PreviewAspect, string>;
  for (const [aspect, frame] of Object.entries(PREVIEW_FRAMES) as [PreviewAspect, Size][]) {
    const place = placePhoto(still, frame, faceCentre);
    const path = join(req.outDir, `preview-${aspect.replace(':', 'x')}.jpg`);
    await sharp(stillPath)
      .resize(place.resized.width, place.resized.height, { fit: 'fill' })
      .extract({ left: place.cropX, top: place.cropY, width: frame.width, height: frame.height })
      .jpeg({ quality: 85 })
      .toFile(path);
    previewPaths[aspect] = path;
  }
  opts.onProgress?.(0.7);

  let consent: ConsentCheck | null = null;
  if (req.consent) {
    const consentMedia = req.consent;
    const work = join(req.outDir, 'consent');
    await mkdir(work, { recursive: true });
    // The avatar side was checked above, so a face problem here is the consent's.
    consent = await labelled(consentMedia.label, () => checkConsent(engines, { kind: 'image', path: stillPath }, consentMedia, { workDir: work, signal }));
  }
  opts.onProgress?.(1);
  return {
    stillPath,
    still,
    face: { box: face.box, score: face.score, landmarks68: face.landmarks68 },
    thumbnailPath,
    previewPaths,
    stillFromSeconds,
    consent,
  };
}

/** Runs a step whose face or picture problems belong to one request field, naming it in the reason. */
async function labelled<T>(label: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof FaceNotUsable) throw new FaceNotUsable(err.kind, err.faceCount, `${label}: ${err.reason}`);
    if (err instanceof TaskFailure && !err.transient) throw new TaskFailure(`${label}: ${err.reason}`);
    throw err;
  }
}
