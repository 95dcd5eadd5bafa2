import type { WordTiming } from '../../core/timing.js';
import { tokenizeWords, type BreakAfter } from '../../engines/speech/word-tokens.js';

/** One picture's stretch of the short: the words spoken over it and where it starts and ends. */
export interface ShortScene {
  text: string;
  startSeconds: number;
  endSeconds: number;
}

/** Scene lengths in seconds: a sentence may close a scene once it is this long … */
export const MIN_SCENE_SECONDS = 1.6;
/** … a comma or a pause once it is this long … */
const TARGET_SCENE_SECONDS = 4.5;
/** … and any word boundary once it is this long. */
const MAX_SCENE_SECONDS = 7;
/** A silence this long between two words is a pause, whatever the punctuation says. */
const PAUSE_SECONDS = 0.35;

/**
 * Cuts the narration into scenes at sentence ends and pauses: a scene closes at the end of a
 * sentence once it is at least MIN long, at a comma or a pause once it reaches TARGET, and at
 * any word once it reaches MAX; each cut falls in the middle of the silence between two words, so
 * the picture changes between phrases. A last scene shorter than MIN joins the one before. The
 * scenes cover 0..totalSeconds exactly. Pure.
 *
 * `script` gives the punctuation: when its words line up with the timed ones (the speech engines
 * time the script's own words) each word knows its break; otherwise only the pauses count.
 */
export function splitShortScenes(script: string, words: readonly WordTiming[], totalSeconds: number): ShortScene[] {
  if (words.length === 0) return [{ text: script.trim(), startSeconds: 0, endSeconds: round(totalSeconds) }];
  const tokens = tokenizeWords(script);
  const breaks: BreakAfter[] = tokens.length === words.length ? tokens.map((t) => t.breakAfter) : words.map(() => 'none');
  const groups: { from: number; to: number }[] = [];
  let from = 0;
  let startSeconds = 0;
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    if (!next) break;
    const lengthSeconds = words[i]!.endSeconds - startSeconds;
    const pause = next.startSeconds - words[i]!.endSeconds >= PAUSE_SECONDS;
    const cut = (breaks[i] === 'sentence' && lengthSeconds >= MIN_SCENE_SECONDS)
      || ((breaks[i] === 'clause' || pause) && lengthSeconds >= TARGET_SCENE_SECONDS)
      || lengthSeconds >= MAX_SCENE_SECONDS;
    if (cut) {
      groups.push({ from, to: i });
      from = i + 1;
      startSeconds = cutBetween(words[i]!, next);
    }
  }
  groups.push({ from, to: words.length - 1 });
  const last = groups[groups.length - 1]!;
  if (groups.length > 1 && totalSeconds - cutBetween(words[last.from - 1]!, words[last.from]!) < MIN_SCENE_SECONDS) {
    groups.pop();
    groups[groups.length - 1]!.to = last.to;
  }
  const textOf = (g: { from: number; to: number }) => {
    // The script's own spelling (with punctuation) when it lines up; the timed words otherwise.
    const source = tokens.length === words.length ? scriptWords(script) : words.map((w) => w.word);
    return source.slice(g.from, g.to + 1).join(' ');
  };
  return groups.map((g, k) => ({
    text: textOf(g),
    startSeconds: k === 0 ? 0 : round(cutBetween(words[g.from - 1]!, words[g.from]!)),
    endSeconds: k === groups.length - 1 ? round(totalSeconds) : round(cutBetween(words[g.to]!, words[g.to + 1]!)),
  }));
}

/** The script's spoken words as written (outer punctuation kept), one per timed word. */
function scriptWords(script: string): string[] {
  const out: string[] = [];
  for (const raw of script.split(/\s+/)) {
    if (/[\p{L}\p{N}]/u.test(raw)) out.push(raw);
    else if (out.length > 0) out[out.length - 1] += raw;
  }
  return out;
}

function cutBetween(a: WordTiming, b: WordTiming): number {
  return (a.endSeconds + Math.max(a.endSeconds, b.startSeconds)) / 2;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
