import { ABBREVIATIONS, UNITS } from './abbreviations.js';
import { digitsToWords, integerToWords, numberToWords, ordinalToWords, yearToWords } from './number-words.js';

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;

const CURRENCIES: Record<string, { major: [string, string]; minor: [string, string] }> = {
  $: { major: ['dollar', 'dollars'], minor: ['cent', 'cents'] },
  usd: { major: ['dollar', 'dollars'], minor: ['cent', 'cents'] },
  '€': { major: ['euro', 'euros'], minor: ['cent', 'cents'] },
  eur: { major: ['euro', 'euros'], minor: ['cent', 'cents'] },
  '£': { major: ['pound', 'pounds'], minor: ['penny', 'pence'] },
  gbp: { major: ['pound', 'pounds'], minor: ['penny', 'pence'] },
  '¥': { major: ['yen', 'yen'], minor: ['sen', 'sen'] },
};
const MAGNITUDES: Record<string, string> = {
  k: 'thousand',
  thousand: 'thousand',
  m: 'million',
  mm: 'million',
  million: 'million',
  b: 'billion',
  bn: 'billion',
  billion: 'billion',
  t: 'trillion',
  trillion: 'trillion',
};

function plural(n: string, forms: [string, string]): string {
  return Number(n.replace(/,/g, '')) === 1 ? forms[0] : forms[1];
}

function money(symbol: string, amount: string, magnitude: string | undefined): string {
  const cur = CURRENCIES[symbol.toLowerCase()]!;
  const mag = magnitude ? MAGNITUDES[magnitude.toLowerCase()] : undefined;
  if (mag) return `${numberToWords(amount)} ${mag} ${cur.major[1]}`;
  const [whole = '0', fraction] = amount.replace(/,/g, '').split('.');
  const cents = fraction ? Number(fraction.padEnd(2, '0').slice(0, 2)) : 0;
  const major = `${integerToWords(whole)} ${plural(whole, cur.major)}`;
  if (!cents) return major;
  const minor = `${integerToWords(String(cents))} ${plural(String(cents), cur.minor)}`;
  return whole === '0' ? minor : `${major} and ${minor}`;
}

/** Reads a URL or domain: "https://shop.example.com/new-in" → "shop dot example dot com slash new dash in". */
function speakUrl(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '')
    .replace(/^www\./i, 'w w w dot ')
    .replace(/\./g, ' dot ')
    .replace(/\//g, ' slash ')
    .replace(/-/g, ' dash ')
    .replace(/_/g, ' underscore ')
    .replace(/[?=&#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function timeOfDay(h: string, m: string, suffix: string | undefined): string {
  const ampm = suffix ? ` ${suffix.replace(/\./g, '').toLowerCase().split('').join(' ')}` : '';
  const hour = integerToWords(String(Number(h)));
  if (m === '00') return suffix ? `${hour}${ampm}` : `${hour} o'clock`;
  const minutes = Number(m) < 10 ? `oh ${integerToWords(String(Number(m)))}` : integerToWords(m);
  return `${hour} ${minutes}${ampm}`;
}

const YEAR_CONTEXT = /\b(in|since|by|from|of|until|till|before|after|year|circa|around|during|to|between|and)\s*$/i;

/**
 * Makes English text speakable: URLs and e-mail addresses, money, percentages, ordinals, times,
 * years, ranges, units, plain numbers, common abbreviations and symbols. The rules run in this
 * order because each consumes digits a later, more general rule would otherwise misread.
 */
export function normalizeEnglish(text: string): string {
  let t = text;
  t = t.replace(/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, (email) => {
    const [user = '', domain = ''] = email.split('@');
    return `${speakUrl(user)} at ${speakUrl(domain)}`;
  });
  t = t.replace(/\b(?:https?:\/\/|www\.)[^\s]+?(?=[.,;:!?)"']*(?:\s|$))/gi, speakUrl);
  t = t.replace(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|ai|co|app|dev|shop|store|uk|de|fr|es)(?:\/[^\s]*?)?(?=[.,;:!?)"']*(?:\s|$))/gi, speakUrl);
  for (const [re, words] of ABBREVIATIONS) {
    // An abbreviation's period may also end the text; keep that one so the sentence still ends.
    t = t.replace(re, (m: string, ...rest: unknown[]) => {
      const offset = rest[rest.length - 2] as number;
      return m.endsWith('.') && /^\s*$/.test(t.slice(offset + m.length)) ? `${words}.` : words;
    });
  }

  t = t.replace(
    new RegExp(String.raw`([$€£¥])\s?(${NUMBER})(?:\s?(k|mm|m|bn|b|t|thousand|million|billion|trillion)\b)?`, 'gi'),
    (_m, sym: string, amount: string, mag?: string) => money(sym, amount, mag),
  );
  t = t.replace(new RegExp(String.raw`\b(${NUMBER})\s?(USD|EUR|GBP)\b`, 'g'), (_m, amount: string, code: string) => money(code, amount, undefined));
  t = t.replace(new RegExp(String.raw`(-?)(${NUMBER})\s?%`, 'g'), (_m, sign: string, n: string) => `${numberToWords(sign + n)} percent`);
  t = t.replace(/\b(\d+)(st|nd|rd|th)\b/gi, (_m, n: string) => ordinalToWords(n));
  t = t.replace(
    /\b(\d{1,2}):(\d{2})(?:\s?([ap]\.?m)(\.?)(?=\W|$))?/gi,
    (_m, h: string, m: string, s?: string, dot?: string) => `${timeOfDay(h, m, s)}${dot ?? ''}`,
  );
  t = t.replace(
    /\b(1[1-9]|20)(\d0)s\b/g,
    (_m, c: string, d: string) =>
      `${yearToWords(Number(c + d))
        .replace(/y$/, 'ie')
        .replace(/(\w)$/, '$1')}s`,
  );
  t = t.replace(/\b(1[1-9]\d\d|20\d\d)\b(?![.,]\d|\s?%)/g, (y: string, _1: string, offset: number, whole: string) =>
    YEAR_CONTEXT.test(whole.slice(Math.max(0, offset - 12), offset)) ? yearToWords(Number(y)) : y,
  );
  t = t.replace(new RegExp(String.raw`\b(${NUMBER})\s?[-–]\s?(${NUMBER})\b`, 'g'), (_m, a: string, b: string) => `${a} to ${b}`);
  t = t.replace(new RegExp(String.raw`\b(${NUMBER})\s?(km/h|°[cf]|[a-z]{1,4})\b`, 'gi'), (m, n: string, unit: string) => {
    const forms = UNITS[unit.toLowerCase()];
    return forms ? `${n} ${plural(n, forms)}` : m;
  });
  t = t.replace(new RegExp(String.raw`\b(${NUMBER})k\b`, 'g'), '$1 thousand');
  t = t.replace(/#\s?(\d+)/g, 'number $1');
  t = t.replace(/\+(\d[\d\s-]{6,}\d)/g, (_m, phone: string) => `plus ${digitsToWords(phone)}`);
  t = t.replace(new RegExp(String.raw`(^|[^\w.])(-?)(${NUMBER})\b`, 'g'), (_m, pre: string, sign: string, n: string) => `${pre}${numberToWords(sign + n)}`);
  t = t
    .replace(/\s&\s/g, ' and ')
    .replace(/\s\+\s/g, ' plus ')
    .replace(/\s=\s/g, ' equals ')
    .replace(/\s@\s/g, ' at ');
  return t.replace(/\s+/g, ' ').trim();
}
