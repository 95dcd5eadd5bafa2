/**
 * The OCR port: printed text in a picture → words with their boxes. Ad clone reads the on-screen
 * text and captions of a reference ad's frames with it.
 */
import type { PixelBox } from '../../core/raster.js';

export type OcrEngineId = 'tesseract' | 'fake';

export interface OcrWord {
  text: string;
  /** 0..100 as the engine reports it. */
  confidence: number;
  /** Where the word sits, in the picture's pixels. */
  box: PixelBox;
  /** Words that share a value were read as one line of text. */
  line: string;
}

export interface OcrRequest {
  imagePath: string;
  /** Tesseract language code (`eng`); absent → English. */
  language?: string;
  /** Words read less surely than this (0–100) are left out; absent → the engine's own floor (40 for Tesseract). */
  minConfidence?: number;
  signal?: AbortSignal;
}

export interface TextRecognizer {
  readonly id: OcrEngineId;
  recognize(req: OcrRequest): Promise<OcrWord[]>;
}

/** The recogniser could not run (not installed, crashed); a picture without text is not an error. */
export class OcrError extends Error {
  constructor(
    message: string,
    readonly detail = '',
  ) {
    super(message);
    this.name = 'OcrError';
  }
}
