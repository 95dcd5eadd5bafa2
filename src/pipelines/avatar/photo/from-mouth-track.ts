import { VISEME_SHAPES, type MouthTrack } from '../visemes/index.js';
import type { PhotoMouthFrame } from './mouth-track.js';

/**
 * How much a viseme's lip spread (−1 rounded … 1 wide) changes a photo's mouth width. Kept small:
 * a photo's lips can only be stretched so far before the warp shows.
 */
const WIDTH_PER_SPREAD = 0.15;

/**
 * The shared viseme track (per frame at 30 fps) → the photo animator's frames: the opening as is,
 * the shape's spread as a width factor, so "O"/"U"/"WQ" round the mouth and "E" widens it.
 * Blinks are left to the animator.
 */
export function photoFramesFromMouthTrack(track: MouthTrack): PhotoMouthFrame[] {
  return track.map((frame) => ({
    openness: frame.openness,
    width: 1 + VISEME_SHAPES[frame.viseme].spread * WIDTH_PER_SPREAD,
  }));
}
