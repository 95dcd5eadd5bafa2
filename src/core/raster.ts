/**
 * Pixels in memory, shared by every image engine and pipeline: 4 bytes a pixel (RGBA, straight
 * alpha), rows top to bottom, no padding. Boxes are in pixels, origin top left.
 */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
