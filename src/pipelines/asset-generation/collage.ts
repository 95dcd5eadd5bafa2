import type { PixelBox, RgbaImage } from '../../core/raster.js';
import type { Rng } from '../../core/random.js';
import { hexToRgb, rgbaOf, sharpOf } from '../images/pixel-ops.js';
import { blankImage } from '../images/raster-io.js';

export type CollageLayout = 'grid' | 'horizontal' | 'vertical' | 'mosaic';

/** The cells of a layout for `n` pictures on a `width × height` canvas with `gap` pixels between cells. */
export function collageCells(layout: CollageLayout, n: number, width: number, height: number, gap: number): PixelBox[] {
  const split = (x: number, y: number, w: number, h: number, cols: number, rows: number, count: number): PixelBox[] => {
    const cw = (w - gap * (cols - 1)) / cols,
      ch = (h - gap * (rows - 1)) / rows;
    return Array.from({ length: count }, (_, i) => {
      const cx = x + (i % cols) * (cw + gap),
        cy = y + Math.floor(i / cols) * (ch + gap);
      return {
        x: Math.round(cx),
        y: Math.round(cy),
        width: Math.max(1, Math.round(cx + cw) - Math.round(cx)),
        height: Math.max(1, Math.round(cy + ch) - Math.round(cy)),
      };
    });
  };
  if (layout === 'horizontal') return split(gap, gap, width - 2 * gap, height - 2 * gap, n, 1, n);
  if (layout === 'vertical') return split(gap, gap, width - 2 * gap, height - 2 * gap, 1, n, n);
  if (layout === 'mosaic' && n >= 3) {
    const bigW = Math.round((width - 3 * gap) * 0.55);
    const rest = n - 1,
      cols = Math.ceil(Math.sqrt(rest / 1.5)),
      rows = Math.ceil(rest / cols);
    return [
      { x: gap, y: gap, width: bigW, height: height - 2 * gap },
      ...split(2 * gap + bigW, gap, width - 3 * gap - bigW, height - 2 * gap, cols, rows, rest),
    ];
  }
  const cols = Math.ceil(Math.sqrt(n)),
    rows = Math.ceil(n / cols);
  return split(gap, gap, width - 2 * gap, height - 2 * gap, cols, rows, n);
}

/** Each picture cropped to fill its cell (centre crop); variations shuffle which picture goes where. */
export async function collage(
  pictures: RgbaImage[],
  o: { layout: CollageLayout; gapPx: number; background: string; width: number; height: number },
  rng: Rng,
  variation: number,
): Promise<RgbaImage> {
  const order = pictures.map((_, i) => i);
  if (variation > 0)
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  if (variation > 0 && order.every((v, i) => v === i)) order.push(order.shift()!);
  const cells = collageCells(o.layout, pictures.length, o.width, o.height, o.gapPx);
  const layers = await Promise.all(
    cells.map(async (cell, i) => {
      const pic = pictures[order[i]!]!;
      const fitted = await sharpOf(pic).resize(cell.width, cell.height, { fit: 'cover', position: 'centre' }).raw().toBuffer();
      return { input: fitted, raw: { width: cell.width, height: cell.height, channels: 4 as const }, left: cell.x, top: cell.y };
    }),
  );
  const [r, g, b] = hexToRgb(o.background);
  return rgbaOf(sharpOf(blankImage(o.width, o.height, [r, g, b, 255])).composite(layers));
}
