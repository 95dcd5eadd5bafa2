/**
 * Syllable estimates from spelling. Used to spread time across words when an engine gives no
 * timings, and to know how many syllables a text has when measuring speaking rate.
 * English rules; other Latin-script text gets vowel groups, other scripts a length estimate.
 */
const VOWEL_GROUP = /[aeiouyàáâäãåèéêëìíîïòóôöõùúûüýÿæœ]+/giu;

export function estimateSyllables(word: string): number {
  const w = word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
  if (!w) return 0;
  if (!/[a-zà-ÿ]/.test(w)) {
    // Non-Latin scripts: roughly one syllable per 2 characters (CJK is one per character, but
    // only the relative weights between words matter here).
    return Math.max(1, Math.round([...w].length / 2));
  }
  let count = (w.match(VOWEL_GROUP) ?? []).length;
  // Silent final e ("make"), but not "-le" after a consonant ("little") nor a lone "e" word.
  if (w.length > 2 && w.endsWith('e') && !/[^aeiouy]le$/.test(w) && count > 1) count -= 1;
  // "-ed" is silent except after t/d ("walked" vs "wanted").
  if (w.length > 3 && /[^aeiouytd]ed$/.test(w) && count > 1) count -= 1;
  // Vowel pairs that are two syllables ("idea", "area", "radio", "create").
  count += (w.match(/ia|io(?!u)|ea$|eo|^rea|^cre[ao]/g) ?? []).length;
  return Math.max(1, count);
}

/** Relative spoken length of a word: syllables plus a little for consonant clusters. */
export function spokenWeight(word: string): number {
  const consonants = (word.toLowerCase().match(/[bcdfghjklmnpqrstvwxz]/g) ?? []).length;
  return estimateSyllables(word) + 0.15 * consonants;
}
