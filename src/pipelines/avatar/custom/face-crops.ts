import type { FaceBox } from '../../../engines/face/index.js';
import type { Size } from '../photo/frame-layout.js';

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How many face-box heights a thumbnail's side spans: the face with hair, chin and a little neck. */
export const THUMBNAIL_FACE_ZOOM = 2.2;

/**
 * The square a thumbnail is cut from: centred on the face (a little below its middle, so the
 * chin and neck show rather than empty space above the hair), as large as the zoom asks but
 * never past the picture's edges. Pure.
 */
export function faceThumbnailCrop(face: FaceBox, picture: Size, zoom = THUMBNAIL_FACE_ZOOM): CropRect {
  const side = Math.max(1, Math.floor(Math.min(picture.width, picture.height, Math.max(face.width, face.height) * zoom)));
  const centreX = face.x + face.width / 2;
  const centreY = face.y + face.height * 0.58;
  return {
    left: clamp(Math.round(centreX - side / 2), 0, picture.width - side),
    top: clamp(Math.round(centreY - side / 2), 0, picture.height - side),
    width: side,
    height: side,
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
