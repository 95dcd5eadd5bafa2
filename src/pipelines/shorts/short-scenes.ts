import type { WordTiming } from '../../core/timing.js';
import { tokenizeWords, type BreakAfter } from '../../engines/speech/word-tokens.js';

/** One picture's stretch of the short: the words spoken over it and where it starts and ends. */
export interface ShortScene {
  text: string;
  startSeconds: number;
  endSeconds: number;
}

/** The words of one scene, by index into the script's spoken words (`tokenizeWords`). */
export interface SceneWords {
  text: string;
  fromWord: number;
  toWord: number;
}

/** Scene lengths in (spoken) seconds: a sentence may close a scene once it is this long … */
export const MIN_SCENE_SECONDS = 1.6;
/** … a comma, a dash or a semicolon (a pause) once it is this long … */
const TARGET_SCENE_SECONDS = 4.5;
/** … and any word boundary once it is this long. */
const MAX_SCENE_SECONDS = 7;

/** A first guess of how long a word takes to say, with the pause after it: scenes are chosen before the narration exists. */
function estimatedSeconds(word: string, pause: BreakAfter): number {
  return 0.1 + 0.062 * word.length + (pause === 'sentence' ? 0.45 : pause === 'clause' ? 0.22 : 0);
}

/**
 * Groups the script's words into scenes at its sentence ends and pauses: a scene closes at the
 * end of a sentence once it is at least MIN long, at a pause (comma, dash, semicolon) once it
 * reaches TARGET, and at any word once it reaches MAX; a last scene shorter than MIN joins the one
 * before. Lengths are estimated from the words (the pictures are drawn while the narration is
 * being spoken); `timeScenes` then places each cut in the narration's real silences. Pure.
 */
export function groupSceneWords(script: string): SceneWords[] {
  const tokens = tokenizeWords(script);
  if (tokens.length === 0) return [];
  const spelled = scriptWords(script);
  const groups: { from: number; to: number; seconds: number }[] = [];
  let from = 0;
  let seconds = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const spoken = seconds + estimatedSeconds(t.word, 'none');
    seconds += estimatedSeconds(t.word, t.breakAfter);
    if (i === tokens.length - 1) break;
    const cut =
      (t.breakAfter === 'sentence' && spoken >= MIN_SCENE_SECONDS) ||
      (t.breakAfter === 'clause' && spoken >= TARGET_SCENE_SECONDS) ||
      spoken >= MAX_SCENE_SECONDS;
    if (cut) {
      groups.push({ from, to: i, seconds: spoken });
      from = i + 1;
      seconds = 0;
    }
  }
  groups.push({ from, to: tokens.length - 1, seconds });
  const last = groups[groups.length - 1]!;
  if (groups.length > 1 && last.seconds < MIN_SCENE_SECONDS) {
    groups.pop();
    groups[groups.length - 1]!.to = last.to;
  }
  const source = spelled.length === tokens.length ? spelled : tokens.map((t) => t.word);
  return groups.map((g) => ({ text: source.slice(g.from, g.to + 1).join(' '), fromWord: g.from, toWord: g.to }));
}

/**
 * The scenes on the narration's clock: each cut falls in the middle of the silence between the
 * last word of one scene and the first of the next, so the picture changes between phrases; the
 * scenes cover 0..totalSeconds exactly. The speech engines time the script's own words; if their
 * count differs (an engine that spells a number out), scene boundaries are mapped in proportion.
 */
export function timeScenes(groups: readonly SceneWords[], scriptWordCount: number, words: readonly WordTiming[], totalSeconds: number): ShortScene[] {
  if (groups.length === 0) return [];
  const timedIndex = (i: number) => (words.length === scriptWordCount ? i : Math.round(((i + 1) * words.length) / Math.max(1, scriptWordCount)) - 1);
  const cuts = [0];
  for (const g of groups.slice(0, -1)) {
    const last = Math.min(words.length - 2, Math.max(0, timedIndex(g.toWord)));
    const a = words[last],
      b = words[last + 1];
    cuts.push(a && b ? (a.endSeconds + Math.max(a.endSeconds, b.startSeconds)) / 2 : (totalSeconds * (g.toWord + 1)) / Math.max(1, scriptWordCount));
  }
  cuts.push(totalSeconds);
  // A cut can never go backwards, whatever the timings say.
  for (let i = 1; i < cuts.length; i++) cuts[i] = Math.min(totalSeconds, Math.max(cuts[i]!, cuts[i - 1]! + 0.2));
  return groups.map((g, k) => ({ text: g.text, startSeconds: round(cuts[k]!), endSeconds: round(k === groups.length - 1 ? totalSeconds : cuts[k + 1]!) }));
}

/** The script's spoken words as written (outer punctuation kept), one per `tokenizeWords` token. */
function scriptWords(script: string): string[] {
  const out: string[] = [];
  for (const raw of script.split(/\s+/)) {
    if (/[\p{L}\p{N}]/u.test(raw)) out.push(raw);
    else if (out.length > 0) out[out.length - 1] += raw;
  }
  return out;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
