import type { Rng } from '../../../core/random.js';
import { pointMidSentence, type SlotValues } from '../fill-template.js';
import type { ScriptLanguage } from '../languages.js';
import { phraseBankFor } from '../phrase-banks/index.js';
import type { PhraseBank } from '../phrase-banks/types.js';
import type { ProductFacts } from '../product-facts.js';
import { factsFeatures, platformGroup, productName, readReviews, shortProductName, specPoint } from '../read-facts.js';
import { detectLanguage } from '../stop-words.js';
import { formatNumber, formatPrice } from './format-numbers.js';

/** The facts read once into what the templates are filled with. */
export interface ScriptContext {
  bank: PhraseBank;
  values: SlotValues;
  /** The product as said after its first mention. */
  shortName: string;
  /** The page's features and specs: nothing else is said as a selling point. */
  points: { text: string; featureIndex: number | null }[];
  features: string[];
}

export function buildScriptContext(facts: ProductFacts, language: ScriptLanguage, year: number, rng: Rng): ScriptContext {
  const bank = phraseBankFor(language);
  const product = productName(facts.title) || productName(facts.description ?? '') || 'this';
  // Facts are quoted as written. When the page is in another language than the script, only
  // the first two features are used, so the script stays mostly in its own language.
  const allFeatures = [...factsFeatures(facts, product), ...(facts.specs ?? []).slice(0, 4).map((spec) => specPoint(spec, language))];
  const factsLanguage = detectLanguage(`${facts.description ?? ''} ${allFeatures.join('. ')}`, language);
  const features = factsLanguage === language ? allFeatures : allFeatures.slice(0, 2);
  const reviews = readReviews(facts.reviews);
  const audienceGuess = facts.audiences?.[0];
  const audience =
    facts.audience?.trim() || (audienceGuess && (bank.audiences[audienceGuess] ?? (language === 'en' ? audienceGuess : undefined))) || bank.defaultAudience;
  const brandRaw = (facts.brand ?? facts.siteName ?? '').trim();
  const brand = brandRaw && brandRaw.toLowerCase() !== product.toLowerCase() ? brandRaw : null;
  // A recap lists short features only; long ones do not survive being strung together.
  const listed = features
    .filter((f) => !/[,;]/.test(f) && f.split(/\s+/).length <= 6)
    .slice(0, 3)
    .map((f) => pointMidSentence(f, bank, product));
  const quote = reviews.quotes[0];
  const values: SlotValues = {
    product,
    brand,
    category: bank.categories[facts.industry ?? 'Others'] ?? bank.categories.Others!,
    audience,
    price: facts.price && facts.price.amount > 0 ? formatPrice(facts.price, language) : null,
    rating: reviews.rating !== null ? formatNumber(reviews.rating, language, { maximumFractionDigits: 1 }) : null,
    count: reviews.count !== null ? formatNumber(reviews.count, language, { maximumFractionDigits: 0 }) : null,
    quote: quote ? bank.quote(quote.text) : null,
    author: quote?.author ?? null,
    year: String(year),
    points: listed.length >= 2 ? bank.list(listed) : null,
    action: rng.fork('action').pick(bank.actions[platformGroup(facts.platform)]),
  };
  const points = features.map((text, i) => ({ text, featureIndex: i as number | null }));
  return { bank, values, shortName: shortProductName(product, facts.brand?.trim() || null), points, features };
}
