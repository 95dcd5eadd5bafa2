import type { TrackedText } from './tracked-text.js';

/**
 * Spanish, French and German for espeak-ng, which reads digits in each of them well ("4,7" →
 * "vier Komma sieben") but reads symbols, units and thousands separators poorly ("2.318" as a
 * decimal, "32 oz" letter by letter, "€" not at all). So these rules turn symbols and units into
 * words and join grouped digits, and leave the numbers themselves to the engine.
 */
export type OtherLanguage = 'es' | 'fr' | 'de';

interface Words {
  currencies: Record<string, [string, string]>;
  /** How a price's cents follow its whole units: "34 euros con 95". */
  centsJoin: string;
  percent: string;
  discount: string;
  stars: [string, string];
  outOf: string;
  to: string;
  moreThan: string;
  times: string;
  roundTheClock: string;
  units: Record<string, [string, string]>;
}

const WORDS: Record<OtherLanguage, Words> = {
  es: {
    currencies: { '€': ['euro', 'euros'], eur: ['euro', 'euros'], $: ['dólar', 'dólares'], usd: ['dólar', 'dólares'], '£': ['libra', 'libras'] },
    centsJoin: 'con',
    percent: 'por ciento',
    discount: 'de descuento',
    stars: ['estrella', 'estrellas'],
    outOf: 'de',
    to: 'a',
    moreThan: 'más de',
    times: 'veces',
    roundTheClock: 'las veinticuatro horas',
    units: {
      mah: ['miliamperios hora', 'miliamperios hora'],
      gb: ['gigas', 'gigas'],
      tb: ['teras', 'teras'],
      h: ['hora', 'horas'],
      min: ['minuto', 'minutos'],
      oz: ['onza', 'onzas'],
      ml: ['mililitro', 'mililitros'],
      l: ['litro', 'litros'],
      g: ['gramo', 'gramos'],
      kg: ['kilo', 'kilos'],
      cm: ['centímetro', 'centímetros'],
      mm: ['milímetro', 'milímetros'],
      m: ['metro', 'metros'],
      km: ['kilómetro', 'kilómetros'],
      w: ['vatio', 'vatios'],
      v: ['voltio', 'voltios'],
      '°c': ['grado', 'grados'],
      '°f': ['grado Fahrenheit', 'grados Fahrenheit'],
    },
  },
  fr: {
    currencies: { '€': ['euro', 'euros'], eur: ['euro', 'euros'], $: ['dollar', 'dollars'], usd: ['dollar', 'dollars'], '£': ['livre', 'livres'] },
    centsJoin: '',
    percent: 'pour cent',
    discount: 'de réduction',
    stars: ['étoile', 'étoiles'],
    outOf: 'sur',
    to: 'à',
    moreThan: 'plus de',
    times: 'fois',
    roundTheClock: 'vingt-quatre heures sur vingt-quatre',
    units: {
      mah: ['milliampères-heure', 'milliampères-heure'],
      gb: ['gigaoctet', 'gigaoctets'],
      go: ['gigaoctet', 'gigaoctets'],
      tb: ['téraoctet', 'téraoctets'],
      h: ['heure', 'heures'],
      min: ['minute', 'minutes'],
      oz: ['once', 'onces'],
      ml: ['millilitre', 'millilitres'],
      l: ['litre', 'litres'],
      g: ['gramme', 'grammes'],
      kg: ['kilo', 'kilos'],
      cm: ['centimètre', 'centimètres'],
      mm: ['millimètre', 'millimètres'],
      m: ['mètre', 'mètres'],
      km: ['kilomètre', 'kilomètres'],
      w: ['watt', 'watts'],
      v: ['volt', 'volts'],
      '°c': ['degré', 'degrés'],
      '°f': ['degré Fahrenheit', 'degrés Fahrenheit'],
    },
  },
  de: {
    currencies: { '€': ['Euro', 'Euro'], eur: ['Euro', 'Euro'], $: ['Dollar', 'Dollar'], usd: ['Dollar', 'Dollar'], '£': ['Pfund', 'Pfund'] },
    centsJoin: '',
    percent: 'Prozent',
    discount: 'Rabatt',
    stars: ['Stern', 'Sterne'],
    outOf: 'von',
    to: 'bis',
    moreThan: 'über',
    times: 'mal',
    roundTheClock: 'rund um die Uhr',
    units: {
      mah: ['Milliamperestunden', 'Milliamperestunden'],
      gb: ['Gigabyte', 'Gigabyte'],
      tb: ['Terabyte', 'Terabyte'],
      h: ['Stunde', 'Stunden'],
      std: ['Stunde', 'Stunden'],
      min: ['Minute', 'Minuten'],
      oz: ['Unze', 'Unzen'],
      ml: ['Milliliter', 'Milliliter'],
      l: ['Liter', 'Liter'],
      g: ['Gramm', 'Gramm'],
      kg: ['Kilo', 'Kilo'],
      cm: ['Zentimeter', 'Zentimeter'],
      mm: ['Millimeter', 'Millimeter'],
      m: ['Meter', 'Meter'],
      km: ['Kilometer', 'Kilometer'],
      w: ['Watt', 'Watt'],
      v: ['Volt', 'Volt'],
      '°c': ['Grad', 'Grad'],
      '°f': ['Grad Fahrenheit', 'Grad Fahrenheit'],
    },
  },
};

