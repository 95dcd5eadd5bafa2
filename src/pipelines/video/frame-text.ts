import { frameSizeFor } from '../../media/frame-size.js';
import type { AspectRatio, Layer } from '../../media/timeline.js';
import { lineBoxPerPx, type TextFont } from '../images/text/canvas-fonts.js';
import { fitText, type FitBox } from '../images/text/fit-text.js';
import { plateGeometry, readableOn, type TextPlate } from '../images/text/text-plate.js';
import type { Box, Decorate } from './layout-box.js';

/**
 * Text laid on a video frame inside a box: fitted (fit-text.ts) in the pixels of the full-quality
 * frame, drawn as a picture (a text plate) by the renderer's decorations, so what was measured is
 * what shows. Without decorations (plans built for tests) the same fitted lines go out as
 * subtitle-drawn text layers.
 */

export interface FramePlace {
  position: { x: number; y: number };
  box: Box;
}

/** The frame text is laid out in: the full-quality one (previews draw the same plate smaller). */
export function layoutFrame(aspectRatio: AspectRatio): { width: number; height: number; short: number } {
  const f = frameSizeFor(aspectRatio, 'render');
  return { ...f, short: Math.min(f.width, f.height) };
}

/** A frame box (fractions) in the layout frame's pixels. */
export function boxPx(aspectRatio: AspectRatio, box: Box): FitBox {
  const f = layoutFrame(aspectRatio);
  return { width: box.width * f.width, height: box.height * f.height };
}

export interface LabelStyle {
  font?: TextFont;
  color: string;
  /** A rounded panel behind the text in this colour; none: the text straight on the picture (with a shadow). */
  panel?: string;
  align?: 'center' | 'left';
  /** Sizes in pixels of the layout frame. */
  maxPx: number;
  minPx: number;
  maxLines?: number;
  lineHeight?: number;
  /** Shorter ways to say it, used only when the text fits nowhere (a product's short name). */
  shorter?: readonly string[];
}

/** One text fitted into `area` (px) as a plate: the panel's padding is taken from the area first. */
export function labelPlate(text: string, area: FitBox, style: LabelStyle): TextPlate {
  const padX = style.panel ? Math.round(style.maxPx * 0.5) : 0;
  const padY = style.panel ? Math.round(style.maxPx * 0.28) : 0;
  const font = style.font ?? { weight: 700 };
  const fitted = fitText(text, { width: area.width - 2 * padX, height: area.height - 2 * padY }, { ...style, font });
  return {
    width: area.width,
    height: area.height,
    align: style.align ?? 'center',
    blocks: [{ fitted, font, color: style.color }],
    // Without a panel, light letters get a soft shadow to stand off a light picture; dark ones stand on light pages as they are.
    ...(style.panel
      ? { panel: { color: style.panel, padX, padY, radius: Math.round(style.maxPx * 0.35) } }
      : { shadow: readableOn(style.color) !== '#FFFFFF' }),
  };
}

/**
 * The layers that show a plate at `place`: one picture when decorations are drawn, else one
 * subtitle text layer per block at the block's place, in the fitted lines and size.
 */
export function plateLayers(
  place: FramePlace,
  plate: TextPlate,
  decorate: Decorate | null,
  timing: { startSeconds?: number; endSeconds?: number } = {},
): Layer[] {
  if (decorate) return [{ kind: 'image', path: decorate('text', place.box, plate), box: place.box, position: place.position, fit: 'contain', ...timing }];
  const g = plateGeometry(plate);
  return plate.blocks.flatMap((b, i) => {
    const lines = g.lines.filter((l) => l.block === i);
    if (lines.length === 0) return [];
    const top = Math.min(...lines.map((l) => l.rect.y));
    const bottom = Math.max(...lines.map((l) => l.rect.y + l.rect.height));
    const cx = plate.align === 'left' ? Math.min(...lines.map((l) => l.rect.x)) + b.fitted.width / 2 : plate.width / 2;
    const position = {
      x: place.position.x + (cx / plate.width - 0.5) * place.box.width,
      y: place.position.y + ((top + bottom) / 2 / plate.height - 0.5) * place.box.height,
    };
    const background = b.pill?.color ?? (i === 0 ? plate.panel?.color : undefined);
    return [
      {
        kind: 'text' as const,
        text: b.fitted.lines.join('\n'),
        // libass sizes a face by its line box, the canvas by its em.
        fontSizePx: Math.round(b.fitted.fontPx * lineBoxPerPx(b.font)),
        fontFamily: b.font.family,
        bold: (b.font.weight ?? 700) === 700,
        color: b.color,
        ...(background ? { backgroundColor: background } : {}),
        position,
        ...timing,
      },
    ];
  });
}
