/** The contract's AI Shorts styles (Enumerations), exactly as a request names them. */
export const SHORT_STYLES = [
  '4K realistic',
  '3D',
  'Cinematic',
  'Cartoonish',
  'Line art',
  'Pixel art',
  'Mysterious',
  'Steam punk',
  'Collage',
  'Kawaii',
] as const;
export type ShortStyle = (typeof SHORT_STYLES)[number];

/** A style by its name; case and spacing are forgiven ("pixel_art", "steampunk", "4k Realistic"). */
export function shortStyleNamed(name: string): ShortStyle | undefined {
  const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SHORT_STYLES.find((s) => key(s) === key(name));
}
