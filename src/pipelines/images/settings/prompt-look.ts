/**
 * What a prompt asks a drawn picture to look like, read word by word (no model): the place
 * ("kitchen", "mountain"), the surface the product stands on ("granite", "marble"), the time of
 * day ("night", "sunset"), named colours ("teal", "navy", "pastel pink") and moods ("calm",
 * "playful", "luxury"). The settings painters (`paint-setting.ts`) draw from this; what a prompt
 * does not say is left to the seed.
 */

import { COLOUR_WORDS } from '../colour-words.js';

/** Places the settings painters draw as a whole scene (studio: a wall and a floor). */
export const PLACES = ['studio', 'kitchen', 'beach', 'forest', 'mountain', 'city'] as const;
export type Place = (typeof PLACES)[number];

/** What the product stands on. */
/** `paper` is the studio's seamless sweep: wall and floor one sheet. */
export const SURFACES = ['paper', 'marble', 'granite', 'wood', 'sand', 'concrete', 'moss'] as const;
export type Surface = (typeof SURFACES)[number];

export type TimeOfDay = 'day' | 'golden' | 'night';

/** Moods a prompt may name; warm, cool and pastel are colour moods (they tint whatever is drawn). */
export const LOOK_MOODS = ['calm', 'bold', 'luxury', 'playful', 'minimal', 'energetic', 'warm', 'cool', 'pastel', 'bright', 'dark'] as const;
export type LookMood = (typeof LOOK_MOODS)[number];

/** A colour named in the prompt, in OKLCh (chroma 0 = neutral); `lightness` only where the name fixes it (navy, cream). */
export interface NamedColour {
  word: string;
  hue: number;
  chroma: number;
  lightness?: number;
}

export interface PromptLook {
  place: Place | null;
  surface: Surface | null;
  /** The word that named the surface ("walnut", "carrara"): it picks the material's variant. */
  surfaceWord: string | null;
  time: TimeOfDay;
  /** In the order the prompt names them; the first is the picture's key colour. */
  colours: NamedColour[];
  moods: LookMood[];
  /** The words that were understood, for the picture's description (and tests). */
  understood: string[];
}

const PLACE_WORDS: Record<string, Place> = {
  studio: 'studio',
  catalog: 'studio',
  catalogue: 'studio',
  ecommerce: 'studio',
  kitchen: 'kitchen',
  kitchens: 'kitchen',
  cooking: 'kitchen',
  bakery: 'kitchen',
  pantry: 'kitchen',
  beach: 'beach',
  seaside: 'beach',
  sea: 'beach',
  ocean: 'beach',
  coast: 'beach',
  coastal: 'beach',
  shore: 'beach',
  tropical: 'beach',
  island: 'beach',
  forest: 'forest',
  woods: 'forest',
  woodland: 'forest',
  trees: 'forest',
  jungle: 'forest',
  rainforest: 'forest',
  mountain: 'mountain',
  mountains: 'mountain',
  alpine: 'mountain',
  alps: 'mountain',
  peak: 'mountain',
  peaks: 'mountain',
  summit: 'mountain',
  hiking: 'mountain',
  trail: 'mountain',
  cliff: 'mountain',
  canyon: 'mountain',
  city: 'city',
  urban: 'city',
  street: 'city',
  downtown: 'city',
  skyline: 'city',
  rooftop: 'city',
  neon: 'city',
  metropolis: 'city',
};

const SURFACE_WORDS: Record<string, Surface> = {
  seamless: 'paper',
  paper: 'paper',
  sweep: 'paper',
  marble: 'marble',
  carrara: 'marble',
  calacatta: 'marble',
  travertine: 'marble',
  granite: 'granite',
  stone: 'granite',
  rock: 'granite',
  rocky: 'granite',
  slate: 'granite',
  basalt: 'granite',
  wood: 'wood',
  wooden: 'wood',
  oak: 'wood',
  walnut: 'wood',
  timber: 'wood',
  rustic: 'wood',
  sand: 'sand',
  sandy: 'sand',
  dune: 'sand',
  concrete: 'concrete',
  cement: 'concrete',
  industrial: 'concrete',
  moss: 'moss',
  mossy: 'moss',
};

