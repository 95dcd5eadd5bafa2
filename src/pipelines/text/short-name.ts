/**
 * How a product is said again after its full name: the brand and its model line, never a size.
 * "TrailFlask Summit 32 oz Insulated Water Bottle" → "TrailFlask Summit"; "Forgeline FX20 20V
 * Cordless Drill" → "Forgeline FX20"; "Sunnydrop Vitamin D3 Gummies" → "Sunnydrop".
 */

/** Units a number is a size in ("32 oz", "2.5 L", "20V", "12-inch"): a size is never part of a name. */
const UNIT =
  /^(?:oz|fl|ml|cl|l|ltr|litres?|liters?|lbs?|kg|g|mg|mm|cm|m|in|inch|inches|ft|qt|gal|pack|pk|pcs|pieces|count|ct|gb|tb|mah|wh|w|v|hz|ah|iu|servings?|loads?|x)$/i;
const SIZE_TOKEN = /^\d+(?:[.,/]\d+)?(?:-|\s)?(?:oz|fl|ml|cl|l|lbs?|kg|g|mg|mm|cm|m|in|inch|ft|qt|gal|pk|pcs|ct|gb|tb|mah|wh|w|v|hz|ah|iu|"|')$/i;

/** Words that describe a product rather than name its line ("Insulated", "Water", "Women's"). */
const DESCRIPTOR_SUFFIX = /(?:ed|ic|less|ing|able|ible|al|ive|ous|proof|free|'s|’s|s')$/i;
const DESCRIPTORS = new Set(
  (
    'water bottle flask mug cup lamp light diffuser serum cream oil face skin hair body baby dog cat pet kids men women unisex ' +
    'wireless bluetooth smart robot vacuum mop air fryer oven kettle blender drill driver saw tool kit set pack bundle ' +
    'leather cotton wool steel stainless bamboo glass ceramic wooden plant protein powder vitamin gummies coffee tea whole bean ' +
    'organic natural vegan premium classic original new mini large small medium big extra ultra-thin slim-fit ' +
    'running trail hiking yoga travel carry-on backpack bag wallet shoes boots watch smartwatch earbuds headphones speaker charger cable ' +
    'mount holder stand case cover mat mattress pillow blanket sheets detergent laundry cleaner game board course app online ' +
    'electric cordless portable magnetic ergonomic non-slip no-pull queen king twin double single dual triple home kitchen outdoor indoor'
  ).split(' '),
);
/** Words that are a model line even though they describe ("Pro", "Max", "Air"). */
const LINE_WORDS = new Set('pro max mini plus ultra air lite duo one go se neo prime edge flex sport elite'.split(' '));

function isSize(words: string[], i: number): boolean {
  const w = words[i]!;
  if (SIZE_TOKEN.test(w)) return true;
  return /^\d+(?:[.,/]\d+)?$/.test(w) && UNIT.test((words[i + 1] ?? '').replace(/[,.;:]+$/, ''));
}

function isModelWord(word: string): boolean {
  const w = word.replace(/[,.;:]+$/, '');
  if (!w) return false;
  if (LINE_WORDS.has(w.toLowerCase())) return true;
  if (/\d/.test(w)) return true;
  if (!/^\p{Lu}/u.test(w) || w.includes('-')) return false;
  return !DESCRIPTORS.has(w.toLowerCase()) && !DESCRIPTOR_SUFFIX.test(w);
}

const trimEnd = (s: string) => s.replace(/[,:;]+$/, '');

export function shortProductName(name: string, brand: string | null = null): string {
  const words = name.split(/\s+/).filter(Boolean);
  // Sizes out first: "Wayfarer 40 L Carry-On Backpack" is the Wayfarer.
  const sizeAt = words.findIndex((_, i) => isSize(words, i));
  const named = sizeAt > 0 ? words.slice(0, sizeAt) : words;
  const brandWords = (brand ?? '').split(/\s+/).filter(Boolean);
  const startsWithBrand = brandWords.length > 0 && brandWords.length <= 3 && brandWords.every((w, i) => named[i]?.toLowerCase() === w.toLowerCase());
  if (startsWithBrand) {
    // The brand and up to two words of its model line ("Sonique Air 3", "Dustly R8").
    let end = brandWords.length;
    while (end < named.length && end < brandWords.length + 2 && isModelWord(named[end]!)) end++;
    return trimEnd(named.slice(0, end).join(' '));
  }
  if (named.length < 3 && sizeAt < 0) return trimEnd(name);
  // A model number early in the name ("TrailMaster 3000 Hiking Boots" → "TrailMaster 3000").
  const model = named.findIndex((w, i) => i > 0 && i < 3 && /\d/.test(w));
  if (model > 0) return trimEnd(named.slice(0, model + 1).join(' '));
  // A brand elsewhere ("Harbor Lights" by Tidewater Games) is not the product's name: the name is
  // said whole, sizes aside — cutting a descriptive name ("Lampe Lever de Soleil Aurora") would break it.
  return trimEnd(named.join(' '));
}
