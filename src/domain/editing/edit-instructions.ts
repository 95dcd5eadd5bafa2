/**
 * The `instructions` of an AI edit read into operations. The vocabulary is a fixed list of
 * phrasings (README "AI Editing": the table of what is understood); each clause of the text is
 * matched against it, and the task shows what was understood and which clauses were not.
 * This is a phrase reader, not a language model: what it does not list, it does not do.
 */
export type EditPace = 'slow' | 'normal' | 'fast';

export interface EditOperations {
  removeSilences?: boolean;
  captions?: boolean;
  music?: boolean;
  zoom?: boolean;
  pace?: EditPace;
  /** Keep the edit at most this long (cut at a word's end). */
  targetSeconds?: number;
  /** Drop this much of the source's start / end before editing. */
  trimStartSeconds?: number;
  trimEndSeconds?: number;
  /** The shape asked in words ("make it vertical"), used when aspect_ratio is absent. */
  aspectRatio?: '16:9' | '9:16' | '1:1';
}

export interface ReadInstructions {
  operations: EditOperations;
  /** One plain sentence per operation understood, in the order given. */
  understood: string[];
  /** Clauses that matched nothing in the vocabulary. */
  notUnderstood: string[];
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  'a half': 0.5,
};
const NUM = String.raw`(\d+(?:\.\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
const UNIT = String.raw`(s|secs?|seconds?|m|mins?|minutes?)\b`;

function amount(value: string, unit: string): number {
  const n = NUMBER_WORDS[value.toLowerCase()] ?? Number(value);
  return /^m/i.test(unit) ? n * 60 : n;
}

interface Rule {
  pattern: RegExp;
  apply(m: RegExpMatchArray, ops: EditOperations): string;
}

const NEG = "(?:no|without|remove|drop|skip|don'?t (?:add|use|want|put)|do not (?:add|use|want|put)|turn off|disable|hide)";

/** Order matters: the negative forms come before the positive ones they contain. */
const RULES: Rule[] = [
  {
    pattern: new RegExp(String.raw`\b(?:cut|trim|remove|drop|skip)\s+(?:off\s+)?the\s+first\s+${NUM}\s*${UNIT}`, 'i'),
    apply: (m, o) => {
      o.trimStartSeconds = amount(m[1]!, m[2]!);
      return `cut the first ${o.trimStartSeconds} s`;
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:cut|trim|remove|drop|skip)\s+(?:off\s+)?the\s+last\s+${NUM}\s*${UNIT}`, 'i'),
    apply: (m, o) => {
      o.trimEndSeconds = amount(m[1]!, m[2]!);
      return `cut the last ${o.trimEndSeconds} s`;
    },
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:make it|keep it|cut it to|trim it to|shorten(?: it)? to|under|at most|no (?:longer|more) than|max(?:imum)?|limit(?: it)? to)\s+(?:about\s+)?${NUM}[\s-]*${UNIT}`,
      'i',
    ),
    apply: (m, o) => {
      o.targetSeconds = amount(m[1]!, m[2]!);
      return `keep it to ${o.targetSeconds} s`;
    },
  },
  {
    pattern: new RegExp(String.raw`\b${NUM}[\s-]*${UNIT}\s+(?:long|max|video|edit|cut|version)\b`, 'i'),
    apply: (m, o) => {
      o.targetSeconds = amount(m[1]!, m[2]!);
      return `keep it to ${o.targetSeconds} s`;
    },
  },
  {
    pattern: /\b(?:keep|leave|don'?t (?:cut|remove)|do not (?:cut|remove))\s+(?:the\s+|all\s+)?(?:silences?|pauses?|dead air|gaps?)\b/i,
    apply: (_m, o) => {
      o.removeSilences = false;
      return 'keep the pauses';
    },
  },
  {
    pattern:
      /\b(?:remove|cut|trim|delete|drop|skip|tighten|no)\s+(?:out\s+)?(?:the\s+|all\s+)?(?:silences?|pauses?|dead air|gaps?|awkward pauses?)\b|\b(?:jump cuts?|dead air)\b/i,
    apply: (_m, o) => {
      o.removeSilences = true;
      return 'remove silences';
    },
  },
  {
    pattern: new RegExp(String.raw`\b${NEG}\s+(?:the\s+|any\s+)?(?:captions?|subtitles?|subs|text)\b`, 'i'),
    apply: (_m, o) => {
      o.captions = false;
      return 'no captions';
    },
  },
  {
    pattern: /\b(?:add|with|show|burn(?: in)?|include|put)?\s*(?:the\s+)?(?:captions?|subtitles?|subs)\b/i,
    apply: (_m, o) => {
      o.captions = true;
      return 'add captions';
    },
  },
  {
    pattern: new RegExp(String.raw`\b${NEG}\s+(?:the\s+|any\s+|background\s+)?music\b|\bmusic\s+off\b|\bsilent background\b`, 'i'),
    apply: (_m, o) => {
      o.music = false;
      return 'no music';
    },
  },
  {
    pattern: /\b(?:add|with|use|put)\s+(?:some\s+)?(?:background\s+)?music\b|\bmusic\b/i,
    apply: (_m, o) => {
      o.music = true;
      return 'add music';
    },
  },
  {
    pattern: new RegExp(String.raw`\b${NEG}\s+(?:the\s+|any\s+)?zooms?(?:ing)?\b`, 'i'),
    apply: (_m, o) => {
      o.zoom = false;
      return 'no zooms';
    },
  },
  {
    pattern: /\b(?:zoom(?:s|ing)?(?:\s+in)?|punch(?:es|\s+in)?|push in|close[- ]?ups?)\b/i,
    apply: (_m, o) => {
      o.zoom = true;
      return 'zoom on the speaker';
    },
  },
  {
    pattern: /\b(?:faster|fast|quick(?:er)?|snappy|snappier|tight(?:er)?|dynamic|energetic|punchy)\b(?:\s+(?:pace|pacing|cuts?|edit))?/i,
    apply: (_m, o) => {
      o.pace = 'fast';
      return 'faster pace';
    },
  },
  {
    pattern: /\b(?:slower|slow|relaxed|calm(?:er)?|gentle|breathing room)\b(?:\s+(?:pace|pacing|cuts?|edit))?/i,
    apply: (_m, o) => {
      o.pace = 'slow';
      return 'slower pace';
    },
  },
  {
    pattern: /\b(?:vertical|portrait|9[:x]16|for (?:tiktok|reels|shorts|stories))\b/i,
    apply: (_m, o) => {
      o.aspectRatio = '9:16';
      return 'vertical 9:16';
    },
  },
  {
    pattern: /\b(?:square|1[:x]1|for instagram feed)\b/i,
    apply: (_m, o) => {
      o.aspectRatio = '1:1';
      return 'square 1:1';
    },
  },
  {
    pattern: /\b(?:landscape|horizontal|widescreen|16[:x]9|for youtube)\b/i,
    apply: (_m, o) => {
      o.aspectRatio = '16:9';
      return 'landscape 16:9';
    },
  },
];

/** Longest instructions read; longer text is refused at the API (a field error). */
export const MAX_INSTRUCTIONS_CHARS = 2000;

export function readInstructions(text: string | null | undefined): ReadInstructions {
  const operations: EditOperations = {};
  const understood: string[] = [];
  const notUnderstood: string[] = [];
  const clauses = (text ?? '')
    .split(/[.;!?\n]+|,\s*|\s+(?:and|then|also|plus|but)\s+/i)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
  for (const clause of clauses) {
    let rest = clause;
    let matched = false;
    for (const rule of RULES) {
      const m = rest.match(rule.pattern);
      if (!m) continue;
      const said = rule.apply(m, operations);
      if (!understood.includes(said)) understood.push(said);
      matched = true;
      // A clause may say two things ("cut the pauses, zoom in"): take the matched words out and go on.
      rest = rest.replace(m[0], ' ');
    }
    if (!matched) notUnderstood.push(clause);
  }
  return { operations, understood, notUnderstood };
}
