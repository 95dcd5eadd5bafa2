/**
 * Turns the URLs a page mentions into absolute http(s) URLs, so facts stay usable after the page
 * is gone. Everything else (data:, javascript:, blob:, fragments alone) is dropped.
 */
export function absoluteUrl(raw: string | undefined | null, base: string): string | null {
  const value = raw?.trim();
  if (!value || value.startsWith('#')) return null;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** The base that relative URLs resolve against: `<base href>` if the page has a valid one. */
export function baseUrlOf(pageUrl: string, baseHref: string | undefined): string {
  return (baseHref && absoluteUrl(baseHref, pageUrl)) || pageUrl;
}

/** An ordered set of absolute URLs: the first mention keeps its place. */
export class UrlList {
  private readonly seen = new Set<string>();
  private readonly excluded = new Set<string>();

  constructor(private readonly base: string) {}

  add(raw: string | undefined | null): void {
    const url = absoluteUrl(raw, this.base);
    if (url && !this.excluded.has(url)) this.seen.add(url);
  }

  addAll(raws: Iterable<string | undefined | null>): void {
    for (const raw of raws) this.add(raw);
  }

  /** Keeps a URL out of the list from now on (e.g. the logo among page images). */
  exclude(url: string | null): void {
    if (url) this.excluded.add(url);
  }

  toArray(): string[] {
    return [...this.seen];
  }
}
