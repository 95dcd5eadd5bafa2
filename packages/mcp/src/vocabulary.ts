/**
 * The API's closed choices, written out for the tool schemas so that a model sees every allowed
 * value (as a JSON Schema enum) and what each means. The service's own lists stay the authority:
 * test/integration/sdk/mcp-vocabulary.test.ts fails when these drift from them.
 */

export const ASPECT_RATIOS = ['9:16', '16:9', '1:1'] as const;
export const ASPECT_RATIO_HELP =
  'Frame shape: 9:16 (1080x1920, vertical: TikTok, Reels, Shorts), 16:9 (1920x1080, landscape: YouTube) or 1:1 (1080x1080, square feed posts).';

/** Seconds a product video aims at (the spoken script is written and paced to fit). */
export const VIDEO_LENGTHS_SECONDS = [15, 30, 45, 60] as const;

/** Languages the built-in copywriter writes product video scripts in. */
export const SCRIPT_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;

/** Longest texts the service takes: speech and avatar scripts, and an AI Short's narration. */
export const MAX_SPEECH_CHARS = 8000;
export const MAX_SHORT_SCRIPT_CHARS = 3000;

/** URL-to-video visual styles: the 12 drawn layouts, then the contract's other names drawn like one of them. */
export const VISUAL_STYLES = {
  AvatarBubbleTemplate: 'Default. Product pictures full frame with gentle motion; the avatar talks from a round bubble in the bottom-left corner.',
  FullScreenTemplate: 'Product pictures full frame with motion and fades, the logo on top; no avatar on screen (voice only).',
  QuickTransitionTemplate: 'Fast cuts with swipe transitions and zooms, a small round avatar bottom-right; energetic.',
  SideBySideTemplate: 'The frame split in two: the product on one side, the avatar on the other.',
  TopBottomTemplate: 'Split top and bottom: the product above, the avatar below (best in 9:16 and 1:1).',
  VanillaTemplate: 'The avatar speaking full frame, with product pictures inset now and then; plain and personal.',
  EnhancedVanillaTemplate: 'The avatar full frame alternating with full-frame product shots.',
  DramaticTemplate: 'Dark stage, product cards zooming in, a bold white headline; no avatar.',
  MotionCardsTemplate: 'Product cards sliding on the brand colour with feature banners, a small round avatar.',
  FeatureHighlightTemplate: 'Product shots with a coloured banner per feature and the logo; no avatar.',
  GreenScreenEffectTemplate: 'The presenter cut out and standing below (9:16) or beside (16:9, 1:1) the product pictures.',
  TwitterFrameTemplate: 'The product inside a white social-post card with a headline, a small round avatar.',
  DynamicGreenScreenEffect: 'Drawn like GreenScreenEffectTemplate.',
  DynamicProductTemplate: 'Drawn like FullScreenTemplate.',
  DynamicResponseBubbleTemplate: 'Drawn like AvatarBubbleTemplate.',
  FullScreenV2Template: 'Drawn like FullScreenTemplate.',
  LegoTemplate: 'Drawn like QuickTransitionTemplate.',
  OverCardsTemplate: 'Drawn like MotionCardsTemplate.',
  QuickFrameTemplate: 'Drawn like QuickTransitionTemplate.',
  ScribbleTemplate: 'Drawn like FeatureHighlightTemplate.',
  SimpleAvatarOverlayTemplate: 'Drawn like AvatarBubbleTemplate.',
  VlogTemplate: 'Drawn like VanillaTemplate.',
  SmartAdsTemplate: 'Drawn like FeatureHighlightTemplate.',
  StandardAdsTemplate: 'Drawn like FullScreenTemplate.',
  LegoVisualEmotional: 'Drawn like DramaticTemplate.',
  LegoVisualCutePets: 'Drawn like MotionCardsTemplate.',
  LegoVisualAvatarFocusIntro: 'Drawn like EnhancedVanillaTemplate.',
} as const;
export type VisualStyle = keyof typeof VISUAL_STYLES;
export const VISUAL_STYLE_NAMES = Object.keys(VISUAL_STYLES) as [VisualStyle, ...VisualStyle[]];

