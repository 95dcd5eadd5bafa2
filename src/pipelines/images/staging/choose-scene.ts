import { createRng, hashString } from '../../../core/random.js';
import { fromOklch, toOklch, type Oklch } from '../backgrounds/colour.js';
import { SCENE_KINDS, type SceneKind } from './staged-scene.js';
import { COLOUR_WORDS as NAMED_COLOURS } from '../colour-words.js';

/**
 * How a scene is drawn: the kind and its tuning, chosen from the prompt's words and the seed.
 * Every scene painter reads only this and the layout, so same prompt + seed → same picture.
 */
export interface SceneChoice {
  kind: SceneKind;
  /** Backdrop hue (OKLCh degrees) and how colourful it is (chroma). */
  hue: number;
  chroma: number;
  /** Wall lightness 0..1 (OKLab L). */
  lightness: number;
  /** Complementary or matching accent for shapes (arch, disc, glow). */
  accentHue: number;
  /** −1 cool … +1 warm: tints the light. */
  warmth: number;
  /** Key light's horizontal position, 0 (left) … 1 (right). */
  lightX: number;
  /** Material variant: wood oak/walnut/pale, marble white/black/green, fabric linen/silk/velvet. */
  variant: string;
  mood: Mood[];
  /** Seed for textures (grain, veins, bokeh), separate from the choice itself. */
  textureSeed: number;
  /** The word that set the backdrop colour, if any. */
  colourWord: string | null;
  /** A colour the prompt gave the surface itself ("white podium", "pink silk"), as `#rrggbb`. */
  surfaceColour?: string;
  description: string;
}

export type Mood = 'warm' | 'cool' | 'dark' | 'bright' | 'luxury' | 'minimal' | 'pastel';

/** Words → scene kind, first match in the prompt wins. Variants say which material it is. */
const KIND_WORDS: { words: string[]; kind: SceneKind; variant?: string }[] = [
  { words: ['walnut', 'mahogany', 'dark wood', 'espresso'], kind: 'wood-surface', variant: 'walnut' },
  { words: ['oak', 'wood', 'wooden', 'timber', 'table', 'tabletop', 'rustic', 'cafe'], kind: 'wood-surface', variant: 'oak' },
  { words: ['birch', 'pine', 'maple', 'scandinavian'], kind: 'wood-surface', variant: 'pale' },
  { words: ['marble', 'stone', 'granite', 'travertine', 'counter', 'countertop', 'bathroom'], kind: 'marble-surface' },
  { words: ['silk', 'satin'], kind: 'fabric-surface', variant: 'silk' },
  { words: ['velvet'], kind: 'fabric-surface', variant: 'velvet' },
  { words: ['linen', 'fabric', 'cloth', 'textile', 'cotton', 'blanket', 'bed'], kind: 'fabric-surface', variant: 'linen' },
  {
    words: ['outdoor', 'outdoors', 'outside', 'garden', 'beach', 'sky', 'sun', 'sunny', 'sunlight', 'nature', 'park', 'summer', 'forest', 'leaves', 'plants'],
    kind: 'outdoor-light',
  },
  { words: ['podium', 'pedestal', 'plinth', 'stand', 'display', 'platform', 'cylinder'], kind: 'podium' },
  { words: ['glossy', 'mirror', 'reflection', 'reflective', 'reflecting', 'shiny', 'glass', 'acrylic'], kind: 'reflection-floor' },
  { words: ['palette', 'matching', 'colour-matched', 'color-matched', 'colorful', 'colourful', 'vibrant', 'bold', 'pop'], kind: 'palette-backdrop' },
  { words: ['studio', 'gradient', 'seamless', 'plain', 'catalog', 'catalogue', 'ecommerce', 'e-commerce'], kind: 'studio-gradient' },
];

/** The named colours (`images/colour-words.ts`), and two more a scene prompt uses as colours. */
const COLOUR_WORDS: Record<string, { hue: number; chroma: number; lightness?: number }> = {
  ...NAMED_COLOURS,
  golden: { hue: 80, chroma: 0.11 },
  sand: { hue: 75, chroma: 0.05 },
};

