import type { CheerioAPI } from 'cheerio';
import type { CategorySignals } from '../../domain/links/link-facts.js';
import { isObject, textOf, type JsonLdGraph, type JsonLdNode } from './json-ld.js';
import { cleanText, metaContent, metaContents } from './page-text.js';

const MAX_CATEGORIES = 4;
const MAX_CRUMBS = 8;
const MAX_KEYWORDS = 12;
/** Crumbs every shop has; they say nothing about the product. */
const GENERIC_CRUMB = /^(home|homepage|start|shop|store|all|all products|products|catalog(ue)?|collections?|categories|search( results)?|back)$/i;
const MARKUP_TRAIL = '[itemtype*="BreadcrumbList"], nav[aria-label="breadcrumb"], nav[aria-label="Breadcrumb"], [class*="breadcrumb"], [id*="breadcrumb"]';
/** og:type values every product page declares; they carry no industry. */
const PLAIN_OG_TYPES = new Set(['product', 'product.item', 'product.group', 'website', 'article', 'og:product']);

/**
 * Where the shop files the product: JSON-LD `category` (and the `product:category` meta tag), the
 * breadcrumb trail (JSON-LD BreadcrumbList, else the markup's), a telling `og:type`, and the
 * keywords tag. Undefined when the page says none of it.
 */
export function readCategorySignals($: CheerioAPI, graph: JsonLdGraph, product: JsonLdNode | undefined, title: string): CategorySignals | undefined {
  const signals: CategorySignals = {};
  const categories = unique([...(product ? graph.get(product, 'category').map(categoryText) : []), ...metaContents($, 'product:category')])
    .filter((c) => !/^\d+$/.test(c))
    .slice(0, MAX_CATEGORIES);
  if (categories.length) signals.categories = categories;
  const crumbs = (declaredTrail(graph) ?? markupTrail($)).filter((c) => !GENERIC_CRUMB.test(c) && !sameText(c, title)).slice(0, MAX_CRUMBS);
  if (crumbs.length) signals.breadcrumbs = crumbs;
  const ogType = metaContent($, 'og:type')?.trim().toLowerCase();
  if (ogType && !PLAIN_OG_TYPES.has(ogType)) signals.ogType = ogType;
  const keywords = unique((metaContent($, 'keywords') ?? '').split(/[,;]/)).slice(0, MAX_KEYWORDS);
  if (keywords.length) signals.keywords = keywords;
  return Object.keys(signals).length ? signals : undefined;
}

/** "Sports > Hydration", ["Sports", "Hydration"] or a node with a name: one readable path. */
function categoryText(value: unknown): string {
  if (Array.isArray(value)) return value.map(categoryText).filter(Boolean).join(' > ');
  return cleanText(isObject(value) ? textOf([value.name, value['@value']].filter((v) => v !== undefined)) : typeof value === 'string' ? value : '') ?? '';
}

/** The trail of the first JSON-LD BreadcrumbList, in its declared order. */
function declaredTrail(graph: JsonLdGraph): string[] | null {
  for (const list of graph.ofType('BreadcrumbList')) {
    const items = graph.get(list, 'itemListElement').filter(isObject);
    const named = items
      .map((item, i) => {
        const position = Number(item.position);
        const name =
          textOf(graph.get(item, 'name')) ??
          textOf(
            graph
              .get(item, 'item')
              .filter(isObject)
              .flatMap((node) => graph.get(node, 'name')),
          );
        return { at: Number.isFinite(position) ? position : i, name: cleanText(name) };
      })
      .filter((c): c is { at: number; name: string } => Boolean(c.name))
      .sort((a, b) => a.at - b.at);
    if (named.length) return named.map((c) => c.name);
  }
  return null;
}

/** The trail as the page shows it: the items (or links) of the first breadcrumb element. */
function markupTrail($: CheerioAPI): string[] {
  const trail = $(MARKUP_TRAIL).first();
  if (!trail.length) return [];
  const items = trail.find('li').length ? trail.find('li') : trail.find('a, span');
  const texts = items
    .toArray()
    .map((el) => cleanText($(el).text())?.replace(/^[›>/»|\s]+|[›>/»|\s]+$/g, ''))
    .filter((t): t is string => Boolean(t) && t!.length <= 60);
  // A plain "Home / Kitchen / Mugs" line with no items: split on the separators.
  if (texts.length === 0) return (cleanText(trail.text()) ?? '').split(/\s*[›>/»|]\s*/).filter(Boolean);
  return unique(texts);
}

function sameText(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = cleanText(raw);
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    out.push(value);
  }
  return out;
}
