import { createCanvas } from '@napi-rs/canvas';
import { canvasFont, measureTextWidth, type TextFont } from './canvas-fonts.js';
import type { FittedText } from './fit-text.js';

/**
 * A picture of fitted text: blocks of lines (a name, a price, a button) stacked and centred in a
 * box, over an optional rounded panel. Laid out in the pixels of the full-quality frame and drawn
 * at whatever size the box has in the frame being rendered, so a preview shows the same lines.
 */

export interface PlateBlock {
  fitted: FittedText;
  font: TextFont;
  color: string;
  /** Space above the block (px). */
  gapBefore?: number;
  /** A rounded pill behind the block: a button. */
  pill?: { color: string; padX: number; padY: number };
}

export interface TextPlate {
  /** The box the plate was laid out in (px of the full-quality frame). */
  width: number;
  height: number;
  blocks: PlateBlock[];
  align: 'center' | 'left';
  /** A rounded panel behind all blocks, hugging them with this padding (px). */
  panel?: { color: string; padX: number; padY: number; radius: number };
  /** A soft dark shadow under the letters, for text straight on a picture. */
  shadow?: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedLine {
  text: string;
  block: number;
  /** The line's box: its advance wide, one line pitch high. */
  rect: Rect;
}

export interface PlateGeometry {
  panel: Rect | null;
  pills: (Rect | null)[];
  lines: PlacedLine[];
  /** Everything drawn: the panel, or the blocks with their pills. */
  ink: Rect;
}

const blockWidth = (b: PlateBlock) => b.fitted.width + 2 * (b.pill?.padX ?? 0);
const blockHeight = (b: PlateBlock) => b.fitted.height + 2 * (b.pill?.padY ?? 0);

/** Where every part of a plate goes, in its own pixels. Pure. */
export function plateGeometry(plate: TextPlate): PlateGeometry {
  const contentW = Math.max(0, ...plate.blocks.map(blockWidth));
  const contentH = plate.blocks.reduce((sum, b, i) => sum + blockHeight(b) + (i > 0 ? (b.gapBefore ?? 0) : 0), 0);
  const padX = plate.panel?.padX ?? 0;
  const padY = plate.panel?.padY ?? 0;
  const left = plate.align === 'left' ? padX : (plate.width - contentW) / 2;
  const top = (plate.height - contentH) / 2;
  const panel = plate.panel ? { x: left - padX, y: top - padY, width: contentW + 2 * padX, height: contentH + 2 * padY } : null;
  const pills: (Rect | null)[] = [];
  const lines: PlacedLine[] = [];
  let y = top;
  plate.blocks.forEach((b, i) => {
    if (i > 0) y += b.gapBefore ?? 0;
    const w = blockWidth(b);
    const x = plate.align === 'left' ? left : left + (contentW - w) / 2;
    pills.push(b.pill ? { x, y, width: w, height: blockHeight(b) } : null);
    let lineY = y + (b.pill?.padY ?? 0);
    for (const text of b.fitted.lines) {
      const width = measureTextWidth(text, b.font, b.fitted.fontPx);
      const lineX = plate.align === 'left' ? x + (b.pill?.padX ?? 0) : left + (contentW - width) / 2;
      lines.push({ text, block: i, rect: { x: lineX, y: lineY, width, height: b.fitted.lineHeightPx } });
      lineY += b.fitted.lineHeightPx;
    }
    y += blockHeight(b);
  });
  const ink = panel ?? { x: left, y: top, width: contentW, height: contentH };
  return { panel, pills, lines, ink };
}

/** The plate as PNG bytes at `width` × `height` pixels (transparent around what is drawn). */
export function drawTextPlate(plate: TextPlate, width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.scale(width / plate.width, height / plate.height);
  const g = plateGeometry(plate);
  if (g.panel && plate.panel) {
    ctx.fillStyle = plate.panel.color;
    ctx.beginPath();
    ctx.roundRect(g.panel.x, g.panel.y, g.panel.width, g.panel.height, Math.min(plate.panel.radius, g.panel.height / 2));
    ctx.fill();
  }
  plate.blocks.forEach((b, i) => {
    const pill = g.pills[i];
    if (!pill || !b.pill) return;
    ctx.fillStyle = b.pill.color;
    ctx.beginPath();
    ctx.roundRect(pill.x, pill.y, pill.width, pill.height, pill.height / 2);
    ctx.fill();
  });
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  for (const line of g.lines) {
    const b = plate.blocks[line.block]!;
    ctx.font = canvasFont(b.font, b.fitted.fontPx);
    const m = ctx.measureText(line.text);
    // The face's line box centred in the line's pitch; the baseline sits its ascent below the box's top.
    const box = m.fontBoundingBoxAscent + m.fontBoundingBoxDescent;
    const baseline = line.rect.y + (line.rect.height - box) / 2 + m.fontBoundingBoxAscent;
    if (plate.shadow) {
      ctx.shadowColor = 'rgba(0,0,0,0.55)';
      ctx.shadowBlur = b.fitted.fontPx * 0.12;
      ctx.shadowOffsetY = b.fitted.fontPx * 0.04;
    }
    ctx.fillStyle = b.color;
    ctx.fillText(line.text, line.rect.x, baseline);
  }
  return canvas.toBuffer('image/png');
}

/** Dark or white letters, whichever reads better on `background` (#RRGGBB or #RRGGBBAA). */
export function readableOn(background: string): string {
  const hex = background.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  // Contrast with white against contrast with near-black (#111111, luminance 0.0056).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0556 ? '#FFFFFF' : '#111111';
}