const TIME_WORDS: Record<string, TimeOfDay> = {
  night: 'night',
  nighttime: 'night',
  midnight: 'night',
  moonlight: 'night',
  moonlit: 'night',
  starry: 'night',
  stars: 'night',
  nocturnal: 'night',
  evening: 'golden',
  sunset: 'golden',
  sunrise: 'golden',
  dusk: 'golden',
  dawn: 'golden',
  golden: 'golden',
  day: 'day',
  daylight: 'day',
  morning: 'day',
  noon: 'day',
  sunny: 'day',
};

const MOOD_WORDS: Record<string, LookMood> = {
  calm: 'calm',
  calming: 'calm',
  serene: 'calm',
  peaceful: 'calm',
  tranquil: 'calm',
  relaxed: 'calm',
  relaxing: 'calm',
  zen: 'calm',
  quiet: 'calm',
  gentle: 'calm',
  soothing: 'calm',
  bold: 'bold',
  striking: 'bold',
  punchy: 'bold',
  vivid: 'bold',
  vibrant: 'bold',
  saturated: 'bold',
  loud: 'bold',
  luxury: 'luxury',
  luxurious: 'luxury',
  premium: 'luxury',
  elegant: 'luxury',
  exclusive: 'luxury',
  upscale: 'luxury',
  opulent: 'luxury',
  playful: 'playful',
  fun: 'playful',
  funky: 'playful',
  whimsical: 'playful',
  cheerful: 'playful',
  party: 'playful',
  festive: 'playful',
  confetti: 'playful',
  minimal: 'minimal',
  minimalist: 'minimal',
  minimalistic: 'minimal',
  simple: 'minimal',
  clean: 'minimal',
  sleek: 'minimal',
  energetic: 'energetic',
  energy: 'energetic',
  dynamic: 'energetic',
  sporty: 'energetic',
  action: 'energetic',
  powerful: 'energetic',
  intense: 'energetic',
  warm: 'warm',
  cozy: 'warm',
  cosy: 'warm',
  autumn: 'warm',
  cool: 'cool',
  cold: 'cool',
  icy: 'cool',
  winter: 'cool',
  fresh: 'cool',
  pastel: 'pastel',
  pastels: 'pastel',
  soft: 'pastel',
  dreamy: 'pastel',
  bright: 'bright',
  airy: 'bright',
  dark: 'dark',
  moody: 'dark',
  dramatic: 'dark',
  noir: 'dark',
};

/** Lower-case words of a prompt (letters, digits and hyphens; "sea-side" stays one word). */
export function promptWords(prompt: string): string[] {
  return prompt
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .flatMap((w) => (PLACE_WORDS[w] || SURFACE_WORDS[w] || COLOUR_WORDS[w] ? [w] : w.split('-')))
    .filter(Boolean);
}

/** Reads a prompt's place, surface, time, colours and moods. The first place or surface named wins. */
export function readPrompt(prompt: string | undefined): PromptLook {
  const ws = promptWords(prompt ?? '');
  const look: PromptLook = { place: null, surface: null, surfaceWord: null, time: 'day', colours: [], moods: [], understood: [] };
  let timeSet = false;
  for (const w of ws) {
    const known: boolean[] = [];
    const place = PLACE_WORDS[w];
    if (place && !look.place) look.place = place;
    known.push(!!place);
    const surface = SURFACE_WORDS[w];
    if (surface && !look.surface) {
      look.surface = surface;
      look.surfaceWord = w;
    }
    known.push(!!surface);
    const time = TIME_WORDS[w];
    // Night outranks the rest ("sunset turning to night" is drawn as night).
    if (time && (!timeSet || time === 'night')) {
      look.time = time;
      timeSet = true;
    }
    known.push(!!time);
    const colour = COLOUR_WORDS[w];
    if (colour && !look.colours.some((c) => c.word === w)) look.colours.push({ word: w, ...colour });
    known.push(!!colour);
    const mood = MOOD_WORDS[w];
    if (mood && !look.moods.includes(mood)) look.moods.push(mood);
    known.push(!!mood);
    if (known.some(Boolean) && !look.understood.includes(w)) look.understood.push(w);
  }
  // A neon city is lit at night unless the prompt says otherwise; a bare "neon" is still a city.
  if (ws.includes('neon') && !timeSet) look.time = 'night';
  if (look.time === 'night' && !look.moods.includes('dark')) look.moods.push('dark');
  return look;
}

/** True when the prompt named anything these painters read. */
export function saysAnything(look: PromptLook): boolean {
  return look.understood.length > 0;
}
