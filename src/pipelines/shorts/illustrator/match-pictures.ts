import { STOP_WORDS } from '../../text/stop-words.js';
import { isColourWord } from '../product-sentences.js';
import { iconNameIndex, SYNONYMS } from './icon-library.js';
import { PHRASE_MEANINGS, PICTURE_MEANINGS } from './picture-meanings.js';

/** A scene's pictures chosen by what its whole sentence says. */
export interface PictureChoice {
  /** Pictures (icon names), the best first; empty when nothing the sentence says is drawable with confidence. */
  names: string[];
  /** The best picture's score (0 when none): the sum of the weights of the sentence's words it means. */
  confidence: number;
  /** Why: the sentence's words (or phrases) that chose the best picture. */
  evidence: string[];
}

/**
 * The score a picture needs to be shown: one described word that at most four pictures mean
 * (weight 1 for one, 0.71 for four), a phrase, or a picture's own name. A word only the names of
 * the set carry and that is not described ("hand": 40 pictures) gives nothing, so a sentence of
 * such words falls below: the scene shows the product, or a neutral design — not a guess.
 */
export const PICTURE_CONFIDENCE_FLOOR = 0.7;
/** A phrase ("cup holder") says what it means more surely than one word. */
const PHRASE_WEIGHT = 1.5;
/** A picture found only by a word of its own name ("tiger", "broccoli") and not described above. */
const NAME_WEIGHT = 1;
/** A word that is only part of a picture's name. */
const PART_OF_NAME_WEIGHT = 0.5;
/** A name word shared by more pictures than this ("face", "hand", "button") names none of them. */
const MAX_NAMES_PER_WORD = 6;

/**
 * Words every ad says that picture nothing ("get", "up", "every"): not stop words in general, but
 * a picture's name can carry them ("thumbs-up", "back-arrow").
 */
const AD_FILLER = new Set(
  'up down back out off get got gets make makes take takes use used one two three every each way thing things fit fits ever even also only still yours ours let lets need needs want wants go goes going come day days time times'.split(
    ' ',
  ),
);

/**
 * Words of a picture's name that say what holds it, not what it is: a product ad's "bottle" or
 * "cup" is the product, not a baby's bottle or a soda cup (the trial's complaint).
 */
const CONTAINER_NAME_WORDS = new Set(['bottle', 'cup', 'glass', 'box', 'with']);

/** Synonyms of the keyword picker that named a picture for a word that pictures nothing in particular. */
const GUESSING_SYNONYMS = new Set([
  'drink',
  'work',
  'time',
  'hour',
  'space',
  'dream',
  'play',
  'fall',
  'why',
  'fast',
  'power',
  'energy',
  'magic',
  'smart',
  'mind',
  'think',
  'thought',
  'secret',
  'mystery',
  'question',
]);

/** Words that end other than by rule ("ran" → run). */
const IRREGULAR: Record<string, string> = {
  ran: 'run',
  kept: 'keep',
  keeps: 'keep',
  built: 'build',
  made: 'make',
  feet: 'foot',
  teeth: 'tooth',
  children: 'child',
  men: 'man',
  women: 'woman',
  mice: 'mouse',
  flew: 'fly',
  flies: 'fly',
  slept: 'sleep',
  ate: 'eat',
  wore: 'wear',
  worn: 'wear',
  bought: 'buy',
  sent: 'send',
  paid: 'pay',
  grew: 'grow',
  grown: 'grow',
  lighter: 'light',
  colder: 'cold',
  hotter: 'hot',
  deeper: 'deep',
  stronger: 'strong',
  faster: 'fast',
  quicker: 'quick',
  cleaner: 'clean',
  heavier: 'heavy',
};

interface MeaningIndex {
  /** A word → the described pictures that mean it, with its weight for each (rarer words weigh more). */
  byWord: Map<string, { icon: string; weight: number }[]>;
  /** The words the descriptions use, for lemmatising against first … */
  described: Set<string>;
  /** … then every word of every picture's name. */
  vocabulary: Set<string>;
  phrases: { words: string[]; concepts: string[] }[];
}

