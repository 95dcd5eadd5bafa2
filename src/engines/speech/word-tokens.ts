/** How strongly punctuation after a word invites a pause. */
export type BreakAfter = 'none' | 'clause' | 'sentence';

export interface WordToken {
  /** The word without surrounding punctuation. */
  word: string;
  breakAfter: BreakAfter;
}

/**
 * Whitespace-separated tokens that contain a letter or digit (a lone dash or quote is not spoken).
 * The word keeps inner punctuation ("don't", "e-mail") and drops the outer.
 */
export function tokenizeWords(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const raw of text.split(/\s+/)) {
    if (!/[\p{L}\p{N}]/u.test(raw)) {
      // Punctuation standing alone still marks the previous word's break.
      const last = tokens[tokens.length - 1];
      if (last) last.breakAfter = strongest(last.breakAfter, breakOf(raw));
      continue;
    }
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    tokens.push({ word, breakAfter: breakOf(raw.slice(raw.search(/[^\p{L}\p{N}]*$/u))) });
  }
  return tokens;
}

function breakOf(trailing: string): BreakAfter {
  if (/[.!?…。！？]/.test(trailing)) return 'sentence';
  if (/[,;:—–)(]/.test(trailing)) return 'clause';
  return 'none';
}

function strongest(a: BreakAfter, b: BreakAfter): BreakAfter {
  const rank = { none: 0, clause: 1, sentence: 2 } as const;
  return rank[a] >= rank[b] ? a : b;
}
