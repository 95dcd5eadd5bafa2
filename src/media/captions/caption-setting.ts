import { parseHexColor, type Rgba } from '../color.js';
import { CAPTION_STYLE_NAMES, DEFAULT_CAPTION_STYLE } from './caption-styles.js';

/**
 * The contract's `caption_setting` object as a request carries it (snake_case), plus the older
 * flat fields. Every field is optional; unknown values fall back to defaults rather than fail,
 * because the API layer has already rejected what the contract forbids.
 */
export interface CaptionSettingInput {
  style?: string | null;
  offset?: { x?: number | string | null; y?: number | string | null } | null;
  font_family?: string | null;
  font_size?: number | string | null;
  font_style?: string | null;
  text_color?: string | null;
  background_color?: string | null;
  highlight_text_color?: string | null;
  max_width?: number | string | null;
  line_height?: number | string | null;
  text_shadow?: string | null;
  hidden?: boolean | null;
  caption_style?: string | null;
  caption_offset_x?: string | number | null;
  caption_offset_y?: string | number | null;
}

export interface TextShadow {
  offsetXPx: number;
  offsetYPx: number;
  blurPx: number;
  color: Rgba;
}

export interface CaptionSetting {
  style: string;
  /** Centre of the caption block, from the frame centre, in fractions of the frame. */
  offset: { x: number; y: number };
  fontFamily?: string;
  fontSizePx: number;
  /** From font_style; undefined leaves the style's own choice. */
  bold?: boolean;
  italic: boolean;
  underline: boolean;
  textColor?: Rgba;
  backgroundColor?: Rgba;
  highlightColor?: Rgba;
  maxWidthPx?: number;
  /** Line pitch as a multiple of the font size. */
  lineHeight: number;
  textShadow?: TextShadow;
  hidden: boolean;
}

export const DEFAULT_CAPTION_OFFSET = { x: 0, y: 0.4 };
export const DEFAULT_FONT_SIZE_PX = 70;
export const DEFAULT_LINE_HEIGHT = 1.2;

export function normalizeCaptionSetting(input: CaptionSettingInput | undefined | null): CaptionSetting {
  const src = input ?? {};
  const requestedStyle = (src.style ?? src.caption_style ?? '').trim().toLowerCase();
  const fontStyle = (src.font_style ?? '').toLowerCase();
  const lineHeight = toNumber(src.line_height);
  const fontSize = toNumber(src.font_size);
  const maxWidth = toNumber(src.max_width);
  return {
    style: CAPTION_STYLE_NAMES.includes(requestedStyle) ? requestedStyle : DEFAULT_CAPTION_STYLE,
    offset: {
      x: clampOffset(toNumber(src.offset?.x) ?? toNumber(src.caption_offset_x) ?? DEFAULT_CAPTION_OFFSET.x),
      y: clampOffset(toNumber(src.offset?.y) ?? toNumber(src.caption_offset_y) ?? DEFAULT_CAPTION_OFFSET.y),
    },
    fontFamily: src.font_family?.trim() || undefined,
    fontSizePx: fontSize && fontSize > 0 ? Math.min(fontSize, 400) : DEFAULT_FONT_SIZE_PX,
    bold: fontStyle ? fontStyle.includes('bold') : undefined,
    italic: fontStyle.includes('italic'),
    underline: fontStyle.includes('underline'),
    textColor: parseHexColor(src.text_color),
    backgroundColor: parseHexColor(src.background_color),
    highlightColor: parseHexColor(src.highlight_text_color),
    maxWidthPx: maxWidth && maxWidth > 0 ? maxWidth : undefined,
    // Values under 0.5 are read as a mistake rather than overlapping lines on purpose.
    lineHeight: lineHeight && lineHeight >= 0.5 && lineHeight <= 5 ? lineHeight : DEFAULT_LINE_HEIGHT,
    textShadow: parseTextShadow(src.text_shadow),
    hidden: src.hidden === true,
  };
}

function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : undefined;
}

function clampOffset(value: number): number {
  return Math.min(0.5, Math.max(-0.5, value));
}

/** CSS-like `2px 2px 4px #000000` (offset-x offset-y [blur] colour, in any order of colour). */
export function parseTextShadow(value: string | null | undefined): TextShadow | undefined {
  if (!value || value.trim() === 'none') return undefined;
  const parts = value.trim().split(/\s+/);
  const color = parts.map(parseHexColor).find((c) => c !== undefined) ?? { r: 0, g: 0, b: 0, a: 255 };
  const lengths = parts.filter((p) => /^-?\d+(\.\d+)?(px)?$/.test(p)).map((p) => parseFloat(p));
  if (lengths.length < 2) return undefined;
  return { offsetXPx: lengths[0]!, offsetYPx: lengths[1]!, blurPx: lengths[2] ?? 0, color };
}
