/** Abbreviations whose period does not end a sentence (lower case, without the period). */
const NON_TERMINAL = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'mt',
  'jr',
  'sr',
  'vs',
  'no',
  'e.g',
  'i.e',
  'approx',
  'fig',
  'ave',
  'blvd',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'est',
  'dept',
  'gen',
  'gov',
  'sen',
  'rep',
  'capt',
  'col',
  'lt',
  'sgt',
]);

/**
 * Splits text into sentences. A sentence ends at . ! ? (or …) followed by space and a capital,
 * digit or quote, or at a line break — except after a title or similar abbreviation ("Dr. Smith"),
 * an initial ("J. R. Smith") or inside a number ("3.5").
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\s*\n\s*/)) {
    let start = 0;
    const re = /([.!?…]+)(["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;
    for (let m = re.exec(paragraph); m; m = re.exec(paragraph)) {
      const before = paragraph.slice(start, m.index);
      const lastToken = before.split(/\s+/).pop() ?? '';
      if (m[1] === '.' && !m[2] && isAbbreviation(lastToken)) continue;
      const end = m.index + m[1]!.length + m[2]!.length;
      sentences.push(paragraph.slice(start, end).trim());
      start = m.index + m[0].length;
    }
    const rest = paragraph.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

function isAbbreviation(token: string): boolean {
  const bare = token.replace(/^[("'“‘[]+/, '').toLowerCase();
  if (NON_TERMINAL.has(bare)) return true;
  // Initials: "J." or "U.S" before the final period (a lone capital letter).
  return /^\p{L}$/u.test(bare) || /^(\p{L}\.)+\p{L}$/u.test(bare);
}
