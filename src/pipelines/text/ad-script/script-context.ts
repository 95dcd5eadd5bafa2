import type { Rng } from '../../../core/random.js';
import { pointMidSentence, type SlotValues } from '../fill-template.js';
import type { ScriptLanguage } from '../languages.js';
import { phraseBankFor } from '../phrase-banks/index.js';
import type { PhraseBank } from '../phrase-banks/types.js';
import type { ProductFacts } from '../product-facts.js';
import { factsFeatures, mainBenefit, platformGroup, productName, readReviews, shortProductName, specPoint } from '../read-facts.js';
import { detectLanguage } from '../stop-words.js';
import { formatNumber, formatPrice } from './format-numbers.js';

/** The facts read once into what the templates are filled with. */
export interface ScriptContext {
  bank: PhraseBank;
  values: SlotValues;
  /** The product as said after its first mention. */
  shortName: string;
  /** The page's features and specs, the main benefit first: nothing else is said as a selling point. */
  points: { text: string; featureIndex: number | null }[];
  features: string[];
  /** The point that is the main benefit (said by {benefit} or as a point, never both); null when it is not a point. */
  benefitPoint: number | null;
}

const MAX_FOREIGN_POINT_WORDS = 10;

/** Specs said as selling points, after the features. */
const MAX_SPECS = 6;

/** A spec whose numbers a feature already gives ("2-5 players" after "Plays 2 to 5 players"): saying it again adds nothing. */
function saidByFeature(value: string, features: readonly string[]): boolean {
  const numbers = value.match(/\d+(?:[.,]\d+)?/g);
  if (!numbers) {
    // "Flavour: Orange" after "Natural orange flavour": every word of the value is in one feature.
    const words = value.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
    return words.length > 0 && features.some((f) => words.every((w) => f.toLowerCase().includes(w)));
  }
  return features.some((f) => numbers.every((n) => new RegExp(`(^|[^\\d.,])${n.replace('.', '\\.')}(?![\\d])`).test(f)));
}

export function buildScriptContext(facts: ProductFacts, language: ScriptLanguage, year: number, rng: Rng): ScriptContext {
  const bank = phraseBankFor(language);
  const product = productName(facts.title) || productName(facts.description ?? '') || 'this';
  // Facts are quoted as written. When the page is in another language than the script, only
  // the first two features are used, so the script stays mostly in its own language.
  const listed = factsFeatures(facts, product);
  const allFeatures = [
    ...listed,
    ...(facts.specs ?? [])
      .filter((spec) => !saidByFeature(spec.value, listed))
      .slice(0, MAX_SPECS)
      .map((spec) => specPoint(spec, language)),
  ];
  const factsLanguage = detectLanguage(`${facts.description ?? ''} ${allFeatures.join('. ')}`, language);
  const sameLanguage = factsLanguage === language;
  const lead = sameLanguage ? mainBenefit(facts.title, facts.description ?? '', listed) : null;
  // A benefit from the description is said by {benefit}; the description's clauses it contains are not said again.
  const repeatsLead = (f: string) => lead !== null && lead.featureIndex === null && lead.text.toLowerCase().includes(f.toLowerCase());
  // Facts in another language: two short points at most, so the script stays in its own language.
  const foreign = allFeatures.filter((f) => f.split(/\s+/).length <= MAX_FOREIGN_POINT_WORDS).slice(0, 2);
  const features = (sameLanguage ? allFeatures : foreign).filter((f) => !repeatsLead(f));
  const reviews = readReviews(facts.reviews);
  const audienceGuess = facts.audiences?.[0];
  const audience =
    facts.audience?.trim() || (audienceGuess && (bank.audiences[audienceGuess] ?? (language === 'en' ? audienceGuess : undefined))) || bank.defaultAudience;
  const brandRaw = (facts.brand ?? facts.siteName ?? '').trim();
  const brand = brandRaw && brandRaw.toLowerCase() !== product.toLowerCase() ? brandRaw : null;
  // A recap lists short features only; long ones do not survive being strung together.
  const short = features
    .filter((f) => !/[,;]/.test(f) && f.split(/\s+/).length <= 6)
    .slice(0, 3)
    .map((f) => pointMidSentence(f, bank, product));
  // Reviews are quoted as written: in another language than the script, not at all.
  const quote = sameLanguage ? reviews.quotes[0] : undefined;
  const quote2 = sameLanguage ? reviews.quotes[1] : undefined;
  const values: SlotValues = {
    product,
    brand,
    category: bank.categories[facts.industry ?? 'Others'] ?? bank.categories.Others!,
    audience,
    price: facts.price && facts.price.amount > 0 ? formatPrice(facts.price, language) : null,
    rating: reviews.rating !== null ? formatNumber(reviews.rating, language, { maximumFractionDigits: 1 }) : null,
    count: reviews.count !== null ? formatNumber(reviews.count, language, { maximumFractionDigits: 0 }) : null,
    quote: quote ? bank.quote(quote.text) : null,
    quote2: quote2 ? bank.quote(quote2.text) : null,
    author: quote?.author ?? null,
    benefit: lead ? (bank.sayPoint ?? ((p: string) => p))(pointMidSentence(lead.text, bank, product)) : null,
    year: String(year),
    // A recap of points in another language would be a sentence in that language.
    points: short.length >= 2 && sameLanguage ? bank.list(short) : null,
    action: rng.fork('action').pick(bank.actions[platformGroup(facts.platform)]),
  };
  const points = features.map((text, i) => ({ text, featureIndex: i as number | null }));
  // The main benefit leads: when it is a feature, it is the first point said.
  const benefitAt = lead?.featureIndex ?? null;
  if (benefitAt !== null && benefitAt > 0 && benefitAt < points.length) points.unshift(...points.splice(benefitAt, 1));
  const benefitPoint = benefitAt !== null && benefitAt < points.length ? 0 : null;
  return { bank, values, shortName: shortProductName(product, facts.brand?.trim() || null), points, features, benefitPoint };
}
