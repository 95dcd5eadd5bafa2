/**
 * The face port: finds faces in a picture, with the 68-point landmark layout of iBUG 300-W
 * (jaw 0–16, brows 17–26, nose 27–35, eyes 36–47, lips 48–67) and, on request, a 128-number
 * descriptor for telling people apart. Coordinates are pixels of the picture as given (after
 * EXIF orientation for files), origin top left.
 */
export type Point = [x: number, y: number];

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedFace {
  box: FaceBox;
  /** Detector confidence 0..1. */
  score: number;
  /** 68 points; see `LANDMARK` for which is which. */
  landmarks68: Point[];
  /** Present when asked for (`withDescriptors`). Euclidean distance < ~0.6 means the same person. */
  descriptor?: Float32Array;
}

import type { RgbaImage } from '../../core/raster.js';

/** Decoded pixels, 4 bytes a pixel (RGBA), rows top to bottom. */
export type { RgbaImage };

/** A file path (JPEG, PNG, WebP …) or pixels already in memory. */
export type FaceImageInput = string | RgbaImage;

export interface DetectOptions {
  /** Compute descriptors too (about 0.1 s more per face). */
  withDescriptors?: boolean;
  /**
   * `ssd` (default) is the more accurate detector; `tiny` is about twice as fast and is good
   * enough for scanning many video frames.
   */
  detector?: 'ssd' | 'tiny';
  /** Faces the detector is less sure of are left out. Default 0.5. */
  minScore?: number;
  signal?: AbortSignal;
}

export interface FaceEngine {
  /** Faces found, most confident first. */
  detect(input: FaceImageInput, opts?: DetectOptions): Promise<DetectedFace[]>;
}