const MOOD_WORDS: Record<string, Mood> = {
  warm: 'warm',
  cozy: 'warm',
  cosy: 'warm',
  sunset: 'warm',
  autumn: 'warm',
  golden: 'warm',
  cool: 'cool',
  cold: 'cool',
  fresh: 'cool',
  icy: 'cool',
  winter: 'cool',
  crisp: 'cool',
  dark: 'dark',
  moody: 'dark',
  night: 'dark',
  dramatic: 'dark',
  noir: 'dark',
  bright: 'bright',
  airy: 'bright',
  light: 'bright',
  sunny: 'bright',
  clean: 'bright',
  luxury: 'luxury',
  luxurious: 'luxury',
  premium: 'luxury',
  elegant: 'luxury',
  exclusive: 'luxury',
  upscale: 'luxury',
  minimal: 'minimal',
  minimalist: 'minimal',
  simple: 'minimal',
  modern: 'minimal',
  pastel: 'pastel',
  soft: 'pastel',
  dreamy: 'pastel',
  gentle: 'pastel',
};

export function words(prompt: string): string[] {
  return prompt
    .toLowerCase()
    .replace(/[^a-z\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Picks and tunes a scene from the prompt's words, the seed, and the product's palette. */
export function chooseScene(prompt: string | undefined, seed: number, palette: string[], forced?: SceneKind): SceneChoice {
  const text = (prompt ?? '').toLowerCase();
  const ws = words(text);
  const rng = createRng((seed >>> 0) ^ hashString(text));
  const product = palette[0] ? toOklch(palette[0]) : { l: 0.55, c: 0.05, h: 30 };

  const byWord = forced ? null : kindFromWords(text, ws);
  const kind = forced ?? byWord?.kind ?? rng.pick(kindsSuiting(palette));
  const variant = byWord?.kind === kind && byWord.variant ? byWord.variant : defaultVariant(kind, ws, rng);
  const mood = [...new Set(ws.map((w) => MOOD_WORDS[w]).filter((m): m is Mood => !!m))];
  // A colour word right before a surface noun ("white marble", "pink podium") names the surface,
  // not the backdrop; one before "backdrop"/"wall" or standing alone names the backdrop.
  const { backdropWord, surfaceWord } = colourRoles(ws, kind);
  const colourWord = backdropWord;

  // The backdrop's hue: the colour word when there is one, else a seeded choice of harmony with the product.
  const harmony = rng.pick(['analogous', 'complementary', 'neutral', 'tint'] as const);
  let hue: number, chroma: number;
  let lightness = 0.82 + rng.bipolar() * 0.05;
  const named = colourWord ? COLOUR_WORDS[colourWord]! : null;
  if (named) {
    hue = named.hue;
    chroma = named.chroma * 0.7;
    if (named.lightness !== undefined) lightness = named.lightness;
  } else if (kind === 'palette-backdrop') {
    // The product's own hue, but as a pale tint or a deep tone: the same hue at the same strength
    // (a pink wall behind a red bottle) swallows the product.
    hue = (product.h + rng.bipolar() * 10 + 360) % 360;
    const deep = product.l > 0.75 || (product.l > 0.45 && rng.next() < 0.3);
    lightness = deep ? 0.24 + rng.next() * 0.04 : 0.91 + rng.next() * 0.03;
    chroma = deep ? Math.max(0.04, Math.min(0.08, product.c * 0.5)) : Math.max(0.02, Math.min(0.045, product.c * 0.3));
  } else {
    const turn = harmony === 'complementary' ? 180 : harmony === 'analogous' ? rng.pick([-40, 40]) : 0;
    hue = (product.h + turn + rng.bipolar() * 15 + 360) % 360;
    chroma = harmony === 'neutral' ? 0.012 : harmony === 'tint' ? 0.035 : 0.05;
  }
  let warmth = rng.bipolar() * 0.3;
  if (mood.includes('warm')) warmth = 0.8;
  if (mood.includes('cool')) warmth = -0.8;
  if (!colourWord && mood.includes('warm')) hue = blendHue(hue, 65, 0.6);
  if (!colourWord && mood.includes('cool')) hue = blendHue(hue, 235, 0.6);
  // A named lightness (white, black, navy …) is what the client asked for: moods tune around it, never flip it.
  const fixedLightness = named?.lightness !== undefined;
  if (mood.includes('pastel') && !fixedLightness) {
    lightness = Math.max(lightness, 0.88);
    chroma = Math.max(0.045, Math.min(chroma, 0.07));
  }
  if (mood.includes('minimal')) {
    chroma = Math.min(chroma, 0.02);
    if (!fixedLightness) lightness = Math.max(lightness, 0.9);
  }
  if (mood.includes('bright') && !fixedLightness) lightness = Math.max(lightness, 0.9);
  // Luxury is warm gold light and restraint, not darkness: a refined, low-chroma backdrop with a gold cast.
  if (mood.includes('luxury')) {
    warmth = Math.max(warmth, 0.45);
    chroma = Math.min(chroma, 0.04);
    if (!colourWord) hue = blendHue(hue, 80, 0.5);
  }
  if (mood.includes('dark') && !fixedLightness) lightness = Math.min(lightness, colourWord ? 0.38 : 0.3);
  if (
    kind === 'reflection-floor' &&
    !colourWord &&
    !surfaceWord &&
    !mood.includes('bright') &&
    !mood.includes('pastel') &&
    !mood.includes('minimal') &&
    !mood.includes('luxury') &&
    product.l > 0.35
  ) {
    lightness = Math.min(lightness, 0.3);
  }
  lightness = separatedLightness({ l: lightness, c: chroma, h: hue }, product);
  const surface = surfaceWord ? COLOUR_WORDS[surfaceWord]! : null;
  const surfaceColour = surface
    ? fromOklch({ l: surface.lightness ?? (mood.includes('dark') ? 0.4 : 0.78), c: surface.chroma * 0.8, h: surface.hue })
    : undefined;
  const accentHue = kind === 'palette-backdrop' || harmony !== 'complementary' ? (hue + 180) % 360 : (hue + 30) % 360;
  const lightX = 0.22 + rng.next() * 0.56;
  const choice: SceneChoice = {
    kind,
    hue,
    chroma,
    lightness,
    accentHue,
    warmth,
    lightX,
    variant,
    mood,
    textureSeed: rng.int(1, 0x7ffffffe),
    colourWord,
    description: '',
    ...(surfaceColour ? { surfaceColour } : {}),
  };
  choice.description = describe(choice);
  return choice;
}

function kindFromWords(text: string, ws: string[]): { kind: SceneKind; variant?: string } | null {
  let best: { at: number; kind: SceneKind; variant?: string } | null = null;
  for (const entry of KIND_WORDS) {
    for (const w of entry.words) {
      const at = w.includes(' ') ? text.indexOf(w) : ws.indexOf(w) >= 0 ? text.search(new RegExp(`\\b${w}\\b`)) : -1;
      if (at >= 0 && (!best || at < best.at)) best = { at, kind: entry.kind, ...(entry.variant ? { variant: entry.variant } : {}) };
    }
  }
  return best;
}

/** Kinds that show this product well: no dark glossy floor for a dark product, no white marble for a white one. */
export function kindsSuiting(palette: string[]): SceneKind[] {
  const main = palette[0] ? toOklch(palette[0]) : null;
  return SCENE_KINDS.filter((k) => {
    if (!main) return true;
    if (k === 'reflection-floor' && main.l < 0.32) return false;
    if (k === 'marble-surface' && main.l > 0.85 && main.c < 0.04) return false;
    return true;
  });
}

function defaultVariant(kind: SceneKind, ws: string[], rng: ReturnType<typeof createRng>): string {
  const dark = ws.some((w) => MOOD_WORDS[w] === 'dark') || ws.includes('black') || ws.includes('nero');
  switch (kind) {
    case 'wood-surface':
      return dark ? 'walnut' : rng.pick(['oak', 'walnut', 'pale']);
    case 'marble-surface': {
      // Colour words for the stone win; Nero Marquina only when the prompt asks for black or dark.
      if (ws.includes('green') || ws.includes('emerald')) return 'green';
      if (ws.includes('grey') || ws.includes('gray')) return 'grey';
      if (ws.includes('white') || ws.includes('carrara')) return ws.some((w) => MOOD_WORDS[w] === 'luxury') ? 'calacatta' : 'white';
      if (dark) return 'black';
      return ws.some((w) => MOOD_WORDS[w] === 'luxury') || ws.includes('calacatta') ? 'calacatta' : rng.pick(['white', 'white', 'grey']);
    }
    case 'fabric-surface':
      return rng.pick(['linen', 'linen', 'silk']);
    case 'outdoor-light':
      return ws.includes('beach') ? 'beach' : rng.pick(['garden', 'garden', 'beach']);
    default:
      return 'plain';
  }
}

/** Nouns a colour word can qualify that are the surface the product stands on, not the wall behind. */
const SURFACE_NOUNS = new Set([
  'marble',
  'stone',
  'granite',
  'podium',
  'pedestal',
  'plinth',
  'stand',
  'platform',
  'cylinder',
  'floor',
  'table',
  'tabletop',
  'counter',
  'countertop',
  'fabric',
  'silk',
  'satin',
  'velvet',
  'linen',
  'cloth',
  'cotton',
  'blanket',
  'wood',
  'surface',
  'acrylic',
  'glass',
]);
const BACKDROP_NOUNS = new Set(['backdrop', 'background', 'wall', 'backgrounds', 'sky', 'setting']);

/**
 * Which colour word names the backdrop and which the surface. "white marble" → surface; "pink backdrop",
 * or a colour word on its own → backdrop. Marble shows its surface colour through its variant.
 */
function colourRoles(ws: string[], kind: SceneKind): { backdropWord: string | null; surfaceWord: string | null } {
  let backdropWord: string | null = null,
    surfaceWord: string | null = null;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    if (!COLOUR_WORDS[w] || (w === 'golden' && kind === 'outdoor-light')) continue;
    // The noun it qualifies: the next word that is not another colour or mood word ("white glossy marble").
    let j = i + 1;
    while (j < ws.length && (COLOUR_WORDS[ws[j]!] || MOOD_WORDS[ws[j]!] || ws[j] === 'and' || ws[j] === 'glossy' || ws[j] === 'polished')) j++;
    const noun = ws[j];
    if (noun && SURFACE_NOUNS.has(noun) && !BACKDROP_NOUNS.has(noun)) surfaceWord ??= w;
    else backdropWord ??= w;
  }
  return { backdropWord, surfaceWord };
}

/** Oklab distance the backdrop keeps from the product's main colour, so the product reads at a glance. */
export const MIN_BACKDROP_CONTRAST = 0.3;

/**
 * The backdrop's lightness moved away from the product's until their Oklab distance is at least
 * `MIN_BACKDROP_CONTRAST`; hue and chroma (what the client asked for) stay. Goes toward the side with
 * more room (a mid-tone red gets a pale or a deep backdrop, never a same-tone pink).
 */
export function separatedLightness(backdrop: Oklch, product: Oklch): number {
  const distance = (l: number) => {
    const a = toLab({ ...backdrop, l }),
      b = toLab(product);
    return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  };
  if (distance(backdrop.l) >= MIN_BACKDROP_CONTRAST) return backdrop.l;
  const up = backdrop.l >= product.l ? true : backdrop.l < product.l - 0.02 ? false : product.l < 0.55;
  const order = up ? [1, -1] : [-1, 1];
  for (const dir of order) {
    for (let l = backdrop.l; l >= 0.12 && l <= 0.96; l += dir * 0.01) if (distance(l) >= MIN_BACKDROP_CONTRAST) return l;
  }
  return product.l > 0.5 ? 0.18 : 0.94;
}

function toLab(c: Oklch): [number, number, number] {
  const rad = (c.h * Math.PI) / 180;
  return [c.l, c.c * Math.cos(rad), c.c * Math.sin(rad)];
}

function blendHue(a: number, b: number, t: number): number {
  const d = ((b - a + 540) % 360) - 180;
  return (a + d * t + 360) % 360;
}

const KIND_NAMES: Record<SceneKind, string> = {
  'studio-gradient': 'studio gradient with soft light',
  podium: 'cylinder podium',
  'reflection-floor': 'glossy reflective floor',
  'wood-surface': 'wood tabletop',
  'marble-surface': 'marble surface',
  'fabric-surface': 'fabric surface',
  'palette-backdrop': 'backdrop matched to the product colours',
  'outdoor-light': 'outdoor light',
};

function describe(c: SceneChoice): string {
  const parts = [c.variant !== 'plain' ? `${c.variant} ${KIND_NAMES[c.kind]}` : KIND_NAMES[c.kind]];
  parts.push(`${c.colourWord ? `${c.colourWord} ` : ''}backdrop ${fromOklch({ l: c.lightness, c: c.chroma, h: c.hue })}`);
  if (c.mood.length) parts.push(`${c.mood.join(', ')} mood`);
  parts.push(`light from the ${c.lightX < 0.42 ? 'left' : c.lightX > 0.58 ? 'right' : 'top'}`);
  return parts.join(', ');
}
