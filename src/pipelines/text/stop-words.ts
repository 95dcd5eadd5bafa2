import type { ScriptLanguage } from './languages.js';

/**
 * The most frequent function words of each language. They tell languages apart (a text is in the
 * language whose function words it uses most) and carry no topic, so the summariser ignores them.
 */
export const STOP_WORDS: Record<ScriptLanguage, ReadonlySet<string>> = {
  en: new Set(
    (
      'the a an and or but if then so of to in on at by for with from as is are was were be been being it its this that these those ' +
      'you your i me my we our they their he she his her them not no do does did have has had will would can could just ' +
      "what which who when where why how all any more most some such than too very there here about into over after before it's don't you're"
    ).split(' '),
  ),
  es: new Set(
    (
      'el la los las un una unos unas y o pero si de del al a en con por para sin sobre entre es son era fue ser estar está están ' +
      'que qué lo le les se su sus tu tus te mi mis yo tú nos nuestro muy más menos como cómo cuando donde porque pues ya también ' +
      'hay este esta estos estas eso esto ese esa todo todos toda nada algo cada hasta desde'
    ).split(' '),
  ),
  fr: new Set(
    (
      'le la les un une des et ou mais si de du au aux à en dans avec pour par sans sur sous entre est sont était être avoir a ont ' +
      "que qui quoi ce cet cette ces ça c'est il elle ils elles on nous vous tu te ton ta tes mon ma mes son sa ses leur leurs " +
      "ne pas plus moins très comme quand où parce aussi déjà tout tous toute rien chaque y l'on qu'il n'est d'un d'une"
    ).split(' '),
  ),
  de: new Set(
    (
      'der die das den dem des ein eine einen einem einer und oder aber wenn dann von zu in im an am auf mit für aus bei nach über ' +
      'unter ist sind war waren sein hat haben wird werden kann können es er sie wir ihr du dich dir dein deine mein meine sich ' +
      'nicht kein keine auch noch nur schon sehr mehr wie was wer wo warum weil dass so alle alles jeder jede ganz hier da doch'
    ).split(' '),
  ),
};

/** Lower-cased word tokens (letters, inner apostrophes and hyphens). */
export function wordTokens(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’]/g, "'")
      .match(/\p{L}[\p{L}'-]*/gu) ?? []
  ).map((w) => w.replace(/'+$/, ''));
}

const LANGS = Object.keys(STOP_WORDS) as ScriptLanguage[];

/** Function words of one language only ("de" and "la" are Spanish and French, so they tell nothing). */
const DISTINCTIVE: Record<ScriptLanguage, ReadonlySet<string>> = Object.fromEntries(
  LANGS.map((lang) => [lang, new Set([...STOP_WORDS[lang]].filter((w) => LANGS.every((other) => other === lang || !STOP_WORDS[other].has(w))))]),
) as unknown as Record<ScriptLanguage, ReadonlySet<string>>;

/** Hits of each language's distinctive function words. */
export function stopWordCounts(text: string): Record<ScriptLanguage, number> {
  const counts: Record<ScriptLanguage, number> = { en: 0, es: 0, fr: 0, de: 0 };
  for (const token of wordTokens(text)) {
    for (const lang of LANGS) if (DISTINCTIVE[lang].has(token)) counts[lang]++;
  }
  return counts;
}

/** The language whose function words the text uses most; `fallback` when it has none. */
export function detectLanguage(text: string, fallback: ScriptLanguage = 'en'): ScriptLanguage {
  const counts = stopWordCounts(text);
  let best: ScriptLanguage = fallback;
  let bestCount = 0;
  for (const lang of LANGS) {
    if (counts[lang] > bestCount) {
      best = lang;
      bestCount = counts[lang];
    }
  }
  return best;
}
