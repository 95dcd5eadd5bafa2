/**
 * The built-in avatars: vector characters the service draws itself (`pipelines/avatar/draw`),
 * with the persona fields the contract lists (gender, age range, location, style, industries,
 * keywords, scene). Pure data and filters; the API maps these to the wire shape.
 *
 * Ids are UUIDv5 of a fixed namespace and the slug, so they never change between releases or
 * machines: a client that stored an avatar id keeps a working id.
 */
import { uuidV5 } from '../../core/ids.js';
import type { AgeRange, AvatarLook } from './avatars-look.js';
import { voiceIdFor } from './voice-ids.js';

export type { AgeRange, AvatarLook } from './avatars-look.js';

/** Never change: every stored task and client that remembers an avatar id depends on it. */
export const AVATAR_ID_NAMESPACE = '9a7e2c14-5b3f-4d61-8e0a-2f4c6b8d1e37';

export const AVATAR_GENDERS = ['m', 'f', 'nb'] as const;
export const AVATAR_AGE_RANGES = ['child', 'teen', 'adult', 'senior'] as const;
export const AVATAR_LOCATIONS = ['outdoor', 'fantasy', 'indoor', 'other'] as const;
export const AVATAR_STYLES = ['selfie', 'presenter', 'other'] as const;
/** The contract's industry list (Enumerations → Persona filters). */
export const AVATAR_INDUSTRIES = [
  'Apparel & Accessories',
  'Appliances',
  'Apps',
  'Baby Kids & Maternity',
  'Beauty & Personal Care',
  'Business Services',
  'E-Commerce',
  'Education',
  'Financial Services',
  'Food & Beverage',
  'Games',
  'Health',
  'Home Improvement',
  'Household Products',
  'Life Services',
  'News & Entertainment',
  'Pets',
  'Sports & Outdoors',
  'Tech & Electronics',
  'Travel',
  'Vehicle & Transportation',
  'Others',
] as const;

export type AvatarGender = (typeof AVATAR_GENDERS)[number];
export type AvatarLocation = (typeof AVATAR_LOCATIONS)[number];
export type AvatarStyle = (typeof AVATAR_STYLES)[number];
export type AvatarIndustry = (typeof AVATAR_INDUSTRIES)[number];

/** The fields every avatar listing filters on, built-in or custom. */
export interface FilterableAvatar {
  id: string;
  name: string;
  gender: AvatarGender | null;
  ageRange: AgeRange | null;
  location: AvatarLocation | null;
  style: AvatarStyle | null;
  suitableIndustries: readonly string[];
  keywords: readonly string[];
  videoScene: string | null;
}

export interface BuiltinAvatar extends FilterableAvatar {
  slug: string;
  gender: AvatarGender;
  ageRange: AgeRange;
  location: AvatarLocation;
  style: AvatarStyle;
  /** The look of the clothes and manner: business, casual, friendly presenter … (also a keyword). */
  manner: string;
  suitableIndustries: readonly AvatarIndustry[];
  /**
   * A character dressed for one trade (a chef's whites, a doctor's coat) is matched to products of
   * these industries only: a chef never presents a water bottle. A client may still choose it.
   */
  presentsOnly?: readonly AvatarIndustry[];
  videoScene: string;
  look: AvatarLook;
  /** Voice ids to speak with, best first; the first one this machine has is the avatar's voice. */
  preferredVoiceIds: readonly string[];
  /** What the preview video says. */
  greeting: string;
}

/** The date built-ins report as `created_at` (they exist from the first release). */
export const BUILTIN_AVATARS_CREATED_AT = '2025-01-01T00:00:00.000Z';

const festival = (v: string) => voiceIdFor('festival', v);
const flite = (v: string) => voiceIdFor('flite', v);
const espeak = (v: string) => voiceIdFor('espeak-ng', v);
const SALLY = festival('cmu_us_slt_arctic_hts');
/**
 * The most intelligible voice of each gender (`bench/intelligibility.ts`: WER 0.144 and 0.146)
 * leads every avatar's list; the older per-avatar choices follow for machines without RHVoice.
 */
