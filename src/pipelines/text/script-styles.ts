import type { BeatKind } from './phrase-banks/types.js';

/** Where a sentence sits in the ad; the video pipeline can plan scenes by it. */
export type ScriptSection = 'hook' | 'body' | 'proof' | 'offer' | 'cta';

/**
 * One position in a style: a group of beats said together, repeated between `min` and `max` times.
 * Beats marked optional are added to a repetition only when the script needs more words.
 */
export interface StyleSlot {
  beats: { kind: BeatKind; optional?: boolean }[];
  min: number;
  max: number;
  section: ScriptSection;
}

export interface ScriptStyle {
  /** The contract's name (`script_styles`). */
  name: string;
  /** What clients show (`script_name`). */
  displayName: string;
  description: string;
  family: 'writer' | 'hook';
  slots: StyleSlot[];
  /** Slot indices in the order they grow when a longer video needs more words (cycled). */
  grow: number[];
  /** Slot indices in the order they are said, when it is not the slots' own order. */
  spokenOrder?: number[];
  /** Slots grown only once every other slot has nothing left to add, in this order (a recap, a long ad's closing offer). */
  lastResort?: number[];
  /** Slots with no page fact in them (a long ad's setup and nudge): grown only to round out an ad its facts nearly fill. */
  fillers?: number[];
}

function one(kind: BeatKind, section: ScriptSection): StyleSlot {
  return { beats: [{ kind }], min: 1, max: 1, section };
}
function maybe(kind: BeatKind, section: ScriptSection, max = 1): StyleSlot {
  return { beats: [{ kind }], min: 0, max, section };
}
function many(kind: BeatKind, min: number, max: number, section: ScriptSection = 'body', tail?: BeatKind): StyleSlot {
  return { beats: tail ? [{ kind }, { kind: tail, optional: true }] : [{ kind }], min, max, section };
}

function style(name: string, displayName: string, family: ScriptStyle['family'], description: string, slots: StyleSlot[], grow: number[]): ScriptStyle {
  return { name, displayName, family, description, slots, grow };
}

/**
 * The contract's script styles. Writers each have their own arc; hook styles open with their
 * named hook and follow it with a body suited to it. `DiscoveryWriter` is the default.
 */
