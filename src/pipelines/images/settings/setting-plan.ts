import { createRng, hashString } from '../../../core/random.js';
import { fromOklch, toOklch, type Oklch } from '../backgrounds/colour.js';
import { separatedLightness } from '../staging/choose-scene.js';
import type { LookMood, Place, PromptLook, Surface, TimeOfDay } from './prompt-look.js';

/**
 * A setting as it will be painted: the prompt's look resolved into concrete colours and choices.
 * What the prompt names is honoured (a named colour keeps its hue whatever the mood); what it does
 * not name is picked by the seed from what suits the place and the product.
 */
export interface SettingPlan {
  place: Place;
  surface: Surface;
  surfaceWord: string | null;
  time: TimeOfDay;
  moods: LookMood[];
  /** The picture's key colour (walls, tiles, sky, sea or neon, by place) in OKLCh. */
  key: Oklch;
  /** A second colour for accents (shapes, confetti, trim), in OKLCh. */
  accent: Oklch;
  /** Whether the prompt named the key colour (then moods tune its lightness and strength, never its hue). */
  keyNamed: string | null;
  /** −1 cool … +1 warm light. */
  warmth: number;
  /** Key light's horizontal position, 0 … 1 (staged products cast their shadow away from 0.35). */
  lightX: number;
  /** How busy the scene may be: 0 (minimal: bare) … 1 (props, texture, decoration). */
  detail: number;
  textureSeed: number;
  description: string;
}

/** The place's own colour when the prompt names none: what that place looks like by day. */
const PLACE_KEYS: Record<Place, Oklch[]> = {
  studio: [
    { l: 0.86, c: 0.02, h: 70 },
    { l: 0.84, c: 0.03, h: 230 },
    { l: 0.85, c: 0.035, h: 20 },
  ],
  kitchen: [
    { l: 0.93, c: 0.012, h: 90 },
    { l: 0.86, c: 0.035, h: 160 },
    { l: 0.88, c: 0.03, h: 230 },
  ],
  beach: [{ l: 0.66, c: 0.11, h: 200 }],
  forest: [{ l: 0.55, c: 0.1, h: 142 }],
  mountain: [{ l: 0.68, c: 0.1, h: 245 }],
  city: [{ l: 0.66, c: 0.04, h: 245 }],
};

const DEFAULT_SURFACE: Record<Place, Surface[]> = {
  studio: ['paper', 'paper', 'concrete', 'marble', 'wood'],
  kitchen: ['granite', 'marble', 'wood'],
  beach: ['sand'],
  forest: ['moss'],
  mountain: ['granite'],
  city: ['concrete'],
};

const GOLD: Oklch = { l: 0.76, c: 0.11, h: 82 };

