import { COLOUR_WORDS } from '../images/colour-words.js';
import { STOP_WORDS } from '../text/stop-words.js';

/**
 * Words that say what a product is made of, how it is finished, how big it is: a sentence of
 * nothing else ("Thick porcelain, a deep red glaze.") describes the product, and its picture is the
 * product — an apple for "red" or a sponge for "glaze" would be a guess.
 */
const ATTRIBUTE_WORDS = new Set(
  (
    'porcelain ceramic stoneware earthenware bone china glass crystal steel stainless aluminium aluminum titanium iron cast copper brass ' +
    'bronze chrome leather suede cotton linen wool merino silk cashmere denim canvas nylon polyester bamboo wood wooden oak walnut ' +
    'maple beech teak plastic silicone rubber metal marble stone granite concrete cork felt velvet resin acrylic enamel ' +
    'glaze glazed finish finished matte matt gloss glossy satin polished brushed textured smooth soft hard solid sturdy rugged ' +
    'thick thin slim sleek compact light lightweight heavy large small mini big tall short wide narrow deep shallow round square ' +
    'size sized sizes colour color colours colors colourway shade tone hue handle rim lid base edge wall walls body ' +
    'hand handmade handcrafted crafted made design designed premium classic modern minimal elegant beautiful gorgeous durable ' +
    'ml oz litre liter inch inches cm mm capacity double single shot holds hold'
  ).split(' '),
);

/** Words that stand for the product as a sentence's subject: "It goes in the dishwasher", "This one …". */
const POINTING_SUBJECTS = new Set(['it', 'its', "it's", 'this', 'these', 'they']);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(/[^a-z0-9']+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** The words of a product's title, lower case ("Pikolo Duo Espresso Cup & Saucer" → pikolo, duo, espresso, cup, saucer). */
export function productWordsOf(name: string | null): Set<string> {
  return new Set(wordsOf(name ?? '').filter((w) => w.length > 2 && !STOP_WORDS.en.has(w) && !/^\d/.test(w)));
}

/** A colour's name ("red", "navy", "burgundy"): describes a thing, never pictures one by itself. */
export function isColourWord(word: string): boolean {
  return Object.hasOwn(COLOUR_WORDS, word.toLowerCase());
}

/**
 * Whether a sentence of a product short is about the product itself, so its picture is the
 * product: its subject points at it ("It …", "This …", "Its …"), its first word of substance is
 * a word of the product's title ("The cup holds …"), or everything it says is the product's
 * material, colour, finish or size. Sentences about something else ("Mornings start …", "Free
 * shipping …") are not. Pure.
 */
export function isAboutProduct(text: string, productWords: ReadonlySet<string>): boolean {
  const words = wordsOf(text);
  if (words.length === 0) return false;
  const lead = words[0] === 'and' || words[0] === 'but' || words[0] === 'so' ? words[1] : words[0];
  if (lead && POINTING_SUBJECTS.has(lead)) return true;
  const content = words.filter((w) => !STOP_WORDS.en.has(w));
  if (content.length === 0) return false;
  if (productWords.has(content[0]!) && words.indexOf(content[0]!) <= 2) return true;
  const described = content.filter((w) => ATTRIBUTE_WORDS.has(w) || isColourWord(w) || productWords.has(w)).length;
  // One stray word ("a deep red glaze, inside and out") does not make it about something else.
  return described >= 2 && described >= content.length - 1;
}