export const SCRIPT_STYLES: readonly ScriptStyle[] = [
  style(
    'DiscoveryWriter',
    'Discovery',
    'writer',
    'A personal discovery: the find, what it is, what makes it good, proof, call to action.',
    [
      one('hook_discovery', 'hook'),
      // The hook already names the find: the intro comes first when there is time, never at the cost of the length.
      maybe('intro', 'body'),
      many('point', 1, 8),
      maybe('benefit', 'body', 3),
      maybe('proof', 'proof'),
      maybe('audience', 'body'),
      one('cta', 'cta'),
    ],
    [1, 2, 4, 2, 3, 5, 2, 3, 2],
  ),
  style(
    'BenefitsV2',
    'Benefits',
    'writer',
    'A benefits list: what you get, point after point, then a recap.',
    [one('benefits_open', 'hook'), many('point', 2, 9), maybe('benefit', 'body', 3), maybe('recap', 'body'), one('cta', 'cta')],
    [1, 3, 1, 2, 1, 2, 1, 2],
  ),
  style(
    'BrandStoryV2',
    'Brand story',
    'writer',
    'The brand behind the product: the idea, the mission, what it became.',
    [
      one('brand_origin', 'hook'),
      maybe('brand_mission', 'body'),
      one('brand_today', 'body'),
      many('point', 0, 7),
      maybe('benefit', 'body', 3),
      maybe('proof', 'proof', 2),
      maybe('audience', 'body'),
      one('cta', 'cta'),
    ],
    [1, 3, 3, 5, 4, 3, 4, 3],
  ),
  style(
    'CallToActionV2',
    'Call to action',
    'writer',
    'Direct response: stop the scroll, the essentials, the offer, and the ask twice.',
    [
      one('cta_open', 'hook'),
      one('intro', 'body'),
      many('point', 1, 7, 'body', 'benefit'),
      maybe('proof', 'proof'),
      maybe('offer', 'offer'),
      maybe('urgency', 'offer'),
      one('cta', 'cta'),
      maybe('cta_repeat', 'cta'),
    ],
    [3, 6, 2, 4, 2, 2],
  ),
  style(
    'DIY',
    'DIY',
    'writer',
    'The do-it-yourself struggle, then the easy way, step by step.',
    [
      one('diy_open', 'hook'),
      maybe('diy_fail', 'hook'),
      one('solution', 'body'),
      maybe('step1', 'body'),
      maybe('step2', 'body'),
      maybe('step3', 'body'),
      many('point', 0, 6, 'body', 'benefit'),
      maybe('diy_result', 'body'),
      maybe('proof', 'proof'),
      one('cta', 'cta'),
    ],
    [6, 8, 6, 3, 4, 6, 5, 8, 7, 1, 6],
  ),
  style(
    'DontWorryWriter',
    "Don't worry",
    'writer',
    'Reassurance: each worry answered with a fact.',
    [one('reassure_open', 'hook'), many('reassure', 1, 5, 'body', 'benefit'), maybe('reassure_close', 'body'), maybe('proof', 'proof'), one('cta', 'cta')],
    [1, 2, 3, 1, 1, 1],
  ),
  style(
    'EmotionalWriter',
    'Emotional',
    'writer',
    'A feeling first, the product as the way to it, and an emotional close.',
    [
      one('emotion_open', 'hook'),
      one('emotion_feeling', 'body'),
      many('point', 0, 6),
      maybe('benefit', 'body', 3),
      maybe('audience', 'body'),
      maybe('proof', 'proof', 2),
      maybe('emotion_close', 'body'),
      one('cta', 'cta'),
    ],
    [5, 2, 2, 3, 4, 2, 3],
  ),
  style(
    'GenzWriter',
    'Gen Z',
    'writer',
    'Casual social voice: POV opener, facts with reactions, a hype close.',
    [
      one('genz_open', 'hook'),
      many('point', 1, 7, 'body', 'genz_line'),
      maybe('benefit', 'body', 3),
      maybe('proof', 'proof', 2),
      maybe('offer', 'offer'),
      maybe('genz_close', 'cta'),
      one('cta', 'cta'),
    ],
    [1, 2, 1, 1, 1, 1, 1],
  ),
  style(
    'HowToV2',
    'How to',
    'writer',
    'A short tutorial: numbered steps with what to notice along the way.',
    [
      one('howto_open', 'hook'),
      one('step1', 'body'),
      maybe('point', 'body'),
      one('step2', 'body'),
      maybe('point', 'body', 5),
      maybe('step3', 'body'),
      maybe('benefit', 'body', 3),
      maybe('step4', 'body'),
      maybe('howto_close', 'body'),
      maybe('proof', 'proof', 2),
      maybe('offer', 'offer'),
      one('cta', 'cta'),
    ],
    [2, 4, 5, 4, 6, 4, 7, 6, 9],
  ),
  style(
    'LetMeShowYouWriter',
    'Let me show you',
    'writer',
    'A demonstration: look at this, and this, and this.',
    [one('show_open', 'hook'), many('show_item', 1, 7, 'body', 'benefit'), maybe('show_close', 'body'), maybe('proof', 'proof'), one('cta', 'cta')],
    [1, 3, 1, 2, 1, 1, 1],
  ),
  style(
    'MotivationalWriter',
    'Motivational',
    'writer',
    'A call to grow: the mindset, the step, the push.',
    [
      one('motivation_open', 'hook'),
      many('motivation_line', 1, 3),
      many('point', 0, 6),
      maybe('benefit', 'body', 3),
      maybe('proof', 'proof', 2),
      one('motivation_close', 'body'),
      one('cta', 'cta'),
    ],
    [2, 2, 3, 4, 2, 3, 2, 1],
  ),
  style(
    'ProblemSolutionV2',
    'Problem / solution',
    'writer',
    'Problem, agitation, solution, proof.',
    [
      one('hook_question', 'hook'),
      maybe('problem', 'hook'),
      maybe('agitate', 'hook'),
      one('solution', 'body'),
      many('point', 1, 7, 'body', 'benefit'),
      maybe('proof', 'proof', 2),
      maybe('price', 'offer'),
      one('cta', 'cta'),
    ],
    [4, 1, 4, 5, 4, 2, 4],
  ),
  style(
    'ProblemSolutionWriter',
    'Problem / solution (story)',
    'writer',
    'A first-person problem, failed alternatives, the fix, proof.',
    [
      one('problem_story', 'hook'),
      maybe('alternatives_failed', 'hook'),
      one('solution', 'body'),
      many('point', 0, 6),
      maybe('proof', 'proof', 2),
      maybe('benefit', 'body', 3),
      one('cta', 'cta'),
    ],
    [1, 4, 3, 5, 3, 4, 5, 3],
  ),
  style(
    'ProductHighlightsV2',
    'Product highlights',
    'writer',
    'Numbered highlights of the product, then the price.',
    [one('highlight_open', 'hook'), many('highlight', 2, 8, 'body', 'benefit'), maybe('price', 'offer'), one('cta', 'cta')],
    [2, 1, 1, 1, 1, 1],
  ),
  style(
    'ProductLifestyleV2',
    'Product lifestyle',
    'writer',
    'A scene from everyday life the product belongs in.',
    [
      one('lifestyle_scene', 'hook'),
      one('lifestyle_moment', 'body'),
      many('point', 0, 7),
      maybe('benefit', 'body', 3),
      maybe('lifestyle_close', 'body'),
      one('cta', 'cta'),
    ],
    [2, 4, 3, 2, 3, 2],
  ),
  style(
    'ResponseBubbleWriter',
    'Response bubble',
    'writer',
    'Answering a viewer question, with the facts as the answer.',
    [
      one('response_comment', 'hook'),
      one('response_answer', 'hook'),
      many('point', 1, 7, 'body', 'benefit'),
      maybe('proof', 'proof', 2),
      maybe('price', 'offer'),
      one('cta', 'cta'),
    ],
    [2, 3, 2, 3, 2],
  ),
  style(
    'SpecialOffersV2',
    'Special offers',
    'writer',
    'The deal first, then why it is worth it, then urgency.',
    [
      one('offer_open', 'hook'),
      one('offer', 'offer'),
      one('intro', 'body'),
      many('point', 0, 6),
      maybe('benefit', 'body', 3),
      maybe('urgency', 'offer'),
      one('cta', 'cta'),
    ],
    [5, 2, 3, 4, 3, 4, 3],
  ),
  style(
    'StoryTimeWriter',
    'Story time',
    'writer',
    'Setup, conflict, turn, resolution.',
    [
      one('story_setup', 'hook'),
      one('story_conflict', 'hook'),
      one('story_turn', 'body'),
      many('point', 0, 6),
      maybe('benefit', 'body', 3),
      maybe('story_resolution', 'body'),
      maybe('proof', 'proof', 2),
      maybe('offer', 'offer'),
      one('cta', 'cta'),
    ],
    [3, 3, 4, 6, 3, 5, 3, 4],
  ),
  style(
    'ThreeReasonsWriter',
    'Three reasons',
    'writer',
    'Exactly three numbered reasons, each backed up when there is time.',
    [
      one('reasons_open', 'hook'),
      // No second point inside a reason: with only the page's facts, it would leave reason three without one.
      { beats: [{ kind: 'reason' }, { kind: 'benefit', optional: true }], min: 3, max: 3, section: 'body' },
      maybe('proof', 'proof', 2),
      maybe('recap', 'body'),
      maybe('audience', 'body'),
      maybe('offer', 'offer'),
      maybe('urgency', 'offer'),
      one('cta', 'cta'),
    ],
    [1, 2, 1, 3, 1, 4, 2, 5, 6],
  ),
  style(
    'TrendingTopicsV2',
    'Trending',
    'writer',
    'Everyone is talking about it: why, the facts, join in.',
    [
      one('trend_open', 'hook'),
      one('trend_why', 'hook'),
      many('point', 1, 7, 'body', 'benefit'),
      maybe('proof', 'proof', 2),
      maybe('offer', 'offer'),
      maybe('trend_join', 'cta'),
      one('cta', 'cta'),
    ],
    [2, 3, 2, 4, 2, 5],
  ),

  style(
    'NegativeHook',
    'Negative hook',
    'hook',
    'Opens by warning against the usual options.',
    [one('hook_negative', 'hook'), one('solution', 'body'), many('point', 1, 7, 'body', 'benefit'), maybe('proof', 'proof'), one('cta', 'cta')],
    [2, 3, 2, 2, 2],
  ),
  style(
    'NumberOneHook',
    'Number one hook',
    'hook',
    'Opens with the number one thing, then the facts and price.',
    [
      one('hook_number_one', 'hook'),
      one('intro', 'body'),
      many('point', 1, 7),
      maybe('proof', 'proof', 2),
      maybe('price', 'offer'),
      maybe('benefit', 'body', 3),
      one('cta', 'cta'),
    ],
    [3, 2, 4, 2, 4, 2],
  ),
  style(
    'EverWonderHook',
    'Ever wonder hook',
    'hook',
    'Opens with a question and answers it with the product.',
    [
      one('hook_ever_wonder', 'hook'),
      one('solution', 'body'),
      maybe('benefit', 'body', 3),
      many('point', 1, 7),
      maybe('proof', 'proof', 2),
      maybe('audience', 'body'),
      one('cta', 'cta'),
    ],
    [3, 2, 4, 3, 2, 3],
  ),
  style(
    'SecretHook',
    'Secret hook',
    'hook',
    'Opens with a secret and reveals it.',
    [
      one('hook_secret', 'hook'),
      one('secret_reveal', 'hook'),
      many('point', 1, 7, 'body', 'benefit'),
      maybe('proof', 'proof', 2),
      maybe('offer', 'offer'),
      maybe('urgency', 'offer'),
      one('cta', 'cta'),
    ],
    [2, 3, 2, 4, 2],
  ),
  style(
    'WhatHappensHook',
    'What happens hook',
    'hook',
    'Opens with what happens when you switch.',
    [one('hook_what_happens', 'hook'), one('what_happens_answer', 'hook'), many('point', 1, 7, 'body', 'benefit'), maybe('proof', 'proof'), one('cta', 'cta')],
    [2, 3, 2, 2],
  ),
  style(
    'AnyoneElseHook',
    'Anyone else hook',
    'hook',
    'Opens with a shared frustration, then the fix.',
    [
      one('hook_anyone_else', 'hook'),
      maybe('agitate', 'hook'),
      one('solution', 'body'),
      many('point', 1, 7),
      maybe('benefit', 'body', 3),
      maybe('proof', 'proof', 2),
      maybe('audience', 'body'),
      one('cta', 'cta'),
    ],
    [1, 3, 4, 3, 4, 3],
  ),
  style(
    'AmazedHook',
    'Amazed hook',
    'hook',
    'Opens with genuine surprise and the details behind it.',
    [
      one('hook_amazed', 'hook'),
      one('amazed_detail', 'hook'),
      many('point', 1, 7),
      maybe('benefit', 'body', 3),
      maybe('proof', 'proof', 2),
      maybe('offer', 'offer'),
      one('cta', 'cta'),
    ],
    [2, 4, 2, 3, 2, 3],
  ),
  style(
    '2025Hook',
    '2025 hook',
    'hook',
    'Opens with the find of the year.',
    [
      one('hook_year', 'hook'),
      one('intro', 'body'),
      many('point', 1, 7),
      maybe('audience', 'body'),
      maybe('benefit', 'body', 3),
      maybe('proof', 'proof', 2),
      one('cta', 'cta'),
    ],
    [2, 3, 2, 4, 2, 4],
  ),
  style(
    'HateMeHook',
    'Hate me hook',
    'hook',
    'Opens with a playful warning, then the temptation and the offer.',
    [
      one('hook_hate_me', 'hook'),
      one('intro', 'body'),
      many('point', 1, 7, 'body', 'benefit'),
      maybe('proof', 'proof'),
      maybe('offer', 'offer'),
      maybe('urgency', 'offer'),
      one('cta', 'cta'),
    ],
    [3, 2, 4, 2, 2],
  ),
  style(
    'PriceDropRegretHook',
    'Price drop regret hook',
    'hook',
    'Opens with paying full price, then the deal not to miss.',
    [
      one('hook_price_drop_regret', 'hook'),
      one('regret_lesson', 'hook'),
      one('offer', 'offer'),
      many('point', 0, 6),
      maybe('benefit', 'body', 3),
      maybe('urgency', 'offer'),
      one('cta', 'cta'),
    ],
    [3, 5, 3, 4, 3, 4],
  ),
];

export const DEFAULT_SCRIPT_STYLE = 'DiscoveryWriter';

const byName = new Map(SCRIPT_STYLES.map((s) => [s.name.toLowerCase(), s]));

export function findScriptStyle(name: string): ScriptStyle | undefined {
  return byName.get(name.trim().toLowerCase());
}

export const SCRIPT_STYLE_NAMES: readonly string[] = SCRIPT_STYLES.map((s) => s.name);
