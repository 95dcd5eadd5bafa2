import { normalizeCaptionSetting, type CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { AspectRatio, BackgroundMotion, Layer } from '../../media/timeline.js';
import { layoutFrame, type FramePlace } from './frame-text.js';
import { placementOf, rectOf, scaledLayerRect, type FrameRect } from './product-area.js';

/**
 * Where a URL-to-video frame keeps its words, so the product never sits under them: tall frames
 * stack logo and label above the product and the captions below it; wide and square frames put
 * the logo and the labels in a column on the right, the product on the left (using the width).
 */
export interface TextZones {
  logo: FramePlace;
  /** The label or headline area (a band on tall frames, the upper part of the right column otherwise). */
  label: FramePlace;
  /** Captions kept in this column (wide frames): centre x and the width they may take. */
  captionColumn: { x: number; maxWidth: number } | null;
}

export const TEXT_ZONES: Record<AspectRatio, TextZones> = {
  '9:16': {
    logo: { position: { x: 0.3, y: -0.455 }, box: { width: 0.3, height: 0.05 } },
    label: { position: { x: 0, y: -0.35 }, box: { width: 0.9, height: 0.15 } },
    captionColumn: null,
  },
  '16:9': {
    logo: { position: { x: 0.265, y: -0.38 }, box: { width: 0.2, height: 0.13 } },
    label: { position: { x: 0.265, y: -0.12 }, box: { width: 0.41, height: 0.32 } },
    captionColumn: { x: 0.265, maxWidth: 0.41 },
  },
  '1:1': {
    logo: { position: { x: 0.26, y: -0.41 }, box: { width: 0.4, height: 0.1 } },
    label: { position: { x: 0.26, y: -0.13 }, box: { width: 0.44, height: 0.36 } },
    captionColumn: { x: 0.26, maxWidth: 0.44 },
  },
};

/** A style's caption look placed for the frame: in the right column on wide and square frames. */
export function placedCaption(aspectRatio: AspectRatio, caption: CaptionSettingInput): CaptionSettingInput {
  const column = TEXT_ZONES[aspectRatio].captionColumn;
  if (!column) return phoneCaption(aspectRatio, caption);
  const f = layoutFrame(aspectRatio);
  const y = Number(caption.offset?.y ?? 0.4);
  // Under the labels, in the column's lower part.
  return phoneCaption(aspectRatio, {
    ...caption,
    offset: { x: column.x, y: Math.max(0.2, Math.min(0.36, y)) },
    max_width: Math.round(column.maxWidth * f.width),
  });
}

/**
 * Caption sizes a marketer uses on a phone, in pixels of the full frame (libass sizes: the letters'
 * ink, ascender to descender, is about 0.6 of it): on tall frames a line (font × 1.2) is about 6 % of
 * the frame's height; wide and square frames keep their captions in the words' column, so its width
 * bounds them. `minPx` is how far a narrow place (beside a presenter's bubble) may shrink them.
 */
const PHONE_CAPTION_PX: Record<AspectRatio, { px: number; minPx: number }> = {
  '9:16': { px: 100, minPx: 84 },
  '16:9': { px: 80, minPx: 70 },
  '1:1': { px: 80, minPx: 70 },
};
/** Upper-case bold letters a caption line holds before its font gives way (down to minPx). */
const LINE_LETTERS = 11;
/** The width of such a letter, in fonts (caption-layout.ts's estimate for bold upper case). */
const LETTER_EM = 0.742;

/** A URL-to-video caption at phone size for its frame and width, unless the look names a size of its own. */
export function phoneCaption(aspectRatio: AspectRatio, caption: CaptionSettingInput): CaptionSettingInput {
  if (caption.font_size !== undefined && caption.font_size !== null) return caption;
  const f = layoutFrame(aspectRatio);
  const widthPx = Number(caption.max_width ?? f.width * 0.84);
  const { px, minPx } = PHONE_CAPTION_PX[aspectRatio];
  const fitted = widthPx / (LETTER_EM * LINE_LETTERS);
  return { ...caption, font_size: Math.round(Math.max(minPx, Math.min(px, fitted))) };
}

/**
 * The box a caption setting's two lines take at most (centre, the widest line, two lines of its
 * font with the outline or box around them), in fractions of the frame; null when hidden.
 */
export function captionRect(aspectRatio: AspectRatio, input: CaptionSettingInput): FrameRect | null {
  const s = normalizeCaptionSetting(input);
  if (s.hidden) return null;
  const f = layoutFrame(aspectRatio);
  const width = Math.min(s.maxWidthPx ?? f.width * 0.84, f.width) / f.width;
  const height = (2 * s.fontSizePx * s.lineHeight + 0.7 * s.fontSizePx) / f.height;
  const cy = Math.min(Math.max(0.5 + s.offset.y, height / 2), 1 - height / 2);
  return { x0: 0.5 + s.offset.x - width / 2, y0: cy - height / 2, x1: 0.5 + s.offset.x + width / 2, y1: cy + height / 2 };
}

/** The frame rectangle a layer takes (its box, or its scaled fit; a logo at its default corner). */
export function layerRect(aspectRatio: AspectRatio, layer: Layer): FrameRect | null {
  const position = layer.position ?? (layer.kind === 'logo' ? { x: 0.36, y: -0.4 } : { x: 0, y: 0 });
  if ('box' in layer && layer.box) return rectOf(position, layer.box);
  if (layer.kind === 'text' || layer.kind === 'cta') return null;
  const scale = layer.scale ?? (layer.kind === 'logo' ? 0.2 : 1);
  return scaledLayerRect(aspectRatio, position, scale, 'shape' in layer && layer.shape === 'circle');
}

/** How far a background's motion moves a point of the picture (scene-video.ts: the canvas is 12 % larger than the frame). */
const MOTION_SCALE = 1.12;
const PAN_SHIFT = 0.06;

/**
 * The part of a full-frame picture whose contents stay inside `zone` of the frame through the
 * whole move: zooms scale the picture about the centre by up to 12 %, a pan slides it 6 % either
 * way, a wobble up to about 6 % either way.
 */
export function motionSafe(zone: FrameRect, motion: BackgroundMotion | null): FrameRect {
  // A push-in's shot is planned for its own move (push-in-shot.ts keeps the product inside the zone).
  if (!motion || motion === 'push-in') return zone;
  const k = MOTION_SCALE;
  const shiftX = motion === 'slide-left' || motion === 'wobble' ? PAN_SHIFT : 0;
  const shiftY = motion === 'wobble' ? PAN_SHIFT : 0;
  // Centred coordinates c (−0.5..0.5): a point at c shows between c and c·k (plus the shift).
  const side = (c0: number, c1: number, shift: number): [number, number] => {
    const lo = c0 + shift;
    const hi = c1 - shift;
    return [lo < 0 ? lo / k : lo, hi > 0 ? hi / k : hi];
  };
  const [x0, x1] = side(zone.x0 - 0.5, zone.x1 - 0.5, shiftX);
  const [y0, y1] = side(zone.y0 - 0.5, zone.y1 - 0.5, shiftY);
  return { x0: x0 + 0.5, y0: y0 + 0.5, x1: Math.max(x0, x1) + 0.5, y1: Math.max(y0, y1) + 0.5 };
}

/** A rectangle as a place (centre offset and box). */
export function placeOf(r: FrameRect): FramePlace {
  return placementOf(r);
}

/** `inner` (fractions of the frame) in fractions of `outer`. */
export function within(outer: FrameRect, inner: FrameRect): FrameRect {
  const w = outer.x1 - outer.x0;
  const h = outer.y1 - outer.y0;
  return { x0: (inner.x0 - outer.x0) / w, y0: (inner.y0 - outer.y0) / h, x1: (inner.x1 - outer.x0) / w, y1: (inner.y1 - outer.y0) / h };
}

/** The rectangle shrunk by `m` (fractions of the frame) on every side. */
export function inset(r: FrameRect, m: number): FrameRect {
  return { x0: r.x0 + m, y0: r.y0 + m, x1: r.x1 - m, y1: r.y1 - m };
}
