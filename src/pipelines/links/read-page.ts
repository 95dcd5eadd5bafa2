import { load, type CheerioAPI } from 'cheerio';
import { isObject, JsonLdGraph, textOf, urlsOf, type JsonLdNode } from './json-ld.js';
import type { PageFacts, Reviews } from './page-facts.js';
import { markupLogoUrl, pageImageUrls, pageVideoUrls } from './page-media.js';
import { cleanText, metaContent, metaContents } from './page-text.js';
import { absoluteUrl, baseUrlOf, UrlList } from './page-urls.js';
import { readCategorySignals } from './page-category.js';
import { readFeatureList, readSpecs } from './page-lists.js';
import { readPrice, readReviews } from './price-and-reviews.js';
import { readVisiblePrice, readVisibleRating, readVisibleReviews } from './visible-facts.js';

const PRODUCT_TYPES = ['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel', 'SomeProducts'];
const ORGANIZATION_TYPES = ['Organization', 'Corporation', 'OnlineStore', 'Store', 'LocalBusiness', 'Brand'];

/**
 * Reads what a product page says about itself. Pure: the page's HTML and its URL in, facts out.
 * Declared metadata (JSON-LD, Open Graph, Twitter cards) is trusted before the markup, because
 * that is what the shop chose to show when the page is shared.
 */
export function readProductPage(html: string, pageUrl: string): PageFacts {
  const $ = load(html);
  const base = baseUrlOf(pageUrl, $('base[href]').first().attr('href'));
  const graph = JsonLdGraph.fromPage($);
  const product = graph.ofType(...PRODUCT_TYPES).find((p) => textOf(graph.get(p, 'name'))) ?? graph.ofType(...PRODUCT_TYPES)[0];
  const logoUrl = readLogo($, graph, product, base);

  const facts: PageFacts = {
    title: readTitle($, graph, product),
    description: readDescription($, graph, product),
    imageUrls: readImages($, graph, product, base, logoUrl),
    videoUrls: readVideos($, graph, product, base),
    logoUrl,
    price: readPrice($, graph, product) ?? readVisiblePrice($),
    reviews: withVisibleReviews($, readReviews($, graph, product)),
  };
  const features = readFeatureList($);
  if (features.length) facts.features = features;
  const specs = readSpecs($);
  if (specs.length) facts.specs = specs;
  const categorySignals = readCategorySignals($, graph, product, facts.title);
  if (categorySignals) facts.categorySignals = categorySignals;
  const siteName = cleanText(metaContent($, 'og:site_name', 'application-name') ?? textOf(graph.ofType('WebSite').flatMap((w) => graph.get(w, 'name'))));
  if (siteName) facts.siteName = siteName;
  const brand = cleanText((product && textOf(graph.get(product, 'brand'))) ?? metaContent($, 'product:brand', 'og:brand'));
  if (brand) facts.brand = brand;
  return facts;
}

/** What the markup says fills in what the declared data left out (never overrides it). */
function withVisibleReviews($: CheerioAPI, declared: Reviews | null): Reviews | null {
  const reviews: Reviews = declared ?? { items: [] };
  if (reviews.rating === undefined || reviews.count === undefined) {
    const visible = readVisibleRating($);
    if (reviews.rating === undefined && visible.rating !== undefined) reviews.rating = visible.rating;
    if (reviews.count === undefined && visible.count !== undefined) reviews.count = visible.count;
  }
  if (reviews.items.length === 0) reviews.items.push(...readVisibleReviews($));
  const empty = reviews.rating === undefined && reviews.count === undefined && reviews.items.length === 0;
  return empty ? null : reviews;
}

function readTitle($: CheerioAPI, graph: JsonLdGraph, product: JsonLdNode | undefined): string {
  return (
    cleanText(product && textOf(graph.get(product, 'name'))) ??
    cleanText(metaContent($, 'og:title', 'twitter:title')) ??
    cleanText($('title').first().text()) ??
    cleanText($('h1').first().text()) ??
    ''
  );
}

function readDescription($: CheerioAPI, graph: JsonLdGraph, product: JsonLdNode | undefined): string {
  return (
    cleanText(product && textOf(graph.get(product, 'description'))) ?? cleanText(metaContent($, 'og:description', 'twitter:description', 'description')) ?? ''
  );
}

function readImages($: CheerioAPI, graph: JsonLdGraph, product: JsonLdNode | undefined, base: string, logoUrl: string | null): string[] {
  const list = new UrlList(base);
  if (product) list.addAll(urlsOf(graph.get(product, 'image'), graph));
  for (const key of ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src']) {
    list.addAll(metaContents($, key));
  }
  list.add($('link[rel="image_src"]').attr('href'));
  // The logo is reported on its own; among the markup's images it would pass for a product shot.
  list.exclude(logoUrl);
  list.addAll(pageImageUrls($, base));
  return list.toArray();
}

function readVideos($: CheerioAPI, graph: JsonLdGraph, product: JsonLdNode | undefined, base: string): string[] {
  const list = new UrlList(base);
  // og:video is often a player page (YouTube embed, typed text/html) that cannot be downloaded.
  const ogType = metaContent($, 'og:video:type');
  if (!ogType || ogType.toLowerCase().startsWith('video/')) {
    for (const key of ['og:video:secure_url', 'og:video:url', 'og:video']) list.addAll(metaContents($, key));
  }
  list.addAll(metaContents($, 'twitter:player:stream'));
  const videoNodes = [...(product ? graph.get(product, 'video').filter(isObject) : []), ...graph.ofType('VideoObject')];
  for (const node of videoNodes) list.addAll(graph.get(node, 'contentUrl').filter((v): v is string => typeof v === 'string'));
  list.addAll(pageVideoUrls($, base));
  return list.toArray();
}

function readLogo($: CheerioAPI, graph: JsonLdGraph, product: JsonLdNode | undefined, base: string): string | null {
  const owners = [...(product ? graph.get(product, 'brand').filter(isObject) : []), ...graph.ofType(...ORGANIZATION_TYPES)];
  for (const owner of owners) {
    const url = absoluteUrl(urlsOf(graph.get(owner, 'logo'), graph)[0], base);
    if (url) return url;
  }
  return absoluteUrl(metaContent($, 'og:logo'), base) ?? markupLogoUrl($, base);
}
