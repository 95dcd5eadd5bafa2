import sharp from 'sharp';
import type { RgbaImage } from '../../../core/raster.js';

// PLACEHOLDER written by the lead so dependents can build; the img-staging helper replaces this file.
export const PROCEDURAL_BACKGROUNDS = ['noise-field', 'low-poly', 'linear-gradient', 'radial-gradient', 'stripes', 'dots'] as const;
export type ProceduralBackground = (typeof PROCEDURAL_BACKGROUNDS)[number];

export interface BackgroundRequest {
  width: number;
  height: number;
  seed: number;
  /** `#rrggbb`, first is the main colour. */
  colors: string[];
}

export async function renderBackground(kind: ProceduralBackground, req: BackgroundRequest): Promise<RgbaImage> {
  const [a = '#334455', b = '#99aabb'] = req.colors;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${req.width}" height="${req.height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  void kind;
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}
