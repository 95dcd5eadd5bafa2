import { classifyIndustry } from '../../../domain/links/link-facts.js';
import type { LlmMessage } from '../../../engines/llm/port.js';
import { parseAmount } from '../../links/price-and-reviews.js';
import { splitSentences } from '../../speech/text/sentences.js';
import { scriptLanguageOf, type ScriptLanguage } from '../languages.js';
import type { ProductFacts } from '../product-facts.js';
import { findScriptStyle, SCRIPT_STYLE_NAMES } from '../script-styles.js';
import { detectLanguage } from '../stop-words.js';

/**
 * What a built-in model reads from a conversation. No language understanding is involved: labelled
 * lines ("Title: …", "Price: 49.90 EUR") are read as such, a few plain patterns are recognised in
 * free text ("30 seconds", "in Spanish", a style name, "5 headlines"), and the rest is the text.
 */
export interface PromptReading {
  /** The user's text (last user message), labelled lines removed. */
  text: string;
  facts: ProductFacts;
  language: ScriptLanguage;
  style?: string;
  videoLengthSeconds?: number;
  /** "5 headlines", "3 sentences". */
  count?: number;
}

const LANGUAGE_WORDS: [RegExp, ScriptLanguage][] = [
  [/\b(english|inglés|ingles|anglais|englisch)\b/i, 'en'],
  [/\b(spanish|español|espanol|espagnol|spanisch)\b/i, 'es'],
  [/\b(french|francés|frances|français|francais|französisch)\b/i, 'fr'],
  [/\b(german|alemán|aleman|allemand|deutsch)\b/i, 'de'],
];

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

const LABEL =
  /^\s*[-*•]?\s*(title|name|product|description|desc|features?|benefits?|price|audience|target audience|platform|language|style|script style|length|duration|video length|brand|rating|reviews?)\s*:\s*(.*)$/i;

const CANONICAL_LABEL: Record<string, string> = {
  name: 'title',
  product: 'title',
  desc: 'description',
  features: 'feature',
  benefit: 'feature',
  benefits: 'feature',
  'target audience': 'audience',
  'script style': 'style',
  duration: 'length',
  'video length': 'length',
  review: 'rating',
  reviews: 'rating',
};

const INSTRUCTION =
  /\b(write|create|generate|give me|make|draft|compose|summari[sz]e|rewrite|suggest|list|escribe|crea|genera|écris|ecris|rédige|redige|génère|schreib|erstelle|fasse)\b/i;

function currencyOf(text: string): string | null {
  if (/€|\beur\b|euros?\b/i.test(text)) return 'EUR';
  if (/£|\bgbp\b/i.test(text)) return 'GBP';
  if (/\$|\busd\b|dollars?\b/i.test(text)) return 'USD';
  const code = text.match(/\b([A-Z]{3})\b/);
  return code ? code[1]! : null;
}

