import { ABBREVIATIONS, UNITS } from './abbreviations.js';
import { TrackedText } from './tracked-text.js';
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
const UNIT = String.raw`fl\.?\s?oz|km/h|°\s?[cf]|[a-z]{1,4}`;
const SMALL_FRACTIONS: Record<string, string> = { '1/2': 'one half', '1/3': 'one third', '2/3': 'two thirds', '1/4': 'one quarter', '3/4': 'three quarters' };

/** Letters and digits of a model name read in turns: "WH-1000XM5" → "W H one thousand X M five". */
function speakModel(model: string): string {
  return model
    .split('-')
    .flatMap((part) => part.match(/\p{Lu}+|\p{Ll}+|\d+/gu) ?? [])
    .map((run) => {
      if (/^\d+$/.test(run)) return run.length <= 4 && !run.startsWith('0') ? integerToWords(run) : digitsToWords(run);
      return /^\p{Lu}{1,3}$/u.test(run) ? run.split('').join(' ') : run;
    })
    .join(' ');
}

/**
 * Makes English text speakable: URLs and e-mail addresses, money, percentages, ordinals, times,
 * years, ranges, units, ratings, model names, plain numbers, common abbreviations and symbols.
 * The rules run in this order because each consumes digits a later, more general rule would
 * otherwise misread.
 */
export function normalizeEnglish(text: string): string {
  return speakEnglish(new TrackedText(text)).spoken;
}