/** A number as these languages write it, after thousands separators are joined: "34,95", "4,7", "2318". */
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;

const isOne = (n: string) => /^0*1(?:[.,]0+)?$/.test(n);

function money(w: Words, symbol: string, amount: string): string {
  const forms = w.currencies[symbol.toLowerCase()]!;
  const [whole = '0', cents] = amount.split(/[.,]/);
  const major = `${whole} ${isOne(whole) ? forms[0] : forms[1]}`;
  if (!cents || Number(cents) === 0) return major;
  return [major, w.centsJoin, cents.padEnd(2, '0').slice(0, 2)].filter(Boolean).join(' ');
}

export function speakOtherLanguage(t: TrackedText, language: OtherLanguage): TrackedText {
  const w = WORDS[language];
  // A rating written out is shown as read on a product page: "4,7 estrellas" → "4,7★".
  t.show(new RegExp(String.raw`\b([0-5](?:,\d)?) ${w.stars[1]}\b`, 'gu'), (_m, n: string) => `${n}★`);
  // Grouped thousands: "2 318" (French, with a narrow no-break space), "2.318" (Spanish, German).
  if (language === 'fr') t.replace(/(?<=\d)[\s\u00a0\u202f](?=\d{3}(?!\d))/g, '');
  else t.replace(/(?<=\d)\.(?=\d{3}(?![\d,.]))/g, '');
  t.replace(/\b24\s?\/\s?7\b/g, w.roundTheClock);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?/\s?5\s?[★⭐]+☆*`, 'g'), (_m, n: string) => `${n} ${w.outOf} 5 ${w.stars[1]}`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?[★☆⭐]`, 'g'), (_m, n: string) => `${n} ${isOne(n) ? w.stars[0] : w.stars[1]}`);
  t.replace(/(?<![\d★⭐☆]\s?)[★⭐]{2,}☆*/g, (s: string) => `${[...s].filter((c) => c !== '☆').length} ${w.stars[1]}`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?/\s?(5|10|100)\b`, 'g'), (_m, n: string, of: string) => `${n} ${w.outOf} ${of}`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?(€|EUR|US\$|\$\s?US|\$|USD|£)(?=[\s,.;:!?)]|$)`, 'g'), (_m, n: string, sym: string) =>
    money(w, sym.replace(/US|\s/g, '') || '$', n),
  );
  t.replace(new RegExp(String.raw`([€$£])\s?(${NUMBER})`, 'g'), (_m, sym: string, n: string) => money(w, sym, n));
  t.replace(new RegExp(String.raw`(?<=^|[\s(])[-−](${NUMBER})\s?%`, 'g'), (_m, n: string) => `${n} ${w.percent} ${w.discount}`);
  t.replace(new RegExp(String.raw`(${NUMBER})\s?%`, 'g'), (_m, n: string) => `${n} ${w.percent}`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?[-–—]\s?(${NUMBER})\b`, 'g'), (_m, a: string, b: string) => `${a} ${w.to} ${b}`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?(°\s?[cf]|[a-z]{1,3})(?![\p{L}\d])`, 'giu'), (m: string, n: string, unit: string) => {
    const forms = w.units[unit.toLowerCase().replace(/\s/g, '')];
    return forms ? `${n} ${isOne(n) ? forms[0] : forms[1]}` : m;
  });
  t.replace(new RegExp(String.raw`(${NUMBER})\+(?=\s|$|[,.;:!?])`, 'g'), (_m, n: string) => `${w.moreThan} ${n}`);
  t.replace(new RegExp(String.raw`\b(${NUMBER})\s?[x×](?=\s|$|[,.;:!?])`, 'g'), (_m, n: string) => `${n} ${w.times}`);
  t.replace(/(?<=\s)&(?=\s)/g, language === 'de' ? 'und' : language === 'fr' ? 'et' : 'y');
  return t.replace(/\s{2,}/g, ' ');
}