/** Resolves a prompt's look into a plan; same look, seed and product → the same plan. */
export function planSetting(look: PromptLook, seed: number, productColour: string | null): SettingPlan {
  const rng = createRng((seed >>> 0) ^ hashString(look.understood.join(' ')));
  const moods = look.moods;
  const has = (m: LookMood) => moods.includes(m);
  // A surface alone ("granite") is a studio shot on that surface; a place alone stands on its own ground.
  const place: Place = look.place ?? 'studio';
  const surface: Surface = look.surface ?? rng.pick(DEFAULT_SURFACE[place]);
  const named = look.colours[0] ?? null;
  const product = productColour ? toOklch(productColour) : null;

  let key: Oklch;
  if (named) {
    key = { l: named.lightness ?? 0.62, c: named.chroma, h: named.hue };
  } else if (place === 'studio' && product && product.c > 0.03) {
    // No colour asked for: a pale tint that sits with the product (its complement or a neighbour).
    const turn = rng.pick([180, 40, -40]);
    key = { l: 0.86, c: 0.035, h: (product.h + turn + 360) % 360 };
  } else {
    key = { ...rng.pick(PLACE_KEYS[place]) };
  }
  let warmth = rng.bipolar() * 0.2;
  if (has('warm')) {
    warmth = 0.8;
    if (!named) key = { ...key, h: blendHue(key.h, 62, place === 'studio' || place === 'kitchen' ? 0.8 : 0.35), c: Math.max(key.c, 0.05) };
  }
  if (has('cool')) {
    warmth = -0.8;
    if (!named) key = { ...key, h: blendHue(key.h, 235, 0.6), c: Math.max(key.c, 0.04) };
  }
  if (look.time === 'golden') warmth = Math.max(warmth, 0.7);
  const fixedLight = named?.lightness !== undefined;
  if (has('pastel')) key = { l: Math.max(key.l, 0.86), c: Math.min(Math.max(key.c * 0.7, 0.05), 0.085), h: key.h };
  if (has('bright') && !fixedLight) key = { ...key, l: Math.max(key.l, 0.88) };
  if (has('calm')) key = { l: fixedLight ? key.l : key.l + (0.82 - key.l) * 0.5, c: key.c * 0.7, h: key.h };
  if (has('bold')) key = { ...key, c: Math.min(0.22, key.c * 1.5 + 0.04), l: fixedLight ? key.l : Math.min(Math.max(key.l, 0.5), 0.68) };
  if (has('energetic')) key = { ...key, c: Math.min(0.22, key.c * 1.35 + 0.03) };
  if (has('minimal') && !named) key = { ...key, c: Math.min(key.c, 0.025), l: Math.max(key.l, 0.9) };
  // Luxury is deep tones and gold, not colour: an unnamed key turns near-black with a warm cast.
  // Outdoors it keeps the place's own colour, deepened.
  if (has('luxury')) {
    if (named) key = { ...key, l: fixedLight ? key.l : Math.min(key.l, 0.4) };
    else if (place === 'studio' || place === 'kitchen' || place === 'city') key = { l: 0.24, c: 0.025, h: 70 };
    else key = { ...key, l: Math.min(key.l, 0.42) };
  }
  if (has('dark') && !fixedLight) key = { ...key, l: Math.min(key.l, look.time === 'night' ? 0.3 : 0.36) };

  // A wall right behind the product keeps its distance from the product's colour (a coral wall
  // behind a red bottle swallows it): the lightness moves, the asked hue and strength stay.
  if (product && (place === 'studio' || place === 'kitchen')) key = { ...key, l: separatedLightness(key, product) };

  const secondNamed = look.colours[1] ?? null;
  const accent: Oklch = has('luxury')
    ? secondNamed
      ? { l: secondNamed.lightness ?? 0.7, c: secondNamed.chroma, h: secondNamed.hue }
      : GOLD
    : secondNamed
      ? { l: secondNamed.lightness ?? 0.68, c: secondNamed.chroma, h: secondNamed.hue }
      : {
          l: key.l > 0.6 ? key.l - 0.2 : key.l + 0.25,
          c: Math.max(0.1, key.c * 1.2),
          h: (key.h + (has('playful') || has('bold') || has('energetic') ? 180 : 35)) % 360,
        };
  const detail = has('minimal') ? 0 : has('calm') ? 0.5 : 1;
  const plan: SettingPlan = {
    place,
    surface,
    surfaceWord: look.surfaceWord,
    time: look.time,
    moods,
    key,
    accent,
    keyNamed: named?.word ?? null,
    warmth,
    lightX: 0.3 + rng.next() * 0.1,
    detail,
    textureSeed: rng.int(1, 0x7ffffffe),
    description: '',
  };
  plan.description = describePlan(plan);
  return plan;
}

export function hexOf(c: Oklch): string {
  return fromOklch({ l: Math.max(0.02, Math.min(0.99, c.l)), c: Math.max(0, c.c), h: c.h });
}

function blendHue(a: number, b: number, t: number): number {
  const d = ((b - a + 540) % 360) - 180;
  return (a + d * t + 360) % 360;
}

function describePlan(p: SettingPlan): string {
  const time = p.time === 'day' ? '' : p.time === 'night' ? ' at night' : ' at golden hour';
  const moods = p.moods.filter((m) => m !== 'dark' || p.time !== 'night');
  return [
    `${p.place}${time} on ${p.surface}`,
    `${p.keyNamed ? `${p.keyNamed} ` : ''}key colour ${hexOf(p.key)}`,
    ...(moods.length ? [`${moods.join(', ')} mood`] : []),
  ].join(', ');
}