/** The same rules on tracked text, so every rewritten stretch keeps what it was written as. */
export function speakEnglish(t: TrackedText): TrackedText {
  t.replace(/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, (email: string) => {
    const [user = '', domain = ''] = email.split('@');
    return `${speakUrl(user)} at ${speakUrl(domain)}`;
  });
  t.replace(/\b(?:https?:\/\/|www\.)[^\s]+?(?=[.,;:!?)"']*(?:\s|$))/gi, speakUrl);
  t.replace(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|ai|co|app|dev|shop|store|uk|de|fr|es)(?:\/[^\s]*?)?(?=[.,;:!?)"']*(?:\s|$))/gi, speakUrl);
  for (const [re, words] of ABBREVIATIONS) {
    // An abbreviation's period may also end the text; keep that one so the sentence still ends.
    t.replace(re, (m: string, ...rest: unknown[]) => {
      const offset = rest[rest.length - 2] as number;
      const whole = rest[rest.length - 1] as string;
      return m.endsWith('.') && /^\s*$/.test(whole.slice(offset + m.length)) ? `${words}.` : words;
    });
  }

  // A unit said once for two numbers ("cold for 24 hours and hot for 12") is said again after the
  // second: a bare "twelve" at a clause's end was heard as "the well" under music.
  t.replace(
    /(?<=\b\d+(?:\.\d+)?\s?(hours?|hrs?|h|minutes?|mins?|days?|weeks?|months?|years?|oz|ml|liters?|lbs?|kg|miles?)\b[^.!?\d]{1,40}?\b(?:for|to|up to)\s)(\d+(?:\.\d+)?)(?=\s*(?:[.!?,;]|$))/g,
    (_m, unit: string, n: string) => {
      const word = /^(hour|minute|day|week|month|year|liter|mile)s?$/.exec(unit)?.[1];
      return word ? `${n} ${n === '1' ? word : `${word}s`}` : `${n} ${unit}`;
    },
  );
  // A rating written out is shown as people read it on a product page: "4.7 stars" → "4.7★".
  t.show(/\b([0-5](?:\.\d)?) out of 5( stars)?\b/g, (_m, n: string, stars?: string) => `${n}/5${stars ? '★' : ''}`);
  t.show(/(?<!out of )\b([0-5](?:\.\d)?) stars\b/g, (_m, n: string) => `${n}★`);
  // Ratings before money and plain numbers: "4.7★", "4.7/5", "★★★★★".
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?/\s?5\s?[★⭐]+☆*`, 'g'), (_m, n: string) => `${n} out of 5 stars`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?[★☆⭐]`, 'g'), (_m, n: string) => `${n} ${n === '1' ? 'star' : 'stars'}`);
  t.replace(/(?<![\d★⭐☆]\s?)[★⭐]{2,}☆*/g, (stars: string) => `${integerToWords(String([...stars].filter((c) => c !== '☆').length))} stars`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?/\s?(5|10|100)\b`, 'g'), (_m, n: string, of: string) => `${n} out of ${of}`);
  t.replace(/(?<=^|[\s(])(1\/2|1\/3|2\/3|1\/4|3\/4)(?=[\s,.;:!?)]|$)/g, (f: string) => SMALL_FRACTIONS[f]!);
  // A price range says its currency once per end: "$20–$30", "$20-30".
  t.replace(
    new RegExp(String.raw`([$€£¥])\s?(${NUMBER})\s?[-–—]\s?[$€£¥]?\s?(${NUMBER})`, 'g'),
    (_m, sym: string, a: string, b: string) => `${money(sym, a, undefined)} to ${money(sym, b, undefined)}`,
  );
  t.replace(
    new RegExp(String.raw`([$€£¥])\s?(${NUMBER})(?:\s?(k|mm|m|bn|b|t|thousand|million|billion|trillion)\b)?`, 'gi'),
    (_m, sym: string, amount: string, mag?: string) => money(sym, amount, mag),
  );
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?(USD|EUR|GBP)\b`, 'g'), (_m, amount: string, code: string) => money(code, amount, undefined));
  t.replace(
    new RegExp(String.raw`\b(${NUMBER})\s?%?\s?[-–—]\s?(${NUMBER})\s?%`, 'g'),
    (_m, a: string, b: string) => `${numberToWords(a)} to ${numberToWords(b)} percent`,
  );
  // An ad's "-20%" is a discount, not a negative number.
  t.replace(
    new RegExp(String.raw`(?<=^|[\s(])[-−](${NUMBER})\s?%(\s+off\b)?`, 'gi'),
    (_m, n: string, off?: string) => `${numberToWords(n)} percent${off ?? ' off'}`,
  );
  t.replace(
    new RegExp(String.raw`((?<![\w.,])-)?(${NUMBER})\s?%`, 'g'),
    (_m, sign: string | undefined, n: string) => `${numberToWords((sign ?? '') + n)} percent`,
  );
  t.replace(/\b(\d+)(st|nd|rd|th)\b/gi, (_m, n: string) => ordinalToWords(n));
  t.replace(
    /\b(\d{1,2}):(\d{2})(?:\s?([ap]\.?m)(\.?)(?=\W|$))?/gi,
    (_m, h: string, m: string, s?: string, dot?: string) => `${timeOfDay(h, m, s)}${dot ?? ''}`,
  );
  t.replace(/\b(1[0-2]|[1-9])\s?([ap])\.?m\b\.?/gi, (_m, h: string, ap: string) => `${integerToWords(h)} ${ap.toLowerCase()} m`);
  t.replace(
    /\b(1[1-9]|20)(\d0)s\b/g,
    (_m, c: string, d: string) =>
      `${yearToWords(Number(c + d))
        .replace(/y$/, 'ie')
        .replace(/(\w)$/, '$1')}s`,
  );
  t.replace(/\b(1[1-9]\d\d|20\d\d)\b(?![.,]\d|\s?%)/g, (y: string, _1: string, offset: number, whole: string) =>
    YEAR_CONTEXT.test(whole.slice(Math.max(0, offset - 12), offset)) ? yearToWords(Number(y)) : y,
  );
  // Network generations and screen resolutions before units take "5G" for five grams.
  t.replace(/\b([2-6])G\b/g, (_m, n: string) => `${integerToWords(n)} G`);
  t.replace(/\b([48])K\b/g, (_m, n: string) => `${integerToWords(n)} K`);
  t.replace(/\b(\d{1,2})(\d0)p\b/g, (_m, hi: string, lo: string) => `${integerToWords(hi)} ${integerToWords(lo)} p`);
  t.replace(
    new RegExp(String.raw`\b(${NUMBER})\s?(M|B)\+?(?=\s+\p{Ll}|\s*$|[,.;:!?])`, 'gu'),
    (m: string, n: string, mag: string) => `${n} ${mag === 'M' ? 'million' : 'billion'}${m.endsWith('+') ? ' plus' : ''}`,
  );
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?[-–—]\s?(${NUMBER})\b`, 'g'), (_m, a: string, b: string) => `${a} to ${b}`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?(${UNIT})(?![\p{L}\d])`, 'giu'), (m: string, n: string, unit: string) => {
    const forms = UNITS[unit.toLowerCase().replace(/\.|\s/g, '').replace('floz', 'fl oz').replace(/^°/, '°')];
    return forms ? `${n} ${plural(n, forms)}` : m;
  });
  t.replace(/°\s?([CF])\b/g, (_m, scale: string) => (scale === 'C' ? 'degrees Celsius' : 'degrees Fahrenheit'));
  t.replace(new RegExp(String.raw`\b(${NUMBER})k\b`, 'g'), '$1 thousand');
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?[x×](?=\s|$|[,.;:!?])`, 'g'), (_m, n: string) => `${n} times`);
  t.replace(/#\s?(\d+)/g, 'number $1');
  t.replace(/\+(\d[\d\s-]{6,}\d)/g, (_m, phone: string) => `plus ${digitsToWords(phone)}`);
  // Model names: capitals and digits in one token ("WH-1000XM5", "S23", "A2"), read in turns.
  t.replace(/(?<![\w.])(?=[\p{Lu}\d-]*\d)(?=[\p{Lu}\d-]*\p{Lu})[\p{Lu}\d]+(?:-[\p{Lu}\d]+)*(?![\w.]\w)/gu, speakModel);
  t.replace(new RegExp(String.raw`(${NUMBER})\+(?=\s|$|[,.;:!?])`, 'g'), '$1 plus');
  t.replace(/\b(\d{1,2})\/(\d{1,2})\b/g, '$1 $2');
  t.replace(new RegExp(String.raw`(?<=^|[^\w.])(-?)(${NUMBER})\b`, 'g'), (_m, sign: string, n: string) => numberToWords(sign + n));
  // A number glued to a word ("2in1", "12hrs" without a known unit) is still said as a number.
  t.replace(/(?<=\p{L})(\d+)|(\d+)(?=\p{L})/gu, (_m, a?: string, b?: string) => ` ${numberToWords(a ?? b ?? '')} `);
  t.replace(/(?<=\s)&(?=\s)/g, 'and');
  t.replace(/(?<=\s)\+(?=\s)/g, 'plus');
  t.replace(/(?<=\s)=(?=\s)/g, 'equals');
  t.replace(/(?<=\s)@(?=\s)/g, 'at');
  t.replace(/\s{2,}/g, ' ');
  return t.replace(/^\s+|\s+$/g, '');
}