let built: MeaningIndex | null = null;

function meaningIndex(): MeaningIndex {
  if (built) return built;
  const { names, byToken } = iconNameIndex();
  const lists = new Map<string, Set<string>>();
  const described = new Set<string>();
  for (const [icon, words] of Object.entries(PICTURE_MEANINGS)) {
    for (const w of words.split(/\s+/)) described.add(w);
    if (!names.has(icon)) throw new Error(`picture-meanings names "${icon}", which the icon set does not have`);
    // A described picture also means the words of its own name ("hiking-boot": hiking, boot).
    const nameWords = icon.split('-').filter((w) => !CONTAINER_NAME_WORDS.has(w));
    for (const word of [...words.split(/\s+/), ...nameWords].filter((w) => w.length > 1 && !STOP_WORDS.en.has(w))) {
      const set = lists.get(word) ?? new Set();
      set.add(icon);
      lists.set(word, set);
    }
  }
  // The keyword picker's synonyms (money → money bag, king → crown …) cover the general narration
  // of a short; they mean their picture where the descriptions say nothing of the word. Left out:
  // those that gave the guesses of before (time → alarm clock, hour → hourglass, space → rocket).
  for (const [word, icon] of Object.entries(SYNONYMS)) {
    if (described.has(word) || GUESSING_SYNONYMS.has(word) || !names.has(icon)) continue;
    lists.set(word, new Set([icon]));
  }
  const byWord = new Map<string, { icon: string; weight: number }[]>();
  // A word several pictures mean still says something ("clean": sponge, soap, bubbles, sparkles), a little less.
  for (const [word, icons] of lists)
    byWord.set(
      word,
      [...icons].map((icon) => ({ icon, weight: icons.size ** -0.25 })),
    );
  const vocabulary = new Set([...byWord.keys(), ...byToken.keys()]);
  const phrases = PHRASE_MEANINGS.map(([phrase, concepts]) => ({ words: tokens(phrase), concepts: concepts.split(/\s+/) }));
  // Longest phrases first, so "work from home" is read before "work out" could be.
  phrases.sort((a, b) => b.words.length - a.words.length);
  built = { byWord, described, vocabulary, phrases };
  return built;
}

/** The sentence's words, lower case; a hyphenated word stays whole ("leak-proof", "carry-on") for the phrases to read. */
function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .split(/[^a-z0-9-]+/)
    .map((t) => t.replace(/^-+|-+$/g, ''))
    .filter(Boolean);
}

/**
 * The dictionary form of a word, as the matcher knows it ("charging" → charge, "cats" → cat):
 * the forms the descriptions use are preferred to the words of the set's names ("drops" → drop,
 * not umbrella-with-rain-drops); else the word.
 */
export function lemmaOf(word: string): string {
  const { described, vocabulary } = meaningIndex();
  const w = word.toLowerCase();
  const irregular = IRREGULAR[w];
  if (described.has(w)) return w;
  if (irregular) return irregular;
  const candidates: string[] = [];
  const stem = (cut: number) => w.slice(0, w.length - cut);
  const undouble = (s: string) => (/([b-df-hj-np-tv-z])\1$/.test(s) ? s.slice(0, -1) : s);
  if (w.endsWith('ies')) candidates.push(`${stem(3)}y`);
  if (w.endsWith('es')) candidates.push(stem(2), stem(1));
  if (w.endsWith('s') && !w.endsWith('ss')) candidates.push(stem(1));
  if (w.endsWith('ing')) candidates.push(stem(3), `${stem(3)}e`, undouble(stem(3)));
  if (w.endsWith('ied')) candidates.push(`${stem(3)}y`);
  if (w.endsWith('ed')) candidates.push(stem(2), stem(1), undouble(stem(2)));
  if (w.endsWith('ally')) candidates.push(stem(4));
  if (w.endsWith('ly')) candidates.push(stem(2));
  if (w.endsWith('er')) candidates.push(stem(2), stem(1), undouble(stem(2)));
  if (w.endsWith('est')) candidates.push(stem(3), stem(2), undouble(stem(3)));
  const usable = candidates.filter((c) => c.length > 1);
  return usable.find((c) => described.has(c)) ?? (vocabulary.has(w) ? w : usable.find((c) => vocabulary.has(c))) ?? w;
}

