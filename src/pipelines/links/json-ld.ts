import type { CheerioAPI } from 'cheerio';

export type JsonLdNode = Record<string, unknown>;

/**
 * The JSON-LD blocks of a page as one graph of typed nodes. Sites nest nodes (`@graph`, arrays,
 * a Product inside a WebPage's mainEntity) and link them by `@id`; readers here see every typed
 * node once and get references resolved, whatever shape the site chose.
 */
export class JsonLdGraph {
  readonly nodes: JsonLdNode[] = [];
  private readonly byId = new Map<string, JsonLdNode>();

  static fromPage($: CheerioAPI): JsonLdGraph {
    const graph = new JsonLdGraph();
    $('script').each((_, el) => {
      const type = ($(el).attr('type') ?? '').trim().toLowerCase();
      if (type !== 'application/ld+json') return;
      const parsed = parseLenient($(el).text());
      if (parsed !== undefined) graph.collect(parsed, new Set());
    });
    return graph;
  }

  ofType(...types: string[]): JsonLdNode[] {
    return this.nodes.filter((node) => hasType(node, types));
  }

  /** A property's values as an array, with `{"@id": …}` references replaced by their nodes. */
  get(node: JsonLdNode, key: string): unknown[] {
    const value = node[key];
    if (value === undefined || value === null) return [];
    return (Array.isArray(value) ? value : [value]).map((v) => this.resolve(v));
  }

  private resolve(value: unknown): unknown {
    if (isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1) {
      return this.byId.get(value['@id']) ?? value;
    }
    return value;
  }

  private collect(value: unknown, seen: Set<unknown>): void {
    if (seen.has(value)) return;
    if (Array.isArray(value)) {
      seen.add(value);
      for (const item of value) this.collect(item, seen);
      return;
    }
    if (!isObject(value)) return;
    seen.add(value);
    if (value['@type'] !== undefined) this.nodes.push(value);
    if (typeof value['@id'] === 'string' && Object.keys(value).length > 1) this.byId.set(value['@id'], value);
    for (const [key, child] of Object.entries(value)) {
      if (key !== '@context') this.collect(child, seen);
    }
  }
}

/** Sites hand-write JSON-LD; tolerate the usual slips (comments, CDATA, raw newlines in strings). */
function parseLenient(text: string): unknown {
  const cleaned = text
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '')
    .trim();
  if (!cleaned) return undefined;
  try {
    return JSON.parse(cleaned);
  } catch {
    try {
      // Pages put raw line breaks and tabs inside JSON strings, which JSON.parse refuses: they become spaces.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters is the point
      return JSON.parse(cleaned.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return undefined;
    }
  }
}

export function isObject(value: unknown): value is JsonLdNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Matches "Product", "schema:Product" and "https://schema.org/Product" alike. */
export function hasType(node: JsonLdNode, types: string[]): boolean {
  const raw = node['@type'];
  const declared = (Array.isArray(raw) ? raw : [raw]).filter((t): t is string => typeof t === 'string');
  return declared.some((t) => types.includes(t.replace(/^.*[/:#]/, '')));
}

/** The first usable text among values: strings, numbers, `{"@value": …}` or a node's name. */
export function textOf(values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
    if (isObject(value)) {
      const inner = textOf([value['@value'], value.name].filter((v) => v !== undefined));
      if (inner) return inner;
    }
  }
  return undefined;
}

export function numberOf(values: unknown[]): number | undefined {
  for (const value of values) {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim().replace(',', '.')) : NaN;
    if (Number.isFinite(n)) return n;
    if (isObject(value) && value['@value'] !== undefined) return numberOf([value['@value']]);
  }
  return undefined;
}

/** URLs from strings, ImageObject / VideoObject nodes (`contentUrl`, `url`) and arrays of either. */
export function urlsOf(values: unknown[], graph: JsonLdGraph): string[] {
  const urls: string[] = [];
  for (const value of values) {
    if (typeof value === 'string') urls.push(value);
    else if (isObject(value)) {
      const own = textOf(graph.get(value, 'contentUrl')) ?? textOf(graph.get(value, 'url'));
      if (own) urls.push(own);
    }
  }
  return urls;
}
