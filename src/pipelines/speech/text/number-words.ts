/** English number words: cardinals, ordinals, decimals and years. */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion'];

function underThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) parts.push(`${ONES[hundreds]} hundred`);
  if (rest) {
    if (hundreds) parts.push('and');
    if (rest < 20) parts.push(ONES[rest]!);
    else parts.push(rest % 10 ? `${TENS[Math.floor(rest / 10)]}-${ONES[rest % 10]}` : TENS[Math.floor(rest / 10)]!);
  }
  return parts.join(' ');
}

/** Whole numbers as words; digits one by one beyond the quadrillions (account numbers, not amounts). */
export function integerToWords(digits: string): string {
  const clean = digits.replace(/^0+(?=\d)/, '');
  if (clean.length > 18) return digitsToWords(clean);
  let n = BigInt(clean);
  if (n === 0n) return 'zero';
  const groups: string[] = [];
  let scale = 0;
  while (n > 0n) {
    const group = Number(n % 1000n);
    if (group) groups.unshift(`${underThousand(group)}${SCALES[scale] ? ` ${SCALES[scale]}` : ''}`);
    n /= 1000n;
    scale++;
  }
  return groups.join(' ');
}

export function digitsToWords(digits: string): string {
  return [...digits]
    .filter((d) => /\d/.test(d))
    .map((d) => ONES[Number(d)])
    .join(' ');
}

/** "3.14" → "three point one four"; a leading "-" reads "minus". */
export function numberToWords(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = text.replace(/^[-+]/, '').replace(/,/g, '').split('.');
  const words = [integerToWords(whole || '0')];
  if (fraction) words.push('point', digitsToWords(fraction));
  return `${negative ? 'minus ' : ''}${words.join(' ')}`;
}

const ORDINAL_EXCEPTIONS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

export function ordinalToWords(digits: string): string {
  const words = integerToWords(digits);
  return words.replace(/([a-z]+)$/, (last) => {
    if (ORDINAL_EXCEPTIONS[last]) return ORDINAL_EXCEPTIONS[last];
    if (last.endsWith('y')) return `${last.slice(0, -1)}ieth`;
    return `${last}th`;
  });
}

/** Years as people say them: 1999 "nineteen ninety-nine", 2005 "two thousand five", 2025 "twenty twenty-five". */
export function yearToWords(year: number): string {
  if (year >= 2000 && year < 2010) return integerToWords(String(year)).replace(' and ', ' ');
  const high = Math.floor(year / 100);
  const low = year % 100;
  if (low === 0) return `${integerToWords(String(high))} hundred`;
  const lowWords = low < 10 ? `oh ${ONES[low]}` : integerToWords(String(low));
  return `${integerToWords(String(high))} ${lowWords}`;
}
