import type { ProductFacts } from '../../../src/pipelines/text/product-facts.js';
import type { ScriptLanguage } from '../../../src/pipelines/text/languages.js';

const images = ['https://shop.example/img/lamp.jpg', 'https://shop.example/img/lamp-side.jpg', 'https://shop.example/img/lamp-night.jpg'];

/** The same product as a shop in each language would describe it. */
export const LAMP: Record<ScriptLanguage, ProductFacts> = {
  en: {
    title: 'Aurora Sunrise Lamp – Bright Home',
    description:
      'A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up. Twenty light levels and five natural sounds help you fall asleep and wake up refreshed.',
    price: { amount: 49.9, currency: 'EUR' },
    reviews: { rating: 4.6, count: 128, items: [{ author: 'Mia', text: 'I wake up happier than I have in years.' }] },
    audiences: ['homeowners'],
    industry: 'Home Improvement',
    brand: 'Bright Home',
    imageUrls: images,
  },
  es: {
    title: 'Lámpara Amanecer Aurora – Bright Home',
    description:
      'Una lámpara cálida que te despierta con suavidad. Regulable, silenciosa y fácil de instalar. Veinte niveles de luz y cinco sonidos naturales te ayudan a dormir y a despertar con energía.',
    price: { amount: 49.9, currency: 'EUR' },
    reviews: { rating: 4.6, count: 128, items: [{ author: 'Lucía', text: 'Me despierto mucho más contenta que antes.' }] },
    audiences: ['homeowners'],
    industry: 'Home Improvement',
    brand: 'Bright Home',
    imageUrls: images,
  },
  fr: {
    title: 'Lampe Lever de Soleil Aurora – Bright Home',
    description:
      "Une lampe chaleureuse qui te réveille en douceur. Réglable, silencieuse et facile à installer. Vingt niveaux de lumière et cinq sons naturels t'aident à t'endormir et à te réveiller en forme.",
    price: { amount: 49.9, currency: 'EUR' },
    reviews: { rating: 4.6, count: 128, items: [{ author: 'Léa', text: 'Je me réveille de bien meilleure humeur.' }] },
    audiences: ['homeowners'],
    industry: 'Home Improvement',
    brand: 'Bright Home',
    imageUrls: images,
  },
  de: {
    title: 'Aurora Sonnenaufgangslampe – Bright Home',
    description:
      'Eine warme Lampe, die dich sanft weckt. Dimmbar, leise und schnell eingerichtet. Zwanzig Lichtstufen und fünf Naturklänge helfen dir beim Einschlafen und Aufwachen.',
    price: { amount: 49.9, currency: 'EUR' },
    reviews: { rating: 4.6, count: 128, items: [{ author: 'Jana', text: 'Ich wache viel entspannter auf als früher.' }] },
    audiences: ['homeowners'],
    industry: 'Home Improvement',
    brand: 'Bright Home',
    imageUrls: images,
  },
};

/** Only a title and one sentence: every script must still reach its length. */
export const SPARSE: ProductFacts = { title: 'Nimbus Notes', description: 'The note-taking app for people who think fast.' };

/** Long name, long sentences, a price without reviews. */
export const BOOTS: ProductFacts = {
  title: 'TrailMaster 3000 Hiking Boots, Waterproof, Men',
  description:
    'Waterproof full-grain leather upper keeps your feet dry through streams, mud, snow and the wettest spring mornings on the trail. ' +
    'Vibram outsole with deep lugs grips rock and wet roots with confidence every step of the way.',
  price: { amount: 189, currency: 'USD' },
  videoUrls: ['https://shop.example/v/boots.mp4'],
  imageUrls: ['https://shop.example/img/boots.jpg', 'https://shop.example/img/sole.jpg'],
};
