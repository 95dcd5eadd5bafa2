import type { LinkFacts } from '../../domain/links/link-facts.js';

const CTA: Record<string, string> = {
  en: 'Shop now',
  es: 'Compra ahora',
  fr: 'Achetez maintenant',
  de: 'Jetzt kaufen',
  it: 'Acquista ora',
  pt: 'Compre agora',
  nl: 'Koop nu',
};

/** The end card's words: the call to action in the video's language, the product under it. */
export function ctaFor(facts: LinkFacts, language: string): { title: string; subtitle?: string } {
  const subtitle = priceTextFor(facts, language) ?? facts.siteName ?? facts.brand ?? undefined;
  return { title: CTA[language] ?? CTA.en!, subtitle: subtitle ?? undefined };
}

export function priceTextFor(facts: LinkFacts, language: string): string | null {
  if (!facts.price) return null;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: facts.price.currency ?? 'USD' }).format(facts.price.amount);
  } catch {
    return `${facts.price.amount.toFixed(2)}${facts.price.currency ? ` ${facts.price.currency}` : ''}`;
  }
}

/** Brand-neutral colour sets; the seed picks one so a task keeps its colours across renders. */
const PALETTES = [
  { primary: '#1E3A8A', accent: '#F59E0B', text: '#111827' },
  { primary: '#0F766E', accent: '#FDE047', text: '#0B1B1A' },
  { primary: '#7C2D12', accent: '#FDBA74', text: '#1C0A02' },
  { primary: '#4C1D95', accent: '#F472B6', text: '#FFFFFF' },
  { primary: '#111827', accent: '#22D3EE', text: '#0B1220' },
  { primary: '#9F1239', accent: '#FEF3C7', text: '#3B0613' },
];

export function paletteFor(seed: number): { primary: string; accent: string; text: string } {
  return PALETTES[Math.abs(Math.trunc(seed)) % PALETTES.length]!;
}
