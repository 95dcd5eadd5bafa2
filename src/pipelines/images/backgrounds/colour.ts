/**
 * Colour arithmetic for the procedural scenes and backgrounds. Mixing, lightening and hue turns
 * happen in Oklab / OKLCh, a perceptual space, so a "lighter tint of the product's red" stays red
 * instead of drifting to pink or grey as it would in RGB or HSL.
 */

export type Rgb = [number, number, number];
export interface Oklch {
  /** Lightness 0..1. */
  l: number;
  /** Chroma, 0 (grey) .. about 0.32. */
  c: number;
  /** Hue in degrees. */
  h: number;
}

export function hexToRgb(hex: string): Rgb {
  const clean = hex.replace('#', '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean.padEnd(6, '0').slice(0, 6);
  const n = Number.parseInt(full, 16);
  return Number.isFinite(n) ? [(n >> 16) & 255, (n >> 8) & 255, n & 255] : [128, 128, 128];
}

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => clampByte(v).toString(16).padStart(2, '0')).join('')}`;
}

export function isHexColour(text: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(text);
}

const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (v: number) => 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * Math.max(0, v) ** (1 / 2.4) - 0.055);

/** sRGB bytes → Oklab [L, a, b]. */
export function rgbToOklab([r8, g8, b8]: Rgb): [number, number, number] {
  const r = toLinear(r8),
    g = toLinear(g8),
    b = toLinear(b8);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

export function oklabToRgb([L, A, B]: [number, number, number]): Rgb {
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    clampByte(fromLinear(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s)),
    clampByte(fromLinear(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s)),
    clampByte(fromLinear(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s)),
  ];
}

export function toOklch(hex: string): Oklch {
  const [l, a, b] = rgbToOklab(hexToRgb(hex));
  return { l, c: Math.hypot(a, b), h: ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360 };
}

export function fromOklch({ l, c, h }: Oklch): string {
  const rad = (h * Math.PI) / 180;
  // Out-of-gamut colours lose chroma (not lightness or hue) until they fit, as CSS colour 4 does.
  let chroma = c;
  for (let i = 0; i < 12; i++) {
    const lab: [number, number, number] = [l, chroma * Math.cos(rad), chroma * Math.sin(rad)];
    if (inGamut(lab) || chroma < 0.002) return rgbToHex(oklabToRgb(lab));
    chroma *= 0.8;
  }
  return rgbToHex(oklabToRgb([l, 0, 0]));
}

function inGamut([L, A, B]: [number, number, number]): boolean {
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  const rgb = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return rgb.every((v) => v >= -0.001 && v <= 1.001);
}

/** Linear blend in Oklab, t = 0 → a, t = 1 → b. */
export function mixHex(a: string, b: string, t: number): string {
  const x = rgbToOklab(hexToRgb(a)),
    y = rgbToOklab(hexToRgb(b));
  return rgbToHex(oklabToRgb([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]));
}

/** The same colour at another lightness (0..1), chroma scaled by `chromaScale`. */
export function withLightness(hex: string, l: number, chromaScale = 1): string {
  const c = toOklch(hex);
  return fromOklch({ l, c: c.c * chromaScale, h: c.h });
}

export function rotateHue(hex: string, degrees: number): string {
  const c = toOklch(hex);
  return fromOklch({ ...c, h: (c.h + degrees + 360) % 360 });
}

/** `rgba(r,g,b,a)` for canvas styles. */
export function rgba(hex: string, alpha = 1): string {
  const [r, g, b] = hexToRgb(hex);
  return `rgba(${r},${g},${b},${alpha})`;
}
