import type { StoredTemplateValue } from '../../domain/custom-templates/custom-template-job-kind.js';
import type { Template } from '../../domain/custom-templates/template-format.js';
import { factsFrom, type LinkFacts } from '../../domain/links/link-facts.js';
import { parseAmount } from '../links/price-and-reviews.js';

/** The slot that names the product: a template about a product has one ("Product Name"). */
const NAME_SLOT = /\bproduct\b.*\bname\b|^name$/i;
/** The selling price (not the crossed-out one). */
const PRICE_SLOT = /\bprice\b/i;
const OLD_PRICE_SLOT = /\b(old|was|before|regular)\b/i;
/** Slots whose words are things the product does or has. */
const FEATURE_SLOT = /\b(tagline|feature|item|benefit|headline|subline|details?)\b/i;

/**
 * The product facts a template's fields show, for the copywriter to speak about: the name, the
 * price, the tagline and features, as the client gave them (or the slot's default where the
 * client left one out, since that is what the video shows). Null when the template names no
 * product, or the client gave none of these fields: then its own sample voiceover is kept.
 */
export function templateProductFacts(template: Template, values: Readonly<Record<string, StoredTemplateValue>>): LinkFacts | null {
  const texts = Object.entries(template.slots).filter(([, slot]) => slot.type === 'text');
  const nameSlot = texts.find(([name]) => NAME_SLOT.test(name));
  if (!nameSlot) return null;
  const priceSlot = texts.find(([name]) => PRICE_SLOT.test(name) && !OLD_PRICE_SLOT.test(name));
  const featureSlots = texts.filter(([name]) => FEATURE_SLOT.test(name));
  const factSlots = [nameSlot, ...(priceSlot ? [priceSlot] : []), ...featureSlots].map(([name]) => name);
  if (!factSlots.some((name) => values[name]?.type === 'text')) return null;

  const shown = (name: string): string => {
    const value = values[name];
    const slot = template.slots[name];
    const text = value?.type === 'text' ? value.text : slot?.type === 'text' ? (slot.default ?? '') : '';
    return text.trim();
  };
  const title = shown(nameSlot[0]);
  if (!title) return null;
  const features = featureSlots.map(([name]) => shown(name)).filter(Boolean);
  return factsFrom(
    {
      title,
      description: features.join('. '),
      imageUrls: [],
      videoUrls: [],
      logoUrl: null,
      price: priceSlot ? priceOf(shown(priceSlot[0])) : null,
      reviews: null,
      ...(features.length ? { features } : {}),
    },
    `template-${template.id}`,
  );
}

const CURRENCIES: readonly [RegExp, string][] = [
  [/€|\bEUR\b/i, 'EUR'],
  [/£|\bGBP\b/i, 'GBP'],
  [/¥|\bJPY\b/i, 'JPY'],
  [/\$|\bUSD\b/i, 'USD'],
];

/** "$29", "29,99 €", "USD 1,299.50" → an amount and its currency; null when no number is written. */
export function priceOf(text: string): { amount: number; currency: string | null } | null {
  const amount = parseAmount(/\d[\d.,]*/.exec(text)?.[0]?.replace(/[.,]+$/, ''));
  if (amount === undefined) return null;
  return { amount, currency: CURRENCIES.find(([sign]) => sign.test(text))?.[1] ?? null };
}
