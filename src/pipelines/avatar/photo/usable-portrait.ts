import sharp from 'sharp';
import { detectSingleFace, requireUsablePortrait, type DetectedFace, type FaceEngine } from '../../../engines/face/index.js';

/**
 * The one face of a photo that is to talk, checked before anything is rendered: exactly one
 * person, a face large enough, eyes open, facing the camera (`FaceNotUsable` with the reasons
 * otherwise).
 */
export async function detectUsablePortrait(faces: FaceEngine, photoPath: string, opts: { signal?: AbortSignal } = {}): Promise<DetectedFace> {
  const face = await detectSingleFace(faces, photoPath, opts);
  const meta = await sharp(photoPath).metadata();
  // The detector sees the picture upright (EXIF applied), so the size is measured the same way.
  const turned = (meta.orientation ?? 1) >= 5;
  const picture = { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
  requireUsablePortrait(face, picture);
  return face;
}
