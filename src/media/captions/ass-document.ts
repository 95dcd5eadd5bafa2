/** Writing the Advanced SubStation Alpha (ASS) format that libass renders inside ffmpeg. */

export interface AssStyle {
  name: string;
  fontName: string;
  fontSizePx: number;
  /** `&HAABBGGRR` colours. */
  primaryColor: string;
  secondaryColor: string;
  outlineColor: string;
  backColor: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** 1 = outline and shadow, 3 = opaque box (drawn in the outline colour). */
  borderStyle: 1 | 3;
  outlineWidthPx: number;
  shadowPx: number;
  /** Numpad position: 5 = centre. */
  alignment: number;
}

export interface AssEvent {
  layer: number;
  startSeconds: number;
  endSeconds: number;
  style: string;
  /** Text with override tags already in place. */
  text: string;
}

/**
 * The whole file. PlayRes is the full-quality frame size: libass scales to the frame it is
 * given, so a preview shows the same layout as the render.
 */
export function writeAssDocument(size: { width: number; height: number }, styles: AssStyle[], events: AssEvent[]): string {
  const lines = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${size.width}`,
    `PlayResY: ${size.height}`,
    // We break lines ourselves (caption-layout), so libass must not re-wrap them.
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    ...styles.map(styleLine),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...[...events]
      .filter((e) => e.endSeconds > e.startSeconds)
      .sort((a, b) => a.startSeconds - b.startSeconds || a.layer - b.layer)
      .map((e) => `Dialogue: ${e.layer},${formatAssTime(e.startSeconds)},${formatAssTime(e.endSeconds)},${e.style},,0,0,0,,${e.text}`),
    '',
  ];
  return lines.join('\n');
}

function styleLine(s: AssStyle): string {
  const flag = (b: boolean): string => (b ? '-1' : '0');
  return [
    `Style: ${s.name}`,
    s.fontName.replace(/,/g, ' '),
    round(s.fontSizePx),
    s.primaryColor,
    s.secondaryColor,
    s.outlineColor,
    s.backColor,
    flag(s.bold),
    flag(s.italic),
    flag(s.underline),
    '0',
    '100',
    '100',
    '0',
    '0',
    String(s.borderStyle),
    round(s.outlineWidthPx),
    round(s.shadowPx),
    String(s.alignment),
    '0',
    '0',
    '0',
    '1',
  ].join(',');
}

/** `h:mm:ss.cc`; ASS counts centiseconds. */
export function formatAssTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/**
 * User text must not be read as override blocks or escapes: braces open tag blocks and a
 * backslash starts \N, \h… so they become characters every font has.
 */
export function escapeAssText(text: string): string {
  return text.replace(/\\/g, '/').replace(/\{/g, '(').replace(/\}/g, ')').replace(/\r?\n/g, '\\N');
}

export function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
