import type { TextPlate } from '../images/text/text-plate.js';

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
}
