import type { Point, RgbaImage } from '../../../engines/face/index.js';
import { deformFace } from '../photo/deform-face.js';
import { planHeadPatch } from '../photo/head-patch.js';
import type { FaceState } from '../photo/mouth-track.js';
import { faceLight, paintMouthInterior } from '../photo/paint-mouth.js';
import { cutPatch } from '../photo/render-states.js';
import { warpTriangles } from '../photo/warp-triangles.js';
import { closedMouthLandmarks, innerLipGap } from './close-mouth.js';

/** No head motion of our own: the footage moves the head, the patch only re-draws the mouth. */
const STILL = { maxAngleRadians: 0, maxShiftPx: 0 };
/** An opening below this (output pixels) is the landmark net's noise on a shut mouth: left as it is. */
const SHUT_GAP_PX = 1;

/**
 * One footage frame with its mouth re-drawn to `state`. The person in the footage may be talking:
 * the mesh warp first shuts their mouth (the lower lip and jaw brought up to the upper lip by the
 * opening the landmarks show), then opens it as the photo animator would for `state`, in one warp
 * from the frame's own landmarks; the mouth's inside is painted in the frame's own light. The
 * result is laid back over the frame with the patch's feathered alpha: pixels away from the jaw
 * and mouth are the footage's own (the warp leaves them in place).
 */
export function repaintMouth(frame: RgbaImage, landmarks: readonly Point[], state: FaceState): RgbaImage {
  const ownGap = innerLipGap(landmarks);
  if (state.mouth === 0 && state.width === 'normal' && state.blink === 'open' && ownGap < SHUT_GAP_PX) return frame;
  const head = planHeadPatch(landmarks, frame, STILL);
  const rest = cutPatch(frame, head);
  const { x: px, y: py } = head.patch;
  const shut = closedMouthLandmarks(landmarks).map(([x, y]): Point => [x - px, y - py]);
  const points = deformFace({ ...head, rest: [...shut, ...head.rest.slice(shut.length)] }, state);
  const drawn: RgbaImage = { width: rest.width, height: rest.height, data: Uint8Array.from(rest.data) };
  warpTriangles(rest, drawn, head.rest, points, head.triangles);
  if (state.mouth > 0) paintMouthInterior(drawn, points, faceLight(rest, head.rest));
  const out = Uint8Array.from(frame.data);
  const { width, height } = head.patch;
  for (let y = Math.max(0, -py); y < height && py + y < frame.height; y++) {
    for (let x = Math.max(0, -px); x < width && px + x < frame.width; x++) {
      const a = head.alpha[y * width + x]!;
      if (a === 0) continue;
      const s = (y * width + x) * 4;
      const t = ((py + y) * frame.width + px + x) * 4;
      for (let c = 0; c < 3; c++) out[t + c] = Math.round((drawn.data[s + c]! * a + out[t + c]! * (255 - a)) / 255);
    }
  }
  return { width: frame.width, height: frame.height, data: out };
}
