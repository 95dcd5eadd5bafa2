/**
 * Words of a page matched against a lexicon of terms, longest term first: "water bottle" is read
 * as one term, so its "water" is not matched again, and "dog food" never counts as "food".
 * Words are compared lower-cased, without accents and in a crude singular ("batteries" and
 * "battery" meet at "batteri"), the same way for the page and for the terms.
 */

/** Words the singular rule would break ("news" is not a plural of "new"). */
const KEEP_AS_IS = new Set(['news', 'series', 'species', 'lens', 'canvas', 'always', 'plus', 'minus', 'bonus']);

export function stem(word: string): string {
  if (word.length <= 3 || KEEP_AS_IS.has(word)) return word;
  let w = word;
  if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (/(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ie')) w = w.slice(0, -1);
  else if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  return w;
}

/** Lower case, no accents, "&" as "and", possessives dropped, anything but letters and digits a break. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(stem);
}

export interface TermEntry<T> {
  /** The term as written in the lexicon. */
  term: string;
  value: T;
}

export interface TermMatch<T> extends TermEntry<T> {
  /** Index of the first word of the match. */
  at: number;
  /** Number of words matched. */
  length: number;
}

interface Node<T> {
  next: Map<string, Node<T>>;
  entries: TermEntry<T>[];
}

export class TermMatcher<T> {
  private readonly root: Node<T> = { next: new Map(), entries: [] };

  add(term: string, value: T): void {
    let node = this.root;
    for (const word of wordsOf(term)) {
      let child = node.next.get(word);
      if (!child) {
        child = { next: new Map(), entries: [] };
        node.next.set(word, child);
      }
      node = child;
    }
    if (node !== this.root) node.entries.push({ term, value });
  }

  /** Every term found in the words, left to right; at each place the longest term wins. */
  matchWords(words: readonly string[]): TermMatch<T>[] {
    const found: TermMatch<T>[] = [];
    let i = 0;
    while (i < words.length) {
      let node = this.root;
      let best: { length: number; entries: TermEntry<T>[] } | null = null;
      for (let j = i; j < words.length; j++) {
        const child = node.next.get(words[j]!);
        if (!child) break;
        node = child;
        if (node.entries.length) best = { length: j - i + 1, entries: node.entries };
      }
      if (best) {
        for (const entry of best.entries) found.push({ ...entry, at: i, length: best.length });
        i += best.length;
      } else i++;
    }
    return found;
  }
}