/**
 * Up to `count` pictures for a sentence by what the whole of it says: every content word (in its
 * dictionary form) and every phrase adds its weight to each picture that means it; a word that
 * many pictures mean weighs less. Ties go to the picture named first in the sentence (its
 * subject, most often). The others shown beside the best are other pictures that pass the floor
 * and are chosen by at least one word the pictures before them were not. Colour words and the
 * words in `ignore` (a product's title) choose nothing.
 */
export function choosePictures(text: string, count: number, opts: { ignore?: ReadonlySet<string> } = {}): PictureChoice {
  const { byWord, phrases } = meaningIndex();
  const { names, byToken } = iconNameIndex();
  let words = tokens(text);
  // Phrases first: their words are read as their concepts and no longer on their own.
  const reads: { word: string; weight: number; from: string; at: number }[] = [];
  for (const phrase of phrases) {
    for (let i = 0; i + phrase.words.length <= words.length; i++) {
      if (phrase.words.every((w, k) => words[i + k] === w)) {
        for (const c of phrase.concepts) reads.push({ word: c, weight: PHRASE_WEIGHT, from: phrase.words.join(' '), at: i });
        words = [...words.slice(0, i), ...phrase.words.map(() => ''), ...words.slice(i + phrase.words.length)];
      }
    }
  }
  words.forEach((token, at) => {
    // A hyphenated word no phrase read counts as its parts ("twenty-four", "all-day").
    for (const w of token.split('-')) {
      // A colour describes ("a deep red glaze"), it pictures nothing by itself (a red apple); the
      // product's own words (`ignore`) are the product, which the scene shows as itself.
      if (w.length > 1 && !STOP_WORDS.en.has(w) && !AD_FILLER.has(w) && !isColourWord(w) && !opts.ignore?.has(w))
        reads.push({ word: lemmaOf(w), weight: 1, from: w, at });
    }
  });

  const scores = new Map<string, { score: number; first: number; evidence: string[] }>();
  const add = (icon: string, weight: number, from: string, at: number) => {
    const s = scores.get(icon) ?? { score: 0, first: at, evidence: [] };
    // One word counts once for a picture, however often it is said.
    if (s.evidence.includes(from)) return;
    s.score += weight;
    s.first = Math.min(s.first, at);
    s.evidence.push(from);
    scores.set(icon, s);
  };
  for (const r of reads) {
    const meant = byWord.get(r.word);
    if (meant) {
      for (const m of meant) add(m.icon, m.weight * r.weight, r.from, r.at);
      continue;
    }
    // Not described: the picture of that very name ("tiger", "broccoli"); a word that is only part
    // of names ("long": long-drum, "thought": thought-balloon) adds to them but shows none alone.
    if (names.has(r.word)) {
      add(r.word, NAME_WEIGHT * r.weight, r.from, r.at);
      continue;
    }
    const named = byToken.get(r.word);
    if (named && named.length <= MAX_NAMES_PER_WORD) add(named[0]!, PART_OF_NAME_WEIGHT * r.weight, r.from, r.at);
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first || a[0].localeCompare(b[0]));
  const passing = ranked.filter(([, s]) => s.score >= PICTURE_CONFIDENCE_FLOOR - 1e-9);
  const best = passing[0];
  // A picture beside the main one must say something more: one chosen only by words already
  // pictured ("rides": the car, and a bicycle) would repeat it.
  const shown: typeof passing = [];
  const said = new Set<string>();
  for (const entry of passing) {
    if (shown.length >= count) break;
    if (shown.length > 0 && entry[1].evidence.every((w) => said.has(w))) continue;
    shown.push(entry);
    for (const w of entry[1].evidence) said.add(w);
  }
  return {
    names: shown.map(([name]) => name),
    confidence: best ? round(best[1].score) : round(ranked[0]?.[1].score ?? 0),
    evidence: best ? best[1].evidence : [],
  };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
