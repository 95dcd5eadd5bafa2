export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 transparent .. 255 opaque */
  a: number;
}

/** `#RGB`, `#RRGGBB` or `#RRGGBBAA`; undefined for anything else. */
export function parseHexColor(value: string | undefined | null): Rgba | undefined {
  if (!value) return undefined;
  const hex = value.trim().replace(/^#/, '');
  if (!/^[0-9a-fA-F]+$/.test(hex)) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (full.length !== 6 && full.length !== 8) return undefined;
  const n = (i: number): number => parseInt(full.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: full.length === 8 ? n(6) : 255 };
}

const hex2 = (v: number): string => Math.round(v).toString(16).padStart(2, '0').toUpperCase();

/** ffmpeg colour syntax (`0xRRGGBB@alpha`). */
export function toFfmpegColor(color: Rgba): string {
  const base = `0x${hex2(color.r)}${hex2(color.g)}${hex2(color.b)}`;
  return color.a === 255 ? base : `${base}@${(color.a / 255).toFixed(3)}`;
}

/** ASS colour `&HBBGGRR&` (colour part only; ASS stores blue first). */
export function toAssColor(color: Rgba): string {
  return `&H${hex2(color.b)}${hex2(color.g)}${hex2(color.r)}&`;
}

/** ASS alpha `&HAA&`, where 00 is opaque (the inverse of CSS). */
export function toAssAlpha(color: Rgba): string {
  return `&H${hex2(255 - color.a)}&`;
}

/** ASS style-line colour `&HAABBGGRR`. */
export function toAssStyleColor(color: Rgba): string {
  return `&H${hex2(255 - color.a)}${hex2(color.b)}${hex2(color.g)}${hex2(color.r)}`;
}

export function colorOrDefault(value: string | undefined | null, fallback: string): Rgba {
  return parseHexColor(value) ?? (parseHexColor(fallback) as Rgba);
}
