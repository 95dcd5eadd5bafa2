import type { PhoneTiming } from '../../../core/timing.js';
import type { TimedViseme, Viseme } from './viseme-set.js';

/** A phone's mouth: one shape, or two for a diphthong (the glide gets the second part). */
export type PhoneMouth = Array<{ viseme: Viseme; share: number; weight?: number }>;

const one = (viseme: Viseme, weight?: number): PhoneMouth => [{ viseme, share: 1, ...(weight !== undefined ? { weight } : {}) }];
const glide = (first: Viseme, second: Viseme): PhoneMouth => [
  { viseme: first, share: 0.6 },
  { viseme: second, share: 0.4, weight: 0.8 },
];

/** CMU / ARPAbet phones (flite, festival), stress digits removed. */
const ARPABET: Record<string, PhoneMouth> = {
  aa: one('AI'),
  ae: one('AI'),
  ah: one('AI', 0.75),
  ax: one('AI', 0.55),
  axr: one('E', 0.7),
  ao: one('O'),
  aw: glide('AI', 'U'),
  ay: glide('AI', 'E'),
  eh: one('E'),
  er: one('E', 0.75),
  ey: glide('E', 'E'),
  ih: one('E', 0.8),
  iy: one('E'),
  ow: glide('O', 'U'),
  oy: glide('O', 'E'),
  uh: one('U'),
  uw: one('U'),
  b: one('MBP'),
  m: one('MBP'),
  p: one('MBP'),
  em: one('MBP'),
  f: one('FV'),
  v: one('FV'),
  l: one('L'),
  el: one('L'),
  w: one('WQ'),
  r: one('WQ', 0.7),
  ch: one('etc'),
  jh: one('etc'),
  sh: one('etc'),
  zh: one('etc'),
  d: one('etc'),
  t: one('etc'),
  dx: one('etc'),
  n: one('etc'),
  en: one('etc'),
  ng: one('etc'),
  s: one('etc'),
  z: one('etc'),
  th: one('etc'),
  dh: one('etc'),
  k: one('etc', 0.8),
  g: one('etc', 0.8),
  hh: one('etc', 0.9),
  y: one('E', 0.6),
};

/** Silences and pauses in the engines' phone sets. */
const PAUSES = new Set(['pau', 'sil', 'sp', 'h#', '_', '_:', '_!', '||', '']);

/**
 * espeak-ng phoneme mnemonics (Kirshenbaum-like, one table per language but sharing one letter
 * scheme): the first letters say which mouth. Stress and length marks are not part of the names
 * espeak reports; trailing variant digits ("@2", "I2") are.
 */
function espeakMouth(name: string): PhoneMouth | undefined {
  const n = name.replace(/(?<=.)[0-9]+$/, '').replace(/[:;'`~^#-]+$/g, '');
  if (!n) return undefined;
  const diphthongs: Record<string, PhoneMouth> = {
    aI: glide('AI', 'E'),
    aU: glide('AI', 'U'),
    eI: glide('E', 'E'),
    oU: glide('O', 'U'),
    OI: glide('O', 'E'),
    'e@': glide('E', 'AI'),
    'i@': glide('E', 'AI'),
    'U@': glide('U', 'AI'),
    'O@': glide('O', 'AI'),
    'A@': glide('AI', 'AI'),
    'aI@': glide('AI', 'AI'),
    'aU@': glide('AI', 'AI'),
  };
  if (diphthongs[n]) return diphthongs[n];
  if (n === 'tS' || n === 'dZ' || n === 'ts' || n === 'dz') return one('etc');
  if (n === 'T' || n === 'D') return one('etc');
  const c = n[0]!;
  if (c === '@' || c === '3' || c === 'V') return one('AI', c === '@' ? 0.55 : 0.8);
  if (c === 'a' || c === 'A' || c === '&') return one('AI');
  if (c === 'e' || c === 'E') return one('E');
  if (c === 'i' || c === 'I' || c === 'j') return one('E', c === 'j' ? 0.6 : 0.9);
  if (c === 'o' || c === 'O' || c === '0' || c === 'Q') return one('O');
  if (c === 'u' || c === 'U' || c === 'y' || c === 'Y') return one('U');
  if (c === 'w' || c === 'W') return one('WQ');
  if (c === 'p' || c === 'b' || c === 'm') return one('MBP');
  if (c === 'f' || c === 'v') return one('FV');
  if (c === 'l' || c === 'L') return one('L');
  if (c === 'r' || c === 'R') return one('WQ', 0.6);
  if (/[a-zA-Z?!]/.test(c)) return one('etc');
  return undefined;
}

export type PhoneSet = 'arpabet' | 'espeak';

/**
 * Which symbol set a phone sequence uses: flite and festival speak ARPAbet (lower-case letters,
 * maybe a stress digit); espeak-ng mixes cases and symbols. The set is decided for the whole
 * sequence because a few names mean different sounds in the two ("y" is a glide in ARPAbet and
 * a rounded vowel in espeak).
 */
export function phoneSetOf(phones: readonly Pick<PhoneTiming, 'phone'>[]): PhoneSet {
  const spoken = phones.map((p) => p.phone).filter((p) => !PAUSES.has(p));
  return spoken.length > 0 && spoken.every((p) => /^[a-z]+[0-2]?$/.test(p) && ARPABET[p.replace(/[0-2]$/, '')]) ? 'arpabet' : 'espeak';
}

/** The mouth for one engine phone; undefined for pauses and unknown symbols. */
export function mouthForPhone(phone: string, set: PhoneSet): PhoneMouth | undefined {
  if (PAUSES.has(phone)) return undefined;
  if (set === 'arpabet') return ARPABET[phone.toLowerCase().replace(/[0-2]$/, '')];
  return espeakMouth(phone);
}

/** An unstressed ARPAbet vowel ("ah0") opens less than a stressed one ("ah1"). */
function stressWeight(phone: string): number {
  return /^[a-z]+0$/.test(phone) ? 0.75 : 1;
}

/** Engine phone timings → timed visemes (pauses dropped; diphthongs split into two shapes). */
export function visemesFromPhones(phones: readonly PhoneTiming[]): TimedViseme[] {
  const out: TimedViseme[] = [];
  const set = phoneSetOf(phones);
  for (const p of phones) {
    const mouth = mouthForPhone(p.phone, set);
    if (!mouth || !(p.endSeconds > p.startSeconds)) continue;
    const stress = set === 'arpabet' ? stressWeight(p.phone) : 1;
    let t = p.startSeconds;
    for (const part of mouth) {
      const end = t + (p.endSeconds - p.startSeconds) * part.share;
      out.push({ viseme: part.viseme, start: t, end, weight: (part.weight ?? 1) * stress });
      t = end;
    }
  }
  return out;
}
