import type { CheerioAPI } from 'cheerio';
import { isObject, numberOf, textOf, type JsonLdGraph, type JsonLdNode } from './json-ld.js';
import type { Price, ReviewItem, Reviews } from './page-facts.js';
import { cleanText, metaContent } from './page-text.js';

/**
 * Reads "1,299.99", "1.299,99", "19,90 €" or 12 as a number. When both separators appear the
 * last one is the decimal point; a lone comma is decimal only before one or two final digits.
 */
export function parseAmount(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  let s = raw.replace(/[^\d.,]/g, '');
  if (!/\d/.test(s)) return undefined;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    s = /,\d{1,2}$/.test(s) && s.indexOf(',') === lastComma ? s.replace(',', '.') : s.replace(/,/g, '');
  } else if (s.indexOf('.') !== lastDot) {
    s = s.replace(/\./g, '');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

function currencyOf(raw: string | undefined): string | null {
  const code = raw?.trim().toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : null;
}

export function readPrice($: CheerioAPI, graph: JsonLdGraph, product: JsonLdNode | undefined): Price | null {
  if (product) {
    for (const offer of graph.get(product, 'offers').filter(isObject)) {
      const spec = graph.get(offer, 'priceSpecification').filter(isObject)[0];
      const amount = parseAmount(offer.price ?? offer.lowPrice ?? spec?.price);
      if (amount !== undefined) {
        const currency = textOf(graph.get(offer, 'priceCurrency')) ?? (spec && textOf(graph.get(spec, 'priceCurrency')));
        return { amount, currency: currencyOf(currency) };
      }
    }
  }
  const metaAmount = parseAmount(metaContent($, 'product:price:amount', 'og:price:amount'));
  if (metaAmount !== undefined) {
    return { amount: metaAmount, currency: currencyOf(metaContent($, 'product:price:currency', 'og:price:currency')) };
  }
  // Microdata: the price sits in a content attribute or the element's text.
  const itemprop = $('[itemprop="price"]').first();
  const microAmount = parseAmount(itemprop.attr('content') ?? itemprop.text());
  if (microAmount !== undefined) {
    const currencyEl = $('[itemprop="priceCurrency"]').first();
    return { amount: microAmount, currency: currencyOf(currencyEl.attr('content') ?? currencyEl.text()) };
  }
  return null;
}

export function readReviews($: CheerioAPI, graph: JsonLdGraph, product: JsonLdNode | undefined): Reviews | null {
  const reviews: Reviews = { items: [] };
  const aggregate = product ? graph.get(product, 'aggregateRating').filter(isObject)[0] : graph.ofType('AggregateRating')[0];
  if (aggregate) {
    const rating = numberOf(graph.get(aggregate, 'ratingValue'));
    const count = numberOf(graph.get(aggregate, 'reviewCount')) ?? numberOf(graph.get(aggregate, 'ratingCount'));
    if (rating !== undefined) reviews.rating = rating;
    if (count !== undefined) reviews.count = count;
  } else {
    readMicrodataRating($, reviews);
  }
  // Some sites list reviews as separate nodes pointing at the product instead of nesting them.
  const reviewNodes = product ? graph.get(product, 'review').filter(isObject) : [];
  for (const node of reviewNodes.length ? reviewNodes : graph.ofType('Review')) {
    const item = reviewItem(graph, node);
    if (item) reviews.items.push(item);
  }
  const empty = reviews.rating === undefined && reviews.count === undefined && reviews.items.length === 0;
  return empty ? null : reviews;
}

function reviewItem(graph: JsonLdGraph, node: JsonLdNode): ReviewItem | null {
  const text = cleanText(textOf(graph.get(node, 'reviewBody')) ?? textOf(graph.get(node, 'description')));
  if (!text) return null;
  const item: ReviewItem = { text };
  const author = cleanText(textOf(graph.get(node, 'author')));
  if (author) item.author = author;
  const ratingNode = graph.get(node, 'reviewRating').filter(isObject)[0];
  const rating = ratingNode ? numberOf(graph.get(ratingNode, 'ratingValue')) : undefined;
  if (rating !== undefined) item.rating = rating;
  return item;
}

function readMicrodataRating($: CheerioAPI, reviews: Reviews): void {
  const value = (prop: string) => {
    const el = $(`[itemprop="aggregateRating"] [itemprop="${prop}"]`).first();
    return el.length ? parseAmount(el.attr('content') ?? el.text()) : undefined;
  };
  const rating = value('ratingValue');
  const count = value('reviewCount') ?? value('ratingCount');
  if (rating !== undefined) reviews.rating = rating;
  if (count !== undefined) reviews.count = count;
}
