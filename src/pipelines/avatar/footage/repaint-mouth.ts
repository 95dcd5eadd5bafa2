import { centroid, distance, LANDMARK, type Point, type RgbaImage } from '../../../engines/face/index.js';
import { deformFace } from '../photo/deform-face.js';
import { faceAxes, type HeadPatch } from '../photo/head-patch.js';
import type { FaceState } from '../photo/mouth-track.js';
import { warpTriangles } from '../photo/warp-triangles.js';
import { closedMouthLandmarks, innerLipGap } from './close-mouth.js';
import type { FootageMouthColours } from './footage-mouth-colours.js';
import { planMouthPatch } from './mouth-patch.js';
import { paintFootageMouth } from './paint-footage-mouth.js';

/** An opening below this (output pixels) is the landmark net's noise on a shut mouth: left as it is. */
const SHUT_GAP_PX = 1;

/**
 * One footage frame with its mouth re-drawn to `state`, in place. The person in the footage may be
 * talking: one mesh warp over the lower face (`planMouthPatch`) first shuts their mouth (the lower
 * lip and jaw brought up to the upper lip by the opening the landmarks show), then opens it as the
 * photo animator would for `state`; the mouth's inside is painted in the footage's own mouth
 * colours. Pixels beyond the jaw's ring are the footage's own.
 */
export function repaintMouth(
  frame: RgbaImage,
  landmarks: readonly Point[],
  state: FaceState,
  look: { colours: FootageMouthColours; softnessPx: number },
): RgbaImage {
  if (state.mouth === 0 && state.width === 'normal' && innerLipGap(landmarks) < SHUT_GAP_PX) return frame;
  const patch = planMouthPatch(landmarks, frame);
  const { rect } = patch;
  const browMid = centroid(landmarks, [...LANDMARK.rightBrow, ...LANDMARK.leftBrow]);
  // deformFace reads only the mesh, the axes and the face's height: the 68 shut landmarks stand in for a head patch's mesh.
  const face = { rest: closedMouthLandmarks(landmarks), axes: faceAxes(landmarks), faceHeight: distance(browMid, landmarks[LANDMARK.chin]!) };
  const moved = deformFace(face as HeadPatch, { ...state, blink: 'open' }).map(([x, y]): Point => [x - rect.x, y - rect.y]);
  const to = patch.rest.map((p, k): Point => (k < patch.landmarkOf.length ? moved[patch.landmarkOf[k]!]! : p));

  const rest = cut(frame, rect);
  const drawn: RgbaImage = { ...rest, data: Uint8Array.from(rest.data) };
  warpTriangles(rest, drawn, patch.rest, to, patch.triangles);
  if (state.mouth > 0) paintFootageMouth(drawn, moved, look.colours, look.softnessPx);
  const row = rect.width * 4;
  for (let y = 0; y < rect.height; y++) frame.data.set(drawn.data.subarray(y * row, (y + 1) * row), ((rect.y + y) * frame.width + rect.x) * 4);
  return frame;
}

function cut(frame: RgbaImage, rect: { x: number; y: number; width: number; height: number }): RgbaImage {
  const data = new Uint8Array(rect.width * rect.height * 4);
  const row = rect.width * 4;
  for (let y = 0; y < rect.height; y++)
    data.set(frame.data.subarray(((rect.y + y) * frame.width + rect.x) * 4, ((rect.y + y) * frame.width + rect.x) * 4 + row), y * row);
  return { width: rect.width, height: rect.height, data };
}
