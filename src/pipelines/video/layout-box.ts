import type { TextPlate } from '../images/text/text-plate.js';
import type { ShotRequest } from './product-shot.js';

/** Sizes in fractions of the frame's width and height. */
export interface Box {
  width: number;
  height: number;
}

/** Pictures a layout asks to be drawn for it (see avatar-scenes/decorations.ts), sized to their box. */
export type DecorationKind = 'ring' | 'tint' | 'letterbox' | 'card' | 'disc';
/** Names the file a decoration, or a plate of fitted text, will be drawn to. */
export interface Decorate {
  (kind: DecorationKind, box: Box): string;
  (kind: 'text', box: Box, plate: TextPlate): string;
  /** A product shot (product-shot.ts): a photo made to fill `box`, the product whole inside the request's `keep`. */
  (kind: 'shot', box: Box, shot: ShotRequest): string;
}