/** How the script of a product video is written (the built-in copywriter's styles). */
export const SCRIPT_STYLES = {
  DiscoveryWriter: 'Default. A personal discovery: the find, what it is, what makes it good, proof, call to action.',
  BenefitsV2: 'A benefits list: what you get, point after point, then a recap.',
  BrandStoryV2: 'The brand behind the product: the idea, the mission, what it became.',
  CallToActionV2: 'Direct response: stop the scroll, the essentials, the offer, and the ask twice.',
  DIY: 'The do-it-yourself struggle, then the easy way, step by step.',
  DontWorryWriter: 'Reassurance: each worry answered with a fact.',
  EmotionalWriter: 'A feeling first, the product as the way to it, and an emotional close.',
  GenzWriter: 'Casual social voice: POV opener, facts with reactions, a hype close.',
  HowToV2: 'A short tutorial: numbered steps with what to notice along the way.',
  LetMeShowYouWriter: 'A demonstration: look at this, and this, and this.',
  MotivationalWriter: 'A call to grow: the mindset, the step, the push.',
  ProblemSolutionV2: 'Problem, agitation, solution, proof.',
  ProblemSolutionWriter: 'A first-person problem, failed alternatives, the fix, proof.',
  ProductHighlightsV2: 'Numbered highlights of the product, then the price.',
  ProductLifestyleV2: 'A scene from everyday life the product belongs in.',
  ResponseBubbleWriter: 'Answering a viewer question, with the facts as the answer.',
  SpecialOffersV2: 'The deal first, then why it is worth it, then urgency.',
  StoryTimeWriter: 'Setup, conflict, turn, resolution.',
  ThreeReasonsWriter: 'Exactly three numbered reasons, each backed up when there is time.',
  TrendingTopicsV2: 'Everyone is talking about it: why, the facts, join in.',
  NegativeHook: 'Opens by warning against the usual options.',
  NumberOneHook: 'Opens with the number one thing, then the facts and price.',
  EverWonderHook: 'Opens with a question and answers it with the product.',
  SecretHook: 'Opens with a secret and reveals it.',
  WhatHappensHook: 'Opens with what happens when you switch.',
  AnyoneElseHook: 'Opens with a shared frustration, then the fix.',
  AmazedHook: 'Opens with genuine surprise and the details behind it.',
  '2025Hook': 'Opens with the find of the year.',
  HateMeHook: 'Opens with a playful warning, then the temptation and the offer.',
  PriceDropRegretHook: 'Opens with paying full price, then the deal not to miss.',
} as const;
export type ScriptStyle = keyof typeof SCRIPT_STYLES;
export const SCRIPT_STYLE_NAMES = Object.keys(SCRIPT_STYLES) as [ScriptStyle, ...ScriptStyle[]];

/** The picture style of an AI Short's generated scenes. */
export const SHORT_STYLES = {
  '4K realistic': 'Photographic, natural light and detail.',
  '3D': 'Glossy clay-like 3D renders under soft studio light.',
  Cinematic: 'Film stills: letterboxed, spotlit, a teal-and-orange grade.',
  Cartoonish: 'Bold outlines and flat bright colours.',
  'Line art': 'Ink lines on a light ground.',
  'Pixel art': 'Blocky retro game pixels.',
  Mysterious: 'Dark, misty, moody lighting.',
  'Steam punk': 'Brass, gears and sepia Victorian machinery.',
  Collage: 'Magazine cut-outs with white borders on textured paper.',
  Kawaii: 'Cute pastel characters and rounded shapes.',
} as const;
export type ShortStyle = keyof typeof SHORT_STYLES;
export const SHORT_STYLE_NAMES = Object.keys(SHORT_STYLES) as [ShortStyle, ...ShortStyle[]];

/** Persona filters of the avatar catalog (the API's codes). */
export const AVATAR_GENDERS = ['m', 'f', 'nb'] as const;
export const AVATAR_AGE_RANGES = ['child', 'teen', 'adult', 'senior'] as const;
export const AVATAR_LOCATIONS = ['outdoor', 'fantasy', 'indoor', 'other'] as const;
export const AVATAR_STYLES = ['selfie', 'presenter', 'other'] as const;
