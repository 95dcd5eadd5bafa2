import type { Point, RgbaImage } from '../../../engines/face/index.js';
import { planHeadPatch } from '../photo/head-patch.js';
import type { FaceState } from '../photo/mouth-track.js';
import { cutPatch, drawFaceState } from '../photo/render-states.js';
import { faceLight } from '../photo/paint-mouth.js';

/** No head motion of our own: the footage moves the head, the patch only re-draws the mouth. */
const STILL = { maxAngleRadians: 0, maxShiftPx: 0 };

/**
 * One footage frame with its mouth re-drawn to `state`: the photo animator's mesh warp and
 * mouth painting, planned on this frame's own landmarks, laid back over the frame with the
 * patch's feathered alpha. Pixels away from the jaw and mouth are the footage's own (the warp
 * leaves them in place). A closed mouth leaves the frame as it is.
 */
export function repaintMouth(frame: RgbaImage, landmarks: readonly Point[], state: FaceState): RgbaImage {
  if (state.mouth === 0 && state.width === 'normal' && state.blink === 'open') return frame;
  const head = planHeadPatch(landmarks, frame, STILL);
  const rest = cutPatch(frame, head);
  const drawn = drawFaceState(rest, head, state, faceLight(rest, head.rest));
  const out = Uint8Array.from(frame.data);
  const { x: px, y: py, width, height } = head.patch;
  for (let y = Math.max(0, -py); y < height && py + y < frame.height; y++) {
    for (let x = Math.max(0, -px); x < width && px + x < frame.width; x++) {
      const s = (y * width + x) * 4;
      const a = drawn.data[s + 3]!;
      if (a === 0) continue;
      const t = ((py + y) * frame.width + px + x) * 4;
      for (let c = 0; c < 3; c++) out[t + c] = Math.round((drawn.data[s + c]! * a + out[t + c]! * (255 - a)) / 255);
    }
  }
  return { width: frame.width, height: frame.height, data: out };
}
