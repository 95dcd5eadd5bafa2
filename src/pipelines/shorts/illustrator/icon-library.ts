import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { STOP_WORDS } from '../../text/stop-words.js';

/**
 * The illustrations a scene is composed from: Microsoft's Fluent Emoji (flat), about 1,600
 * colourful vector pictures of things, animals, food, places, weather and faces, shipped as the
 * MIT-licensed npm package `@iconify-json/fluent-emoji-flat`. Each is found by the words of its
 * name ("red-apple" answers "apple" and "apples") and a few synonyms below.
 */
export interface IconPicture {
  name: string;
  /** A complete SVG document (32×32 view box). */
  svg: string;
}

interface IconSet {
  icons: Record<string, { body: string }>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
  width?: number;
  height?: number;
}

/** Skin-tone variants repeat a picture; the default (yellow) one is enough. */
const SKIN_TONE = /-(light|dark|medium|medium-light|medium-dark)$/;

/** Script words whose picture is named otherwise. */
export const SYNONYMS: Record<string, string> = {
  money: 'money-bag',
  cash: 'dollar-banknote',
  dollar: 'dollar-banknote',
  price: 'money-with-wings',
  cost: 'money-with-wings',
  buy: 'shopping-cart',
  shop: 'shopping-bags',
  shopping: 'shopping-bags',
  sale: 'label',
  city: 'cityscape',
  town: 'houses',
  ocean: 'water-wave',
  sea: 'water-wave',
  wave: 'water-wave',
  beach: 'beach-with-umbrella',
  water: 'droplet',
  drink: 'cup-with-straw',
  coffee: 'hot-beverage',
  tea: 'teacup-without-handle',
  idea: 'light-bulb',
  ideas: 'light-bulb',
  think: 'thinking-face',
  thought: 'thought-balloon',
  happy: 'grinning-face-with-big-eyes',
  joy: 'face-with-tears-of-joy',
  sad: 'crying-face',
  angry: 'angry-face',
  love: 'red-heart',
  time: 'alarm-clock',
  hour: 'hourglass-done',
  night: 'night-with-stars',
  dark: 'new-moon',
  space: 'rocket',
  planet: 'ringed-planet',
  earth: 'globe-showing-europe-africa',
  world: 'globe-showing-americas',
  science: 'microscope',
  lab: 'test-tube',
  computer: 'laptop',
  code: 'laptop',
  software: 'laptop',
  internet: 'globe-with-meridians',
  web: 'globe-with-meridians',
  phone: 'mobile-phone',
  app: 'mobile-phone',
  music: 'musical-notes',
  song: 'musical-note',
  sound: 'speaker-high-volume',
  learn: 'books',
  study: 'books',
  read: 'open-book',
  write: 'writing-hand',
  forest: 'evergreen-tree',
  nature: 'herb',
  plant: 'potted-plant',
  garden: 'sunflower',
  flower: 'blossom',
  food: 'fork-and-knife-with-plate',
  eat: 'fork-and-knife-with-plate',
  cook: 'cooking',
  dinner: 'spaghetti',
  breakfast: 'pancakes',
  fruit: 'red-apple',
  health: 'stethoscope',
  doctor: 'stethoscope',
  medicine: 'pill',
  sleep: 'sleeping-face',
  rest: 'zzz',
  work: 'briefcase',
  job: 'briefcase',
  business: 'office-building',
  office: 'office-building',
  team: 'handshake',
  friend: 'people-hugging',
  friends: 'people-hugging',
  family: 'house-with-garden',
  baby: 'baby-bottle',
  win: 'trophy',
  success: 'trophy',
  goal: 'bullseye',
  target: 'bullseye',
  growth: 'chart-increasing',
  grow: 'seedling',
  data: 'bar-chart',
  travel: 'airplane',
  trip: 'luggage',
  car: 'automobile',
  drive: 'automobile',
  road: 'motorway',
  fast: 'high-voltage',
  energy: 'high-voltage',
  power: 'high-voltage',
  electricity: 'high-voltage',
  weather: 'sun-behind-cloud',
  snow: 'snowflake',
  cold: 'cold-face',
  hot: 'hot-face',
  summer: 'sun',
  winter: 'snowman',
  spring: 'cherry-blossom',
  autumn: 'fallen-leaf',
  fall: 'fallen-leaf',
  party: 'party-popper',
  celebrate: 'confetti-ball',
  gift: 'wrapped-gift',
  secret: 'shushing-face',
  mystery: 'detective',
  question: 'red-question-mark',
  why: 'red-question-mark',
  danger: 'warning',
  warning: 'warning',
  safe: 'shield',
  security: 'locked',
  lock: 'locked',
  machine: 'gear',
  engine: 'gear',
  steam: 'locomotive',
  train: 'locomotive',
  art: 'artist-palette',
  paint: 'artist-palette',
  photo: 'camera',
  video: 'movie-camera',
  film: 'film-frames',
  movie: 'clapper-board',
  game: 'video-game',
  play: 'play-button',
  sport: 'soccer-ball',
  run: 'person-running',
  exercise: 'person-lifting-weights',
  gym: 'person-lifting-weights',
  magic: 'magic-wand',
  dream: 'sparkles',
  star: 'star',
  stars: 'glowing-star',
  mail: 'envelope',
  email: 'e-mail',
  news: 'newspaper',
  speak: 'speaking-head',
  talk: 'speech-balloon',
  voice: 'speaking-head',
  history: 'scroll',
  ancient: 'classical-building',
  king: 'crown',
  queen: 'crown',
  gold: 'coin',
  treasure: 'gem-stone',
  diamond: 'gem-stone',
  storm: 'cloud-with-lightning',
  ai: 'robot',
  robots: 'robot',
  brain: 'brain',
  mind: 'brain',
  smart: 'brain',
};

