/**
 * Caption fonts: the contract names families (Enumerations → Fonts). scripts/install-fonts.sh
 * installs them (or look-alikes) for fontconfig; here a requested family is mapped onto one that
 * is actually installed, so libass never silently falls back to an unrelated face.
 */

export const DEFAULT_FONT_FAMILY = 'Montserrat';
const LAST_RESORT = 'DejaVu Sans';

/** Contract family → look-alikes to try, nearest first, when the family itself is missing. */
const LOOK_ALIKES: Record<string, string[]> = {
  Montserrat: ['League Spartan', 'Poppins', 'Open Sans', 'Lato'],
  'Jockey One': ['Bebas Neue', 'Oswald', 'Anton', 'DejaVu Sans Condensed'],
  'Lilita One': ['Luckiest Guy', 'Anton', 'Comfortaa'],
  Mclaren: ['Comfortaa', 'Poppins', 'Lato'],
  Corben: ['DejaVu Serif', 'Noto Serif'],
  'Dela Gothic One': ['Anton', 'Bebas Neue', 'Lilita One'],
  Comfortaa: ['Mclaren', 'Poppins', 'Lato'],
  'Luckiest Guy': ['Lilita One', 'Anton', 'Bebas Neue'],
  Quantico: ['Roboto Condensed', 'Roboto', 'DejaVu Sans Mono'],
  Poppins: ['Montserrat', 'Lato', 'Open Sans'],
  'Open Sans': ['Lato', 'Roboto', 'Noto Sans'],
  Roboto: ['Open Sans', 'Lato', 'Noto Sans'],
  Lato: ['Open Sans', 'Roboto'],
  Oswald: ['Bebas Neue', 'Anton', 'Roboto Condensed'],
  'Bebas Neue': ['Oswald', 'Anton'],
  Anton: ['Bebas Neue', 'Oswald'],
  Arial: ['Liberation Sans', 'Open Sans', 'Roboto'],
  Helvetica: ['Liberation Sans', 'Open Sans', 'Roboto'],
  Inter: ['Roboto', 'Open Sans', 'Lato'],
};

/** The families the service advertises for `font_family` (all resolvable after set-up). */
export const CONTRACT_FONT_FAMILIES = [
  'Montserrat',
  'Jockey One',
  'Lilita One',
  'Mclaren',
  'Corben',
  'Dela Gothic One',
  'Comfortaa',
  'Luckiest Guy',
  'Quantico',
  'Poppins',
  'Open Sans',
  'Roboto',
  'Lato',
  'Oswald',
  'Bebas Neue',
  'Anton',
] as const;

/**
 * Picks the family to write into ASS: the requested one if installed, else its nearest
 * installed look-alike, else a generic sans-serif. Matching ignores case and spacing, so
 * "luckiest guy" and "LuckiestGuy" find "Luckiest Guy".
 */
export function resolveFontFamily(requested: string | undefined, installedFamilies: readonly string[]): string {
  const installed = new Map(installedFamilies.map((name) => [fontKey(name), name]));
  const wanted = requested?.trim() || DEFAULT_FONT_FAMILY;
  const direct = installed.get(fontKey(wanted));
  if (direct) return direct;
  const canonical = Object.keys(LOOK_ALIKES).find((name) => fontKey(name) === fontKey(wanted));
  const candidates = [...(canonical ? LOOK_ALIKES[canonical]! : []), ...LOOK_ALIKES[DEFAULT_FONT_FAMILY]!, DEFAULT_FONT_FAMILY];
  for (const candidate of candidates) {
    const found = installed.get(fontKey(candidate));
    if (found) return found;
  }
  return installed.get(fontKey(LAST_RESORT)) ?? LAST_RESORT;
}

function fontKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}