const RH_FEMALE = voiceIdFor('rhvoice', 'clb');
const RH_MALE = voiceIdFor('rhvoice', 'bdl');

type Definition = Omit<BuiltinAvatar, 'id'>;

const DEFINITIONS: readonly Definition[] = [
  {
    slug: 'amara',
    name: 'Amara',
    gender: 'f',
    ageRange: 'adult',
    location: 'indoor',
    style: 'presenter',
    manner: 'business',
    suitableIndustries: ['Business Services', 'Financial Services', 'Tech & Electronics'],
    keywords: ['business', 'professional', 'confident', 'corporate', 'office'],
    videoScene: 'A bright modern office with a window and a plant',
    look: {
      age: 'adult',
      skin: '#6B4028',
      face: { jaw: 0.7, width: 1 },
      hair: { style: 'afro-puff', color: '#1C1412' },
      eyes: { iris: '#3B2418' },
      lips: '#7A3B3B',
      outfit: { kind: 'blazer', color: '#1F6F78', accent: '#F4EDE4' },
      extras: { earrings: '#E8C35A' },
      scene: 'office',
    },
    preferredVoiceIds: [RH_FEMALE, SALLY, flite('slt')],
    greeting: 'Hi, I am Amara. Let me walk you through the numbers that matter for your business.',
  },
  {
    slug: 'daniel',
    name: 'Daniel',
    gender: 'm',
    ageRange: 'adult',
    location: 'indoor',
    style: 'presenter',
    manner: 'business',
    suitableIndustries: ['Business Services', 'Financial Services', 'E-Commerce', 'News & Entertainment'],
    keywords: ['business', 'suit', 'news', 'anchor', 'formal', 'studio'],
    videoScene: 'A presenter studio with a soft spotlight',
    look: {
      age: 'adult',
      skin: '#F1C6A8',
      face: { jaw: 0.82, width: 1.02 },
      hair: { style: 'side-part', color: '#5A3A22' },
      eyes: { iris: '#3E6A8A' },
      outfit: { kind: 'suit', color: '#243B5A', accent: '#B23A3A' },
      scene: 'studio',
    },
    preferredVoiceIds: [RH_MALE, flite('rms'), espeak('en-us')],
    greeting: 'Good evening. I am Daniel, and here is everything you need to know today.',
  },
  {
    slug: 'hiroshi',
    name: 'Hiroshi',
    gender: 'm',
    ageRange: 'senior',
    location: 'indoor',
    style: 'presenter',
    manner: 'wise teacher',
    suitableIndustries: ['Education', 'Financial Services', 'Travel'],
    keywords: ['senior', 'teacher', 'glasses', 'library', 'calm', 'expert'],
    videoScene: 'A warm library with full bookshelves',
    look: {
      age: 'senior',
      skin: '#E8BE98',
      face: { jaw: 0.75, width: 0.98 },
      hair: { style: 'short', color: '#C9C9C9' },
      eyes: { iris: '#2E2016' },
      outfit: { kind: 'cardigan', color: '#6B5844', accent: '#DCE6EE' },
      extras: { glasses: 'round', glassesColor: '#3A3A3A', lines: true },
      scene: 'library',
    },
    preferredVoiceIds: [RH_MALE, flite('kal16'), flite('kal'), espeak('en-us')],
    greeting: 'Hello, my name is Hiroshi. Every good lesson starts with a simple question.',
  },
  {
    slug: 'sofia',
    name: 'Sofia',
    gender: 'f',
    ageRange: 'adult',
    location: 'outdoor',
    style: 'selfie',
    manner: 'casual',
    suitableIndustries: ['Travel', 'Apparel & Accessories', 'Beauty & Personal Care', 'Life Services'],
    keywords: ['casual', 'friendly', 'lifestyle', 'influencer', 'park', 'sunny'],
    videoScene: 'A sunny park with trees and a blue sky',
    look: {
      age: 'adult',
      skin: '#C99A6E',
      face: { jaw: 0.66, width: 0.98 },
      hair: { style: 'long-wavy', color: '#3B2214' },
      eyes: { iris: '#4A2E1A' },
      lips: '#B5545C',
      outfit: { kind: 'sweater', color: '#E0A43A', accent: '#FFF4DC' },
      extras: { blush: true, earrings: '#F2F2F2' },
      scene: 'park',
    },
    preferredVoiceIds: [RH_FEMALE, flite('slt'), SALLY],
    greeting: 'Hey everyone, Sofia here! I found something you are going to love.',
  },
  {
    slug: 'jamal',
    name: 'Jamal',
    gender: 'm',
    ageRange: 'adult',
    location: 'outdoor',
    style: 'selfie',
    manner: 'streetwear',
    suitableIndustries: ['Apparel & Accessories', 'Apps', 'Games', 'Sports & Outdoors'],
    keywords: ['casual', 'urban', 'street', 'hoodie', 'beard', 'creator'],
    videoScene: 'A city street with tall buildings',
    look: {
      age: 'adult',
      skin: '#5A3524',
      face: { jaw: 0.84, width: 1.03 },
      hair: { style: 'buzz', color: '#151010' },
      eyes: { iris: '#2A1A12' },
      outfit: { kind: 'hoodie', color: '#3E4A5C', accent: '#E8E8E8' },
      extras: { beard: 'full' },
      scene: 'street',
    },
    preferredVoiceIds: [RH_MALE, flite('kal'), espeak('en-us')],
    greeting: 'What is up, I am Jamal. Let me show you how I use this every single day.',
  },
  {
    slug: 'priya',
    name: 'Priya',
    gender: 'f',
    ageRange: 'adult',
    location: 'indoor',
    style: 'presenter',
    manner: 'friendly presenter',
    suitableIndustries: ['Beauty & Personal Care', 'Health', 'Household Products', 'Appliances', 'E-Commerce'],
    keywords: ['friendly', 'presenter', 'beauty', 'warm', 'home'],
    videoScene: 'A cosy living room with framed pictures and a lamp',
    look: {
      age: 'adult',
      skin: '#A0694A',
      face: { jaw: 0.66, width: 0.97 },
      hair: { style: 'braid', color: '#17100E' },
      eyes: { iris: '#2C1A10' },
      lips: '#8E3C45',
      outfit: { kind: 'blazer', color: '#C94F6D', accent: '#FBE9D0' },
      extras: { earrings: '#E8C35A' },
      scene: 'home',
    },
    preferredVoiceIds: [RH_FEMALE, espeak('en-gb+f3'), SALLY, flite('slt')],
    greeting: 'Hello, I am Priya. Here is my favourite routine, step by step.',
  },
  {
    slug: 'lily',
    name: 'Lily',
    gender: 'f',
    ageRange: 'child',
    location: 'fantasy',
    style: 'other',
    manner: 'playful',
    suitableIndustries: ['Baby Kids & Maternity', 'Education', 'Games', 'Pets'],
    keywords: ['child', 'kids', 'playful', 'freckles', 'space', 'fun'],
    videoScene: 'A starry sky with a ringed planet',
    look: {
      age: 'child',
      skin: '#F6D7C3',
      face: { jaw: 0.78, width: 1.02 },
      hair: { style: 'pigtails', color: '#B4532A' },
      eyes: { iris: '#4C7A3A' },
      outfit: { kind: 'tshirt', color: '#5B8DEF', accent: '#FFD447' },
      extras: { freckles: true, blush: true },
      scene: 'space',
    },
    preferredVoiceIds: [RH_FEMALE, flite('slt'), espeak('en-us+f3')],
    greeting: 'Hi! I am Lily. Do you want to learn something amazing today?',
  },
  {
    slug: 'leo',
    name: 'Leo',
    gender: 'm',
    ageRange: 'teen',
    location: 'outdoor',
    style: 'selfie',
    manner: 'casual gamer',
    suitableIndustries: ['Games', 'Tech & Electronics', 'Apps', 'News & Entertainment'],
    keywords: ['teen', 'gamer', 'casual', 'curly', 'tech', 'review'],
    videoScene: 'A beach with the sea and the sun',
    look: {
      age: 'teen',
      skin: '#D9A27A',
      face: { jaw: 0.74, width: 0.98 },
      hair: { style: 'curly-short', color: '#4A2C18' },
      eyes: { iris: '#5A3A1E' },
      outfit: { kind: 'tshirt', color: '#2E9E6A', accent: '#FFFFFF' },
      scene: 'beach',
    },
    preferredVoiceIds: [RH_MALE, espeak('en-us'), flite('kal')],
    greeting: 'Hey, Leo here. This new gadget is honestly so much better than I expected.',
  },
  {
    slug: 'margaret',
    name: 'Margaret',
    gender: 'f',
    ageRange: 'senior',
    location: 'indoor',
    style: 'presenter',
    manner: 'caring',
    suitableIndustries: ['Health', 'Financial Services', 'Household Products', 'Appliances', 'Home Improvement', 'Life Services'],
    keywords: ['senior', 'grandmother', 'caring', 'trustworthy', 'home'],
    videoScene: 'A cosy living room with framed pictures and a lamp',
    look: {
      age: 'senior',
      skin: '#F3D2BE',
      face: { jaw: 0.7, width: 1 },
      hair: { style: 'bob', color: '#E6E3DE' },
      eyes: { iris: '#5C7C9C' },
      lips: '#B86A72',
      outfit: { kind: 'cardigan', color: '#8C7BB8', accent: '#F7F3EA' },
      extras: { earrings: '#F5F5F5', glasses: 'square', glassesColor: '#8A5A44', lines: true, blush: true },
      scene: 'home',
    },
    preferredVoiceIds: [RH_FEMALE, SALLY, flite('slt')],
    greeting: 'Hello dear, I am Margaret. Let me tell you what made my mornings easier.',
  },
  {
    slug: 'alex',
    name: 'Alex',
    gender: 'nb',
    ageRange: 'adult',
    location: 'fantasy',
    style: 'other',
    manner: 'creative',
    suitableIndustries: ['Apps', 'Games', 'Tech & Electronics', 'News & Entertainment'],
    keywords: ['creative', 'non-binary', 'colourful', 'neon', 'future', 'denim'],
    videoScene: 'A neon city skyline at night',
    look: {
      age: 'adult',
      skin: '#C48A62',
      face: { jaw: 0.72, width: 0.98 },
      hair: { style: 'undercut', color: '#1FA7A0', brows: '#2E211A' },
      eyes: { iris: '#3A2A20' },
      outfit: { kind: 'denim-jacket', color: '#4A6FA5', accent: '#F2F2F2' },
      extras: { earrings: '#C0C0C0' },
      scene: 'neon',
    },
    preferredVoiceIds: [RH_FEMALE, espeak('en-gb-x-rp+f3'), espeak('en-us+f3'), flite('slt')],
    greeting: 'Hi, I am Alex. Let us build something nobody has seen before.',
  },
  {
    slug: 'carlos',
    name: 'Carlos',
    gender: 'm',
    ageRange: 'adult',
    location: 'indoor',
    style: 'presenter',
    manner: 'chef',
    // A chef in whites presents food: listed for nothing else either (issue 27).
    suitableIndustries: ['Food & Beverage'],
    presentsOnly: ['Food & Beverage'],
    keywords: ['chef', 'cooking', 'kitchen', 'food', 'mustache', 'recipe'],
    videoScene: 'A kitchen with tiles, cabinets and pans',
    look: {
      age: 'adult',
      skin: '#B98058',
      face: { jaw: 0.86, width: 1.05 },
      hair: { style: 'short', color: '#1E1612' },
      eyes: { iris: '#3A2414' },
      outfit: { kind: 'chef', color: '#F7F7F4', accent: '#C8372D' },
      extras: { mustache: true, beard: 'stubble' },
      scene: 'kitchen',
    },
    preferredVoiceIds: [RH_MALE, flite('awb'), flite('rms'), espeak('en-gb')],
    greeting: 'Hola, I am Carlos. Today we cook something simple and delicious.',
  },
  {
    slug: 'grace',
    name: 'Grace',
    gender: 'f',
    ageRange: 'adult',
    location: 'indoor',
    style: 'presenter',
    manner: 'medical professional',
    suitableIndustries: ['Health', 'Beauty & Personal Care'],
    presentsOnly: ['Health', 'Beauty & Personal Care'],
    keywords: ['doctor', 'health', 'medical', 'clinic', 'professional', 'bob'],
    videoScene: 'A clean clinic room with a cabinet',
    look: {
      age: 'adult',
      skin: '#F0CFAE',
      face: { jaw: 0.64, width: 0.96 },
      hair: { style: 'bob', color: '#121014' },
      eyes: { iris: '#2A1C14' },
      lips: '#C06A6E',
      outfit: { kind: 'lab-coat', color: '#FAFCFD', accent: '#5E9FC9' },
      scene: 'clinic',
    },
    preferredVoiceIds: [RH_FEMALE, flite('slt'), SALLY],
    greeting: 'Hello, I am Doctor Grace. Here are three habits that protect your health.',
  },
  {
    slug: 'noah',
    name: 'Noah',
    gender: 'm',
    ageRange: 'child',
    location: 'outdoor',
    style: 'other',
    manner: 'playful',
    suitableIndustries: ['Baby Kids & Maternity', 'Education', 'Pets', 'Sports & Outdoors'],
    keywords: ['child', 'kids', 'school', 'playful', 'park', 'curious'],
    videoScene: 'A sunny park with trees and a blue sky',
    look: {
      age: 'child',
      skin: '#7A4A30',
      face: { jaw: 0.8, width: 1.02 },
      hair: { style: 'curly-short', color: '#1A1210' },
      eyes: { iris: '#2C1A10' },
      outfit: { kind: 'hoodie', color: '#F2B531', accent: '#FFFFFF' },
      extras: { blush: true },
      scene: 'park',
    },
    preferredVoiceIds: [RH_MALE, espeak('en-us+f3'), flite('slt')],
    greeting: 'Hi, I am Noah! Guess what I found at school today?',
  },
  {
    slug: 'zoe',
    name: 'Zoe',
    gender: 'f',
    ageRange: 'teen',
    location: 'outdoor',
    style: 'selfie',
    manner: 'sporty',
    suitableIndustries: ['Sports & Outdoors', 'Apparel & Accessories', 'Health', 'Apps'],
    keywords: ['teen', 'sporty', 'fitness', 'ponytail', 'energetic', 'street'],
    videoScene: 'A city street with tall buildings',
    look: {
      age: 'teen',
      skin: '#B07650',
      face: { jaw: 0.68, width: 0.97 },
      hair: { style: 'ponytail', color: '#2B1A12' },
      eyes: { iris: '#3A2616' },
      lips: '#A4525A',
      outfit: { kind: 'track-jacket', color: '#D8344B', accent: '#FFFFFF' },
      scene: 'street',
    },
    preferredVoiceIds: [RH_FEMALE, espeak('en-us+f3'), flite('slt')],
    greeting: 'Hey, I am Zoe! Ready for a quick workout? Let us go!',
  },
  {
    slug: 'ahmed',
    name: 'Ahmed',
    gender: 'm',
    ageRange: 'senior',
    location: 'indoor',
    style: 'presenter',
    manner: 'distinguished',
    suitableIndustries: ['Travel', 'Home Improvement', 'Vehicle & Transportation', 'Financial Services'],
    keywords: ['senior', 'beard', 'experienced', 'travel', 'vest', 'studio'],
    videoScene: 'A presenter studio with a soft spotlight',
    look: {
      age: 'senior',
      skin: '#A86E4C',
      face: { jaw: 0.8, width: 1.02 },
      hair: { style: 'bald', color: '#D9D6D0' },
      eyes: { iris: '#2C1C12' },
      outfit: { kind: 'vest', color: '#4B4B52', accent: '#D6E4F0' },
      extras: { beard: 'full', lines: true },
      scene: 'studio',
    },
    preferredVoiceIds: [RH_MALE, flite('awb'), espeak('en-gb-scotland'), flite('rms')],
    greeting: 'Welcome, I am Ahmed. After forty years of travel, this is my best advice.',
  },
  {
    slug: 'kai',
    name: 'Kai',
    gender: 'nb',
    ageRange: 'teen',
    location: 'fantasy',
    style: 'selfie',
    manner: 'trendy',
    suitableIndustries: ['Games', 'News & Entertainment', 'Apparel & Accessories', 'Apps'],
    keywords: ['teen', 'trendy', 'non-binary', 'pink hair', 'neon', 'music'],
    videoScene: 'A neon city skyline at night',
    look: {
      age: 'teen',
      skin: '#EDC3A5',
      face: { jaw: 0.72, width: 0.98 },
      hair: { style: 'undercut', color: '#E86AA6', brows: '#6B4A3A' },
      eyes: { iris: '#3F6E5A' },
      outfit: { kind: 'sweater', color: '#6E5BC4', accent: '#CFC6FF' },
      extras: { freckles: true, earrings: '#C0C0C0' },
      scene: 'neon',
    },
    preferredVoiceIds: [RH_FEMALE, espeak('en-gb+f3'), espeak('en-us+f3')],
    greeting: 'Hey, I am Kai. This playlist changed my whole week.',
  },
  {
    slug: 'sam',
    name: 'Sam',
    gender: 'nb',
    ageRange: 'adult',
    location: 'other',
    style: 'other',
    manner: 'neutral explainer',
    suitableIndustries: ['Apps', 'Education', 'Business Services', 'Others'],
    keywords: ['explainer', 'neutral', 'minimal', 'tutorial', 'glasses', 'clean'],
    videoScene: 'A plain light backdrop',
    look: {
      age: 'adult',
      skin: '#D8A47F',
      face: { jaw: 0.74, width: 1 },
      hair: { style: 'short', color: '#6B4A2E' },
      eyes: { iris: '#4E6B3A' },
      outfit: { kind: 'sweater', color: '#2F8F8A', accent: '#E8F4F2' },
      extras: { glasses: 'square', glassesColor: '#1E1E1E' },
      scene: 'plain',
    },
    preferredVoiceIds: [RH_FEMALE, flite('kal16'), espeak('en-us+f3')],
    greeting: 'Hi, I am Sam. In the next minute you will learn exactly how this works.',
  },
];

