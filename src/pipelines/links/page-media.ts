import type { CheerioAPI } from 'cheerio';
import { absoluteUrl } from './page-urls.js';

type Attrs = (name: string) => string | undefined;

/** Below this many pixels on a side, a declared width or height marks an icon, badge or pixel. */
const MIN_IMAGE_SIDE_PX = 50;

/**
 * Where an image element keeps its picture, best first: zoom and lazy-loading attributes hold the
 * real (often larger) image while `src` may be a placeholder.
 */
const IMAGE_SOURCE_ATTRS = [
  'data-zoom-image',
  'data-large_image',
  'data-large-image',
  'data-srcset',
  'data-lazy-srcset',
  'srcset',
  'data-original',
  'data-lazy-src',
  'data-src',
  'data-lazy',
  'src',
];
const SRCSET_ATTRS = new Set(['data-srcset', 'data-lazy-srcset', 'srcset']);

/** Trackers put 1×1 images on shop pages; their hosts or file names give them away. */
const TRACKER =
  /(^|\.)(facebook\.com\/tr|google-analytics\.com|googletagmanager\.com|doubleclick\.net|bat\.bing\.com|analytics\.)|\/(pixel|spacer|blank|transparent|1x1|beacon|tracking)[^/]*\.(gif|png)(\?|$)|[?&]tracking_id=/i;

/**
 * The URL a srcset offers at the highest resolution. The candidate list is comma-separated, but
 * URLs may themselves contain commas (image CDNs use them for parameters), so it is tokenised by
 * the rules browsers use rather than split on commas.
 */
export function bestSrcsetCandidate(srcset: string): string | undefined {
  let best: { url: string; score: number } | undefined;
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i]!)) i++;
    let end = i;
    while (end < srcset.length && !/\s/.test(srcset[end]!)) end++;
    let url = srcset.slice(i, end);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const comma = srcset.indexOf(',', end);
      descriptor = srcset.slice(end, comma === -1 ? srcset.length : comma).trim();
      end = comma === -1 ? srcset.length : comma + 1;
    }
    i = end;
    if (!url) continue;
    const score = descriptorScore(descriptor);
    if (!best || score > best.score) best = { url, score };
  }
  return best?.url;
}

/** Width descriptors outrank density ones: "800w" scores 800, "2x" scores 2 (×0.001 of width). */
function descriptorScore(descriptor: string): number {
  const width = /^(\d+)w$/i.exec(descriptor);
  if (width) return Number(width[1]);
  const density = /^(\d*\.?\d+)x$/i.exec(descriptor);
  return density ? Number(density[1]) / 1000 : 0.001;
}

function isTooSmall(attr: Attrs): boolean {
  return ['width', 'height'].some((side) => {
    const value = Number.parseInt(attr(side) ?? '', 10);
    return Number.isFinite(value) && value < MIN_IMAGE_SIDE_PX;
  });
}

/** SVGs on product pages are icons and sprites, not product shots. */
function isUnwanted(url: string): boolean {
  const path = new URL(url).pathname.toLowerCase();
  return path.endsWith('.svg') || TRACKER.test(url);
}

/** One URL per image element, its best source; skipping pixels, icons, sprites and inline data. */
export function pageImageUrls($: CheerioAPI, base: string): string[] {
  const urls: string[] = [];
  $('img, picture source').each((_, el) => {
    const node = $(el);
    const attr: Attrs = (name) => node.attr(name);
    if (el.tagName === 'img' && isTooSmall(attr)) return;
    for (const name of IMAGE_SOURCE_ATTRS) {
      const raw = attr(name);
      if (!raw) continue;
      const candidate = SRCSET_ATTRS.has(name) ? bestSrcsetCandidate(raw) : raw;
      const url = absoluteUrl(candidate, base);
      if (!url) continue; // data: URIs and the like; a later attribute may hold the real one
      if (!isUnwanted(url)) urls.push(url);
      return;
    }
  });
  return urls;
}

export function pageVideoUrls($: CheerioAPI, base: string): string[] {
  const urls: string[] = [];
  $('video, video source').each((_, el) => {
    const node = $(el);
    const url = absoluteUrl(node.attr('src') ?? node.attr('data-src'), base);
    if (url) urls.push(url);
  });
  return urls;
}

/**
 * The site's logo from the markup: an element marked up as the logo, then the largest touch
 * icon, then the largest favicon. (JSON-LD and og:logo are read before this, by the caller.)
 */
export function markupLogoUrl($: CheerioAPI, base: string): string | null {
  const marked = $('img[itemprop="logo"], [itemprop="logo"] img, header img[class*="logo" i], header img[id*="logo" i]').first();
  const markedUrl = absoluteUrl(marked.attr('src') ?? marked.attr('data-src'), base);
  if (markedUrl) return markedUrl;
  return largestIcon($, base, (rel) => rel.includes('apple-touch-icon')) ?? largestIcon($, base, (rel) => rel.includes('icon') && !rel.includes('mask-icon'));
}

function largestIcon($: CheerioAPI, base: string, wanted: (rel: string[]) => boolean): string | null {
  let best: { url: string; side: number } | null = null;
  $('link[rel][href]').each((_, el) => {
    const link = $(el);
    const rel = (link.attr('rel') ?? '').toLowerCase().split(/\s+/);
    if (!wanted(rel)) return;
    const url = absoluteUrl(link.attr('href'), base);
    if (!url) return;
    const sizes = (link.attr('sizes') ?? '').toLowerCase();
    const side = sizes === 'any' ? 10_000 : Math.max(0, ...sizes.split(/\s+/).map((s) => Number.parseInt(s, 10) || 0));
    if (!best || side > best.side) best = { url, side };
  });
  return (best as { url: string } | null)?.url ?? null;
}
