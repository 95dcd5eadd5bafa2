import { LOCALE_OF, type ScriptLanguage } from '../languages.js';

export function formatNumber(n: number, language: ScriptLanguage, opts: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALE_OF[language], opts).format(n);
}

export function formatPrice(price: { amount: number; currency: string | null }, language: ScriptLanguage): string {
  const whole = Number.isInteger(price.amount);
  const digits = { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 };
  if (price.currency) {
    try {
      return formatNumber(price.amount, language, { style: 'currency', currency: price.currency, ...digits });
    } catch {
      // An unknown currency code: say the number and the code.
    }
  }
  const n = formatNumber(price.amount, language, digits);
  return price.currency ? `${n} ${price.currency}` : n;
}