export const BUILTIN_AVATARS: readonly BuiltinAvatar[] = DEFINITIONS.map((d) => ({ id: avatarIdFor(d.slug), ...d }));

const BY_ID = new Map(BUILTIN_AVATARS.map((a) => [a.id, a]));

export function avatarIdFor(slug: string): string {
  return uuidV5(`builtin-avatar:${slug}`, AVATAR_ID_NAMESPACE);
}

export function findBuiltinAvatar(id: string): BuiltinAvatar | undefined {
  return BY_ID.get(id.trim().toLowerCase());
}

/** The avatar a request gets when it names none (`creator` absent). */
export const DEFAULT_AVATAR_ID = avatarIdFor('amara');

/**
 * The avatar's voice on this machine: its first preferred voice the catalog has, else a voice of
 * the same gender, else the catalog's default.
 */
export function defaultVoiceForAvatar(
  avatar: Pick<BuiltinAvatar, 'preferredVoiceIds' | 'gender'>,
  catalog: { has(voiceId: string): boolean; sameGender(gender: 'male' | 'female'): string | undefined; fallback: string | undefined },
): string | undefined {
  const preferred = avatar.preferredVoiceIds.find((id) => catalog.has(id));
  if (preferred) return preferred;
  if (avatar.gender !== 'nb') return catalog.sameGender(avatar.gender === 'm' ? 'male' : 'female') ?? catalog.fallback;
  return catalog.fallback;
}
