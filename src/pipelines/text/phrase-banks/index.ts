import type { ScriptLanguage } from '../languages.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import type { PhraseBank } from './types.js';

const banks: Record<ScriptLanguage, PhraseBank> = { en, es, fr, de };

export function phraseBankFor(language: ScriptLanguage): PhraseBank {
  return banks[language];
}
