/**
 * Named caption looks. Each name of the contract's caption-style enumeration maps to one look:
 * how words appear (animation), colours, outline, box and case. A request's caption_setting
 * colours and font override a look's own.
 */

/**
 * - static: the whole phrase is shown while it is spoken.
 * - karaoke: the whole phrase, the word being spoken in the highlight colour.
 * - progressive: words already spoken take the highlight colour, the rest wait in the text colour.
 * - pop: one word at a time, popping in from a smaller size.
 */
export type CaptionAnimation = 'static' | 'karaoke' | 'progressive' | 'pop';

export interface CaptionLook {
  animation: CaptionAnimation;
  textColor: string;
  highlightColor: string;
  /** Outline (border) colour and width at the default 70 px font size; scaled with the font. */
  outlineColor: string;
  outlineWidthPx: number;
  shadowPx: number;
  shadowColor: string;
  /** An opaque box behind each line, in this colour. */
  boxColor?: string;
  /** The spoken word drawn on a rounded pill of the highlight colour instead of recoloured. */
  highlightAsPill?: boolean;
  /** Soft glow: the outline is blurred this much. */
  glowBlurPx?: number;
  uppercase: boolean;
  bold: boolean;
  italic?: boolean;
  /** The look's own font when the request names none. */
  fontFamily?: string;
}

const base: CaptionLook = {
  animation: 'static',
  textColor: '#FFFFFF',
  highlightColor: '#FFE600',
  outlineColor: '#000000',
  outlineWidthPx: 4,
  shadowPx: 0,
  shadowColor: '#00000080',
  uppercase: false,
  bold: true,
};

const look = (overrides: Partial<CaptionLook>): CaptionLook => ({ ...base, ...overrides });

export const CAPTION_STYLES: Record<string, CaptionLook> = {
  // Plain looks.
  'normal-black': look({}),
  'normal-white': look({ textColor: '#111111', outlineColor: '#FFFFFF' }),
  'normal-red': look({ boxColor: '#E02424', outlineWidthPx: 0 }),
  'normal-blue': look({ boxColor: '#1D4ED8', outlineWidthPx: 0 }),
  // Karaoke highlight of the spoken word.
  neo: look({ animation: 'karaoke', highlightColor: '#39FF14', uppercase: true, outlineWidthPx: 5 }),
  mustard: look({ animation: 'karaoke', highlightColor: '#FFDB58', uppercase: true, outlineWidthPx: 5 }),
  verana: look({ animation: 'karaoke', highlightColor: '#FF5CA8', outlineWidthPx: 0, shadowPx: 4 }),
  mint: look({ animation: 'karaoke', highlightColor: '#3EB489', textColor: '#F5FFFA', outlineWidthPx: 3 }),
  mystique: look({
    animation: 'karaoke',
    textColor: '#E6E0FF',
    highlightColor: '#B06CFF',
    italic: true,
    outlineWidthPx: 2,
    outlineColor: '#2A0E4F',
    shadowPx: 3,
  }),
  // The spoken word on a coloured pill.
  bilo: look({ animation: 'karaoke', highlightAsPill: true, highlightColor: '#7C3AED', uppercase: true }),
  brick: look({ animation: 'karaoke', boxColor: '#B5442B', highlightColor: '#FFD166', outlineWidthPx: 0, uppercase: true }),
  // Word-by-word pop.
  frenzy: look({ animation: 'pop', textColor: '#FFE600', outlineWidthPx: 7, uppercase: true }),
  coolers: look({ animation: 'pop', textColor: '#00E5FF', outlineWidthPx: 6, uppercase: true }),
  toons: look({
    animation: 'pop',
    textColor: '#FFD400',
    outlineWidthPx: 8,
    shadowPx: 6,
    shadowColor: '#000000',
    uppercase: true,
    fontFamily: 'Luckiest Guy',
  }),
  // Outline and glow.
  glow: look({ textColor: '#FFFFFF', outlineColor: '#00E5FF', outlineWidthPx: 6, glowBlurPx: 6 }),
  'deep-blue': look({ boxColor: '#0B2A6F', outlineWidthPx: 0, animation: 'karaoke', highlightColor: '#7DD3FC' }),
  caution: look({ boxColor: '#FFD400', textColor: '#111111', outlineWidthPx: 0, uppercase: true }),
  // Spoken words change colour as the phrase goes on.
  duality: look({ animation: 'progressive', textColor: '#FFFFFF', highlightColor: '#FF3D71', outlineWidthPx: 5 }),
  // Generic names for the same families of look.
  plain: look({ bold: false, outlineWidthPx: 3 }),
  boxed: look({ boxColor: '#000000B3', outlineWidthPx: 0 }),
  karaoke: look({ animation: 'karaoke' }),
  'word-pop': look({ animation: 'pop', outlineWidthPx: 6, uppercase: true }),
  outline: look({ textColor: '#FFFFFF', outlineColor: '#000000', outlineWidthPx: 8 }),
};

export const DEFAULT_CAPTION_STYLE = 'normal-black';
export const CAPTION_STYLE_NAMES: readonly string[] = Object.keys(CAPTION_STYLES);

export function captionLook(name: string): CaptionLook {
  return CAPTION_STYLES[name] ?? CAPTION_STYLES[DEFAULT_CAPTION_STYLE]!;
}
