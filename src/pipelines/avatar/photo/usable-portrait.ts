import sharp from 'sharp';
import { FaceNotUsable } from '../../../core/errors.js';
import { detectSingleFace, portraitProblems, type DetectedFace, type FaceEngine } from '../../../engines/face/index.js';

/**
 * The one face of a photo that is to talk, checked before anything is rendered: exactly one
 * person (`no-face` when none is found), eyes open, facing the camera (`FaceNotUsable` with the
 * reasons otherwise). A small face is not refused: the animator crops around it
 * (`faceFramingScale`), so a half or full figure of a person talks as a head-and-shoulders shot.
 */
export async function detectUsablePortrait(faces: FaceEngine, photoPath: string, opts: { signal?: AbortSignal } = {}): Promise<DetectedFace> {
  const face = await detectSingleFace(faces, photoPath, opts);
  const meta = await sharp(photoPath).metadata();
  // The detector sees the picture upright (EXIF applied), so the size is measured the same way.
  const turned = (meta.orientation ?? 1) >= 5;
  const picture = { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
  const problems = portraitProblems(face, picture).filter((p) => p.kind !== 'face-too-small');
  if (problems.length > 0) {
    throw new FaceNotUsable(problems[0]!.kind, 1, `photo not usable as a talking avatar: ${problems.map((p) => p.reason).join('; ')}.`);
  }
  return face;
}