function list(value: string): string[] {
  return value
    .split(/\s*[;|]\s*|\s*,\s*(?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A product name in free text: a quoted phrase, or capitalised words after "for", "about", "called" … */
function nameInText(text: string): string | null {
  const quoted = text.match(/["“«„]([^"”»“]{2,60})["”»“]/);
  if (quoted) return quoted[1]!.trim();
  const named = text.match(
    /\b(?:for|about|called|named|introducing|para|pour|für|über)\s+(?:the\s+|our\s+|my\s+|a\s+|an\s+|el\s+|la\s+|le\s+|les\s+|die\s+|das\s+|den\s+)?((?:[\p{Lu}\d][\p{L}\d'’&+-]*\s?){1,6})/u,
  );
  if (named) return named[1]!.trim().replace(/[,.;:]$/, '');
  return null;
}

function lastUserText(messages: LlmMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user' && messages[i]!.content.trim()) return messages[i]!.content;
  return '';
}

export function readPrompt(messages: LlmMessage[], systemInstruction = ''): PromptReading {
  const raw = lastUserText(messages);
  const labels = new Map<string, string>();
  const free: string[] = [];
  for (const line of `${systemInstruction}\n${raw}`.split(/\r?\n/)) {
    const m = line.match(LABEL);
    if (m && m[2]!.trim()) labels.set(CANONICAL_LABEL[m[1]!.toLowerCase()] ?? m[1]!.toLowerCase(), m[2]!.trim());
    else free.push(line);
  }
  const freeText = free.join('\n').trim();
  const userFree = raw
    .split(/\r?\n/)
    .filter((l) => !LABEL.test(l))
    .join('\n')
    .trim();
  const everything = `${systemInstruction}\n${raw}`;

  const explicitLanguage = scriptLanguageOf(labels.get('language')) ?? LANGUAGE_WORDS.find(([re]) => re.test(freeText))?.[1];
  const lengthMatch =
    (labels.get('length') ?? everything).match(/(\d{1,3})\s*(?:-\s*)?(?:s\b|sec\b|secs\b|seconds?|segundos?|secondes?|sekunden)/i) ??
    labels.get('length')?.match(/^(\d{1,3})$/);
  const styleText = labels.get('style') ?? everything;
  const style =
    SCRIPT_STYLE_NAMES.find((n) => new RegExp(`\\b${n}\\b`, 'i').test(styleText)) ?? (labels.get('style') && findScriptStyle(labels.get('style')!)?.name);
  const countMatch = everything.match(
    /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:short\s+|catchy\s+)?(headlines?|titles?|sentences?|hooks?|titulares|titres|phrases|frases|überschriften|sätze)\b/i,
  );

  // What is left of the user's own words once instructions are set aside is the product text.
  const sentences = splitSentences(userFree.replace(/\s*\n\s*/g, '\n'));
  const descriptive = sentences.filter((s) => !INSTRUCTION.test(s));
  const instructions = sentences.filter((s) => INSTRUCTION.test(s)).join(' ');
  const title =
    labels.get('title') ??
    nameInText(userFree) ??
    (descriptive[0] && descriptive[0].split(/\s+/).length <= 8 ? descriptive[0].replace(/[.!?]+$/, '') : null) ??
    descriptive.join(' ').split(/\s+/).slice(0, 4).join(' ');
  let description = labels.get('description') ?? descriptive.filter((s) => s.replace(/[.!?]+$/, '') !== title).join(' ');
  // "Write an ad for X, a warm lamp that …": the part after the name describes it.
  if (!description && instructions && title) {
    const after = instructions
      .split(title)[1]
      ?.replace(/^[\s"'”»“’,:;–—-]+/, '')
      .trim();
    if (after && after.split(/\s+/).length >= 3) description = after;
  }
  const priceText = labels.get('price') ?? everything.match(/(?:[$€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|\$|£|eur|usd|gbp|euros?|dollars?))/i)?.[0];
  const amount = priceText ? parseAmount(priceText.replace(/[.,]+$/, '')) : undefined;
  const rating = labels.get('rating')?.match(/(\d(?:[.,]\d)?)\s*(?:\/|out of|sur|von|de)?\s*5?/)?.[1];
  const reviewCount = labels.get('rating')?.match(/(\d[\d,.]*)\s*(?:reviews|ratings|avis|reseñas|bewertungen)/i)?.[1];

  const facts: ProductFacts = {
    title: title ?? '',
    description,
    features: labels.has('feature') ? list(labels.get('feature')!) : undefined,
    price: amount !== undefined && amount > 0 ? { amount, currency: currencyOf(priceText!) } : null,
    reviews: rating ? { rating: Number(rating.replace(',', '.')), count: reviewCount ? (parseAmount(reviewCount) ?? null) : null, items: [] } : null,
    audience: labels.get('audience') ?? null,
    platform: labels.get('platform') ?? everything.match(/\b(tiktok|instagram|reels|youtube|facebook|linkedin)\b/i)?.[1] ?? null,
    brand: labels.get('brand') ?? null,
    industry: classifyIndustry(`${title ?? ''} ${description}`),
  };
  const language = explicitLanguage ?? detectLanguage(`${description} ${userFree}`, 'en');
  const count = countMatch ? (NUMBER_WORDS[countMatch[1]!.toLowerCase()] ?? Number(countMatch[1])) : undefined;
  return {
    text: userFree,
    facts,
    language,
    ...(style ? { style } : {}),
    ...(lengthMatch ? { videoLengthSeconds: Number(lengthMatch[1]) } : {}),
    ...(count ? { count } : {}),
  };
}
