import type { EngineVoice } from '../../engines/speech/port.js';

/**
 * Display names. The grouped voice listing puts every accent of one name under that name, so
 * espeak-ng's per-language voices share two names (its default male voice and its female variant).
 */
const NAMES: Record<string, Record<string, string>> = {
  'espeak-ng': { default: 'Eric', f3: 'Erin' },
  flite: { slt: 'Sara', rms: 'Ross', awb: 'Alan', kal: 'Karl', kal16: 'Kevin' },
  festival: { 'slt-hts': 'Sally' },
  // Names unlike flite's: the grouped listing would merge a same-named voice of the same gender.
  rhvoice: { clb: 'Clara', bdl: 'Brad', slt: 'Stella', alan: 'Callum' },
  piper: { joe: 'Joe' },
};

export function displayNameFor(v: EngineVoice): string {
  const known = NAMES[v.engine]?.[v.label];
  if (known) return known;
  const base = v.label.replace(/[_-]+/g, ' ').trim() || v.engineVoice;
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/** Short sample sentences for previews, in the voice's own language where we have one. */
const PREVIEW_TEXT: Record<string, string> = {
  en: 'Hello! This is a preview of my voice. I can read your scripts, ads and stories.',
  es: 'Hola. Esta es una muestra de mi voz. Puedo leer tus guiones y anuncios.',
  fr: 'Bonjour. Voici un aperçu de ma voix. Je peux lire vos textes et vos publicités.',
  de: 'Hallo. Das ist eine Hörprobe meiner Stimme. Ich lese Ihre Texte und Anzeigen vor.',
  it: 'Ciao. Questa è un’anteprima della mia voce. Posso leggere i tuoi testi e annunci.',
  pt: 'Olá. Esta é uma amostra da minha voz. Posso ler os seus textos e anúncios.',
  nl: 'Hallo. Dit is een voorbeeld van mijn stem. Ik lees je teksten en advertenties voor.',
  pl: 'Cześć. To jest próbka mojego głosu. Mogę czytać twoje teksty i reklamy.',
  ru: 'Здравствуйте. Это образец моего голоса. Я могу читать ваши тексты и рекламу.',
  sv: 'Hej. Det här är ett prov på min röst. Jag kan läsa dina texter och annonser.',
};

export function previewTextFor(language: string): string {
  return PREVIEW_TEXT[language] ?? PREVIEW_TEXT.en!;
}
