import type { CheerioAPI } from 'cheerio';
import type { Price, ReviewItem } from './page-facts.js';
import { cleanText } from './page-text.js';
import { parseAmount } from './price-and-reviews.js';

/**
 * Facts a page shows only as text, for shops without JSON-LD or microdata: the rating line
 * ("4.8 out of 5 (1,243 reviews)"), the price next to the buy button, review snippets.
 */

const NUMBER = String.raw`(\d{1,3}(?:[.,]\d{3})+|\d+)`;
const RATING = String.raw`([0-5](?:[.,]\d{1,2})?)`;
const COUNT_WORD = String.raw`(?:customer\s+)?(?:reviews?|ratings?|votes?)`;
/** "4.8 out of 5 stars (1,243 reviews)", "4.8/5 · 1,243 ratings", "Rated 4.8 out of 5 based on 1243 reviews". */
const RATING_THEN_COUNT = new RegExp(
  String.raw`${RATING}\s*(?:out\s+of\s+5|\/\s*5)(?:\s*stars?)?[\s(\[·|,–-]*(?:based\s+on\s+|from\s+)?${NUMBER}\s*${COUNT_WORD}`,
  'i',
);
/** "★ 4.8 (1,243 reviews)". */
const STARS_THEN_COUNT = new RegExp(String.raw`[★⭐]\s*${RATING}\s*[(\[]\s*${NUMBER}\s*${COUNT_WORD}`, 'i');
const RATING_ONLY = new RegExp(String.raw`${RATING}\s*(?:out\s+of\s+5|\/\s*5)\s*stars?`, 'i');

const SYMBOLS: Record<string, string> = { $: 'USD', US$: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', A$: 'AUD', C$: 'CAD', CHF: 'CHF' };
const PRICE_BEFORE = /(US\$|A\$|C\$|[$€£¥]|\b(?:USD|EUR|GBP|CHF|CAD|AUD)\b)\s?(\d[\d.,]*\d|\d)/;
const PRICE_AFTER = /(\d[\d.,]*\d|\d)\s?([€£$]|\b(?:USD|EUR|GBP|CHF|CAD|AUD)\b)/;

/** The page's visible text, one space between blocks, without scripts and styles. */
function bodyText($: CheerioAPI): string {
  const body = $('body').clone();
  body.find('script, style, noscript, template').remove();
  body.find('br, p, div, li, span, td, th, h1, h2, h3, h4, h5, h6').after(' ');
  return body.text().replace(/\s+/g, ' ');
}

export function readVisibleRating($: CheerioAPI): { rating?: number; count?: number } {
  const text = bodyText($);
  const m = RATING_THEN_COUNT.exec(text) ?? STARS_THEN_COUNT.exec(text);
  const rating = parseAmount(m?.[1] ?? RATING_ONLY.exec(text)?.[1]);
  const count = m ? parseAmount(m[2]!.replace(/[.,](?=\d{3}\b)/g, '')) : undefined;
  const out: { rating?: number; count?: number } = {};
  if (rating !== undefined && rating > 0 && rating <= 5) out.rating = rating;
  if (count !== undefined && Number.isInteger(count) && count > 0) out.count = count;
  return out;
}

/** The first price shown in an element named as a price (class, id or data attribute). */
export function readVisiblePrice($: CheerioAPI): Price | null {
  const elements = $('[class*="price" i], [id*="price" i], [data-price]').toArray();
  for (const el of elements) {
    const $el = $(el);
    // A struck-through old price is not what the product costs now.
    if ($el.is('del, s, strike') || /\b(?:was|old|compare|regular)/i.test($el.attr('class') ?? '')) continue;
    const text = cleanText($el.clone().find('del, s, strike').remove().end().text()) ?? '';
    const before = PRICE_BEFORE.exec(text);
    const after = before ? null : PRICE_AFTER.exec(text);
    const symbol = before?.[1] ?? after?.[2];
    const amount = parseAmount(before?.[2] ?? after?.[1]);
    if (symbol && amount !== undefined && amount > 0) return { amount, currency: SYMBOLS[symbol] ?? symbol.toUpperCase() };
  }
  return null;
}

/** Review texts in the markup: microdata reviews, else blocks inside an element named "review". */
export function readVisibleReviews($: CheerioAPI): ReviewItem[] {
  const items: ReviewItem[] = [];
  $('[itemprop="review"]').each((_, el) => {
    const text = cleanText($(el).find('[itemprop="reviewBody"], [itemprop="description"]').first().text());
    const author = cleanText($(el).find('[itemprop="author"]').first().text());
    if (text) items.push(author ? { text, author } : { text });
  });
  if (items.length) return items;
  $('[class*="review" i] blockquote, [class*="review" i] [class*="body" i], [class*="review" i] [class*="text" i], [class*="testimonial" i] blockquote').each(
    (_, el) => {
      const text = cleanText($(el).text());
      // A snippet is a sentence or three; a whole block of reviews is not one quote.
      if (text && text.split(/\s+/).length >= 3 && text.split(/\s+/).length <= 60 && !items.some((i) => i.text === text)) items.push({ text });
    },
  );
  return items.slice(0, 6);
}
