import type { PixelBox, RgbaImage } from '../../core/raster.js';

/**
 * The image ports: every outside tool the images family uses sits behind one of these, with a
 * real adapter and an in-memory fake (see docs/architecture.md). Images travel as decoded RGBA
 * (`core/raster.ts`); files are read and written by the callers.
 */

/** Cuts the main object (product or person) out of a photo. */
export interface CutoutEngine {
  /** Which tool does the work, for logs and the README (`imgly-isnet`, `border-key`, …). */
  readonly name: string;
  /**
   * The photo with its background made transparent: same size as the input, alpha 0 where the
   * background was. Throws `NothingToCutOut` (core/errors.ts) when no object stands out.
   */
  cutOut(photo: RgbaImage, opts?: { signal?: AbortSignal }): Promise<RgbaImage>;
}

/** A soft mask of the people in a photo (0 = background, 255 = person), same size as the photo. */
export interface PersonSegmenter {
  readonly name: string;
  segment(photo: RgbaImage, opts?: { signal?: AbortSignal }): Promise<Uint8Array>;
}

/** Where to crop a photo to a size so that what matters (faces, the product) stays in frame. */
export interface SmartCropper {
  crop(photo: RgbaImage, size: { width: number; height: number }, opts?: { keep?: PixelBox[]; signal?: AbortSignal }): Promise<PixelBox>;
}

/** A prompt-to-image service (OpenAI-compatible `/v1/images/*`); absent when none is configured. */
export interface ImageGenerator {
  /** The provider's model name, shown in the asset schema as a remote model. */
  readonly model: string;
  generate(req: { prompt: string; width: number; height: number; count?: number; signal?: AbortSignal }): Promise<RgbaImage[]>;
  /** Repaints where `mask` is transparent (OpenAI `images/edits` semantics). */
  edit(req: { image: RgbaImage; mask?: RgbaImage; prompt: string; count?: number; signal?: AbortSignal }): Promise<RgbaImage[]>;
}

export interface ImageEngines {
  cutout: CutoutEngine;
  segmenter: PersonSegmenter;
  cropper: SmartCropper;
  /** Null when no remote images provider is configured. */
  generator: ImageGenerator | null;
}
