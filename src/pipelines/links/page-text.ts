import { load, type CheerioAPI } from 'cheerio';

/**
 * Text as a person would read it: tags stripped and entities decoded (JSON-LD often carries
 * "&amp;" or "<p>"), whitespace collapsed. Empty text becomes undefined.
 */
export function cleanText(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  const text = /[<&]/.test(raw) ? load(`<div>${raw}</div>`, null, false).text() : raw;
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed || undefined;
}

/** Content of the first non-empty `<meta>` with one of these property or name values. */
export function metaContent($: CheerioAPI, ...keys: string[]): string | undefined {
  for (const key of keys) {
    for (const value of metaContents($, key)) return value;
  }
  return undefined;
}

/** Every non-empty content for the key: pages may repeat og:image. Matched case-insensitively. */
export function metaContents($: CheerioAPI, key: string): string[] {
  const wanted = key.toLowerCase();
  const values: string[] = [];
  $('meta').each((_, el) => {
    const meta = $(el);
    const name = (meta.attr('property') ?? meta.attr('name') ?? meta.attr('itemprop') ?? '').trim().toLowerCase();
    const content = meta.attr('content')?.trim();
    if (name === wanted && content) values.push(content);
  });
  return values;
}
