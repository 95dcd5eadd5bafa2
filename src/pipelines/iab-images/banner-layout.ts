import type { PixelBox } from '../../core/raster.js';

/** `designed`: every banner laid out with the link's words (`banner-slots.ts`); chosen before crop or compose. */
export type BannerLayout = 'crop' | 'compose' | 'designed';

export interface Size {
  width: number;
  height: number;
}

/**
 * How far a banner's shape is from the photo's: |ln(banner aspect / photo aspect)|. 0 is the same
 * shape; ln 2 means the largest crop keeps half of the photo's long side.
 */
export function shapeDistance(photo: Size, banner: Size): number {
  return Math.abs(Math.log(banner.width / banner.height / (photo.width / photo.height)));
}

/** Beyond this a crop keeps under ~30 % of the photo's extent: a thin slice, so the banner is composed. */
export const FAR_SHAPE_DISTANCE = Math.log(3.3);
/** Beyond this a crop is still taken only when the subject fits the crop window whole. */
export const NEAR_SHAPE_DISTANCE = Math.log(1.6);

/** The largest box of the banner's shape inside the photo (what a crop may take at most). */
export function cropWindowSize(photo: Size, banner: Size): Size {
  const scale = Math.min(photo.width / banner.width, photo.height / banner.height);
  return { width: Math.min(photo.width, banner.width * scale), height: Math.min(photo.height, banner.height * scale) };
}

/**
 * Crop or compose one banner. A shape close to the photo's is cropped (smart crop, then resized);
 * a far one is composed (the cut-out subject on a backdrop of the photo's colours) so it is not a
 * thin slice; in between, a crop that would cut the subject (all faces, or the product) is composed
 * instead — unless the photo shows people and the crop holds one whole face: a portrait crop of one
 * person reads better than a whole group shrunk to fit a tall or narrow banner. Without a usable
 * cut-out every banner is cropped.
 */
export function chooseLayout(req: { photo: Size; banner: Size; subject: PixelBox | null; canCompose: boolean; largestFace?: Size | null }): BannerLayout {
  if (!req.canCompose) return 'crop';
  const distance = shapeDistance(req.photo, req.banner);
  if (distance > FAR_SHAPE_DISTANCE) return 'compose';
  if (distance <= NEAR_SHAPE_DISTANCE || !req.subject) return 'crop';
  const window = cropWindowSize(req.photo, req.banner);
  const fitsIn = (box: Size) => box.width <= window.width && box.height <= window.height;
  if (fitsIn(req.subject)) return 'crop';
  return req.largestFace && fitsIn(req.largestFace) ? 'crop' : 'compose';
}