/** Shown when no word of a scene names a picture: general-purpose ones, chosen by the scene's words. */
const FALLBACKS = ['sparkles', 'light-bulb', 'glowing-star', 'speech-balloon', 'rocket', 'bullseye', 'gem-stone', 'rainbow', 'thought-balloon', 'crystal-ball'];

interface IconIndex {
  set: IconSet;
  names: Set<string>;
  /** A word of a name → the names containing it, the shortest (most general) first. */
  byToken: Map<string, string[]>;
}

let index: IconIndex | null = null;

/** The icon set's names and the words of its names (loaded once). */
export function iconNameIndex(): Pick<IconIndex, 'names' | 'byToken'> {
  return loadIndex();
}

function loadIndex(): IconIndex {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const set = JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as IconSet;
  const names = new Set(Object.keys(set.icons).filter((n) => !SKIN_TONE.test(n)));
  const byToken = new Map<string, string[]>();
  for (const name of names) {
    for (const token of name.split('-')) {
      const list = byToken.get(token) ?? [];
      list.push(name);
      byToken.set(token, list);
    }
  }
  for (const list of byToken.values()) list.sort((a, b) => a.split('-').length - b.split('-').length || a.length - b.length || a.localeCompare(b));
  index = { set, names, byToken };
  return index;
}

/** The word and its likely singular forms ("boxes" → box, "cities" → city, "cats" → cat). */
function forms(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  return out;
}

/** The picture a single word names, or null. Exact names first, then synonyms, then a name containing it. */
export function iconForWord(word: string): string | null {
  const { names, byToken } = loadIndex();
  const w = word.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (w.length < 3 || STOP_WORDS.en.has(w)) return null;
  for (const f of forms(w)) {
    if (names.has(f)) return f;
    const synonym = SYNONYMS[f];
    if (synonym && names.has(synonym)) return synonym;
  }
  for (const f of forms(w)) {
    const hit = byToken.get(f)?.[0];
    if (hit) return hit;
  }
  return null;
}

/**
 * The one-keyword picker of before (issue 28 pt 6): up to `count` distinct pictures for a scene's
 * text, in the order its words name them; a scene that names none gets general-purpose ones
 * picked by `seed`. Scenes are now illustrated by `choosePictures` (match-pictures.ts), which reads
 * the whole sentence; this stays as the baseline it is measured against
 * (test/unit/shorts/picture-choice.test.ts).
 */
export function iconsForText(text: string, count: number, seed: number): { names: string[]; matched: number } {
  const found: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}'-]+/u)) {
    const name = iconForWord(word);
    if (name && !found.includes(name)) found.push(name);
    if (found.length >= count) break;
  }
  const matched = found.length;
  for (let k = 0; found.length < Math.max(1, Math.min(count, 2)); k++) {
    const name = FALLBACKS[(Math.abs(seed) + k) % FALLBACKS.length]!;
    if (!found.includes(name)) found.push(name);
  }
  return { names: found, matched };
}

/** A picture by name as an SVG document of `sizePx` square. */
export function iconSvg(name: string, sizePx: number): IconPicture {
  const { set } = loadIndex();
  const alias = set.aliases?.[name];
  const icon = set.icons[alias ? alias.parent : name];
  if (!icon) throw new Error(`no picture named "${name}"`);
  const size = set.width ?? 32;
  const body = alias?.hFlip ? `<g transform="translate(${size} 0) scale(-1 1)">${icon.body}</g>` : icon.body;
  return {
    name,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${sizePx}" height="${sizePx}" viewBox="0 0 ${size} ${set.height ?? size}">${body}</svg>`,
  };
}
