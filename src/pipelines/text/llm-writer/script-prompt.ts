import { LANGUAGE_NAMES, type ScriptLanguage } from '../languages.js';
import type { ProductFacts } from '../product-facts.js';
import { factsFeatures, mainBenefit, productName, readReviews, specPoint } from '../read-facts.js';
import type { ScriptStyle } from '../script-styles.js';
import { formatPrice } from '../write-ad-script.js';

/** What the model is asked to write; the grammar holds it to this shape, so the answer always parses. */
export interface ModelScriptAnswer {
  hook: string;
  facts: string[];
  call_to_action: string;
}

/** Longest sentence the grammar lets through, in characters (about 25 words). */
export const MAX_SENTENCE_CHARS = 160;
export const MAX_FRAMING_CHARS = 120;
/** Words a fact sentence of an ad runs to, for the number of them asked for. */
const WORDS_PER_FACT_SENTENCE = 12;

export interface ScriptPrompt {
  systemInstruction: string;
  /** One worked example (another product) before the request: a small model copies its shape and tone. */
  messages: { role: 'user' | 'model'; content: string }[];
  schema: Record<string, unknown>;
  /** Enough tokens for the longest answer the schema allows, so the grammar's JSON is never cut. */
  maxOutputTokens: number;
  /** The words of the instructions, which a framing line must not merely repeat. */
  instructions: string;
}

const EXAMPLE_FACTS = [
  'product: Lumo Desk Lamp',
  'main benefit: Wakes you with a gentle sunrise glow',
  'feature: Twenty brightness levels',
  'feature: Five natural sounds',
  'price: $49.90',
  'rating: 4.6 out of 5 from 128 reviews',
  'review: "I wake up happier than I have in years." (Mia)',
];
const EXAMPLE_ANSWER: ModelScriptAnswer = {
  hook: 'Mornings just got a lot easier.',
  facts: [
    'The Lumo Desk Lamp wakes you with a gentle sunrise glow.',
    'Pick from twenty brightness levels and five natural sounds.',
    'It has 4.6 stars from 128 reviews, and Mia says she wakes up happier than in years.',
    'All that for $49.90.',
  ],
  call_to_action: 'Tap the link and get yours today.',
};

/**
 * The page's facts as a list the model can quote from, and the shape of the answer. The model sees
 * only the page's own words: anything else it writes is an invented claim the fact check removes.
 */
export function scriptPrompt(
  facts: ProductFacts,
  o: { style: ScriptStyle; language: ScriptLanguage; videoLengthSeconds: number; wordBudget: number },
): ScriptPrompt {
  const factSentences = Math.max(2, Math.min(10, Math.round((o.wordBudget - 16) / WORDS_PER_FACT_SENTENCE)));
  const systemInstruction = [
    `You write spoken video ads in ${LANGUAGE_NAMES[o.language]}, in this style: ${o.style.description}`,
    'Use only the product facts you are given. Never add a number, a material, a certification, an award or a superlative that is not in the facts.',
    'Answer in JSON: a hook, then fact sentences that each say a different fact in plain spoken words, then a call to action.',
  ].join(' ');
  const ask = (lines: readonly string[], seconds: number, words: number, sentences: number) =>
    ['Product facts:', ...lines.map((l) => `- ${l}`), '', `Write a ${seconds} second ad of about ${words} words with ${sentences} fact sentences.`].join('\n');
  const messages: ScriptPrompt['messages'] = [
    { role: 'user', content: ask(EXAMPLE_FACTS, 15, 40, EXAMPLE_ANSWER.facts.length) },
    { role: 'model', content: JSON.stringify(EXAMPLE_ANSWER) },
    { role: 'user', content: ask(factLines(facts, o.language), Math.round(o.videoLengthSeconds), o.wordBudget, factSentences) },
  ];
  const schema = {
    type: 'object',
    properties: {
      hook: { type: 'string', maxLength: MAX_FRAMING_CHARS },
      facts: { type: 'array', items: { type: 'string', maxLength: MAX_SENTENCE_CHARS }, minItems: 1, maxItems: factSentences },
      call_to_action: { type: 'string', maxLength: MAX_FRAMING_CHARS },
    },
    required: ['hook', 'facts', 'call_to_action'],
    additionalProperties: false,
  };
  // Worst case about 2.5 characters a token (JSON punctuation, numbers), plus the keys.
  const maxChars = 2 * MAX_FRAMING_CHARS + factSentences * (MAX_SENTENCE_CHARS + 8) + 80;
  return { systemInstruction, messages, schema, maxOutputTokens: Math.ceil(maxChars / 2.5), instructions: `${systemInstruction} ${ask([], 0, 0, 0)}` };
}

/** The page's facts, one line each, as the page words them (the voice says numbers right later). */
export function factLines(facts: ProductFacts, language: ScriptLanguage): string[] {
  const name = productName(facts.title);
  const features = factsFeatures(facts, name);
  const benefit = mainBenefit(facts.title, facts.description ?? '', features);
  const reviews = readReviews(facts.reviews);
  const lines = [`product: ${name}`];
  if (facts.brand) lines.push(`brand: ${facts.brand}`);
  if (benefit) lines.push(`main benefit: ${benefit.text}`);
  for (const f of features.filter((_, i) => i !== benefit?.featureIndex).slice(0, 8)) lines.push(`feature: ${f}`);
  for (const s of (facts.specs ?? []).slice(0, 6)) lines.push(`spec: ${specPoint(s, language)}`);
  if (facts.price) lines.push(`price: ${formatPrice(facts.price, language)}`);
  if (reviews.rating !== null)
    lines.push(`rating: ${reviews.rating} out of 5${reviews.count !== null ? ` from ${reviews.count.toLocaleString('en-US')} reviews` : ''}`);
  for (const q of reviews.quotes.slice(0, 2)) lines.push(`review: "${q.text}"${q.author ? ` (${q.author})` : ''}`);
  if (facts.audience) lines.push(`audience: ${facts.audience}`);
  return lines;
}
