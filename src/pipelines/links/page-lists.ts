import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { Spec } from './page-facts.js';
import { cleanText } from './page-text.js';

const MAX_FEATURES = 8;
const MAX_SPECS = 8;
const MAX_FEATURE_WORDS = 16;
/** Menus, footers and cookie banners hold lists too; none of them describe the product. */
const CHROME =
  'nav, header, footer, aside, form, [role="navigation"], [class*="menu"], [class*="breadcrumb"], [class*="cookie"], [class*="footer"], [id*="footer"], [class*="related"], [class*="recommend"]';
const FEATURE_HEADING = /^\s*(?:key\s+|product\s+|main\s+)?(?:features?|highlights?|benefits?|why you(?:'|’)ll love (?:it|this)|what(?:'|’)s great)\b/i;
const FEATURE_BOX = '[class*="feature"], [id*="feature"], [class*="highlight"], [id*="highlight"], [class*="benefit"], [id*="benefit"]';
const SPEC_HINT = /spec|technical|detail|dimension|attribute/i;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function inChrome($el: Cheerio<AnyNode>): boolean {
  return $el.closest(CHROME).length > 0;
}

/** A list's items when they read as selling points: short text, mostly not links. */
function listItems($: CheerioAPI, list: Cheerio<Element>): string[] | null {
  const items = list.children('li').toArray();
  if (items.length < 2) return null;
  const texts: string[] = [];
  let linked = 0;
  for (const li of items) {
    const $li = $(li);
    const text = cleanText($li.text());
    if (!text) continue;
    if ($li.find('a').length && cleanText($li.find('a').text()) === text) linked++;
    if (words(text) <= MAX_FEATURE_WORDS) texts.push(text.replace(/[\s.;,]+$/, ''));
  }
  if (linked > items.length / 2 || texts.length < 2) return null;
  return texts;
}

/**
 * The product's feature list: the list under a "Features" or "Highlights" heading, else one in a
 * box named so, else the first list of short points in the product's part of the page.
 */
export function readFeatureList($: CheerioAPI): string[] {
  const candidates: Cheerio<Element>[] = [];
  $('h1, h2, h3, h4, h5, h6, strong, b, p, summary, button, dt').each((_, el) => {
    const heading = $(el);
    if (!FEATURE_HEADING.test(heading.text()) || words(heading.text()) > 6 || inChrome(heading)) return;
    // The list follows the heading, or follows its wrapper (a heading inside a <div> or <summary>).
    for (let at: Cheerio<AnyNode> = heading; at.length && !at.is('body'); at = at.parent()) {
      const next = at.nextAll('ul, ol').first();
      const nested = at.nextAll().find('ul, ol').first();
      const list = next.length ? next : nested;
      if (list.length) {
        candidates.push(list as Cheerio<Element>);
        return;
      }
    }
  });
  $(FEATURE_BOX).each((_, box) => {
    const $box = $(box);
    if (!inChrome($box)) candidates.push(($box.is('ul, ol') ? $box : $box.find('ul, ol').first()) as Cheerio<Element>);
  });
  const productArea = $('[itemtype*="schema.org/Product"], main, [class*="product"], [id*="product"]').first();
  productArea.find('ul, ol').each((_, list) => {
    if (!inChrome($(list))) candidates.push($(list) as Cheerio<Element>);
  });
  for (const list of candidates) {
    const items = list.length ? listItems($, list) : null;
    if (items) return dedupe(items).slice(0, MAX_FEATURES);
  }
  return [];
}

/** Name–value rows from a specification table (`<th>`/`<td>` pairs) or a `<dl>`. */
export function readSpecs($: CheerioAPI): Spec[] {
  const found: { rows: Spec[]; named: boolean }[] = [];
  $('table, dl').each((_, el) => {
    const $el = $(el);
    if (inChrome($el)) return;
    const rows: Spec[] = [];
    if ($el.is('table')) {
      $el.find('tr').each((_, tr) => {
        const cells = $(tr).children('th, td');
        const spec = cells.length === 2 ? specOf(cells.eq(0).text(), cells.eq(1).text()) : null;
        if (spec) rows.push(spec);
      });
    } else {
      $el.children('dt').each((_, dt) => {
        const spec = specOf($(dt).text(), $(dt).nextAll('dd').first().text());
        if (spec) rows.push(spec);
      });
    }
    const label = `${$el.attr('class') ?? ''} ${$el.attr('id') ?? ''} ${$el.prevAll('h1, h2, h3, h4, h5').first().text()} ${$el.find('caption').text()}`;
    if (rows.length >= 2) found.push({ rows, named: SPEC_HINT.test(label) });
  });
  // A table named as specifications wins over, say, a size chart found first.
  const best = found.find((t) => t.named) ?? found[0];
  return (best?.rows ?? []).slice(0, MAX_SPECS);
}

function specOf(rawName: string, rawValue: string): Spec | null {
  const name = cleanText(rawName)?.replace(/[:\s]+$/, '');
  const value = cleanText(rawValue);
  if (!name || !value || words(name) > 4 || words(value) > 8) return null;
  return { name, value };
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = i.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
