import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { DEFAULT_FONT_FAMILY, resolveFontFamily } from '../../../media/fonts.js';
import { FONT_DIRS } from './font-dirs.js';

/**
 * The fonts text is measured and drawn with on a canvas. Skia finds the system's fonts itself but
 * not scripts/install-fonts.sh's folder, so that is loaded once; a family is then resolved exactly
 * as the video's subtitle renderer resolves it (the family, else its nearest look-alike), so a
 * label drawn here and a caption drawn by libass use the same face.
 */

export interface TextFont {
  /** A family as asked (the contract's font names); resolved to an installed one when used. */
  family?: string;
  weight?: 400 | 700;
}

let loaded = false;

function loadFonts(): void {
  if (loaded) return;
  loaded = true;
  for (const dir of FONT_DIRS.slice(0, 1)) GlobalFonts.loadFontsFromDir(dir);
}

const resolved = new Map<string, string>();

/** The installed family a requested one is drawn with. */
export function canvasFamily(requested: string | undefined): string {
  const wanted = requested ?? DEFAULT_FONT_FAMILY;
  let family = resolved.get(wanted);
  if (family === undefined) {
    loadFonts();
    family = resolveFontFamily(
      wanted,
      GlobalFonts.families.map((f) => f.family),
    );
    resolved.set(wanted, family);
  }
  return family;
}

/** A CSS font string for `ctx.font`. */
export function canvasFont(font: TextFont, px: number): string {
  return `${font.weight ?? 700} ${px}px "${canvasFamily(font.family)}"`;
}

/** One small canvas for measuring; measuring draws nothing. */
let measuring: SKRSContext2D | null = null;
function measureContext(): SKRSContext2D {
  measuring ??= createCanvas(8, 8).getContext('2d');
  return measuring;
}

/** Widths are measured at this size and scaled: a glyph's advance is linear in the font size. */
const MEASURE_PX = 100;
const widthCache = new Map<string, number>();

/** The advance width of `text` in `font` at `px`, as the canvas draws it. */
export function measureTextWidth(text: string, font: TextFont, px: number): number {
  const face = canvasFont(font, MEASURE_PX);
  const key = `${face}|${text}`;
  let width = widthCache.get(key);
  if (width === undefined) {
    const ctx = measureContext();
    ctx.font = face;
    width = ctx.measureText(text).width;
    if (widthCache.size > 50_000) widthCache.clear();
    widthCache.set(key, width);
  }
  return (width * px) / MEASURE_PX;
}

/**
 * The face's line box (ascent + descent) per pixel of font size. libass sizes a font by this box
 * (an ASS size of 60 draws a face whose line box is 60 px), a canvas by its em, so a canvas size is
 * an ASS size divided by this.
 */
export function lineBoxPerPx(font: TextFont): number {
  const ctx = measureContext();
  ctx.font = canvasFont(font, MEASURE_PX);
  const m = ctx.measureText('Hg');
  return (m.fontBoundingBoxAscent + m.fontBoundingBoxDescent) / MEASURE_PX;
}

/** Ink extent above the baseline of capitals and figures, per pixel of font size (about 0.7). */
export function capHeightPerPx(font: TextFont): number {
  const ctx = measureContext();
  ctx.font = canvasFont(font, MEASURE_PX);
  return ctx.measureText('H0').actualBoundingBoxAscent / MEASURE_PX;
}

const registered = new Set<string>();

/**
 * Registers font files under `alias` (a family name of their own), so text is measured with the
 * very files another renderer draws with (satori takes font bytes, not family names).
 */
export function registerFace(alias: string, files: readonly Buffer[]): TextFont {
  if (!registered.has(alias)) {
    for (const data of files) GlobalFonts.register(data, alias);
    registered.add(alias);
    resolved.delete(alias);
  }
  return { family: alias };
}
