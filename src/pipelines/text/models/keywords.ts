import type { ScriptLanguage } from '../languages.js';
import { STOP_WORDS, wordTokens } from '../stop-words.js';

/** Words that say nothing about a product in an ad, whatever the language. */
const FILLER = new Set([
  'product',
  'products',
  'new',
  'best',
  'great',
  'get',
  'make',
  'made',
  'use',
  'used',
  'write',
  'ad',
  'ads',
  'script',
  'video',
  'headline',
  'headlines',
  'hashtags',
  'seconds',
]);

/**
 * Content words by how often they occur (ties: first seen first), stop words and short words
 * left out. Used for hashtags and by the summariser.
 */
export function keywords(text: string, language: ScriptLanguage, limit = 10): string[] {
  const counts = new Map<string, number>();
  for (const token of wordTokens(text)) {
    if (token.length < 4 || STOP_WORDS[language].has(token) || STOP_WORDS.en.has(token) || FILLER.has(token)) continue;
    counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([w]) => w);
}

/** "Aurora Sunrise Lamp" → "#AuroraSunriseLamp"; accents kept, punctuation dropped. */
export function hashtag(phrase: string): string | null {
  const words = phrase.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!words.length) return null;
  const tag = words.map((w) => w[0]!.toLocaleUpperCase() + w.slice(1)).join('');
  return tag.length >= 2 && tag.length <= 40 ? `#${tag}` : null;
}
