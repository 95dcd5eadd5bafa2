/**
 * When a word or a phone is spoken in an audio track, in seconds from the track's start. Every
 * layer uses these: speech engines produce them, visemes and captions read them, video plans
 * carry them. Imports nothing.
 */

export interface WordTiming {
  word: string;
  startSeconds: number;
  endSeconds: number;
  /**
   * What the screen shows for the stretch of script this spoken word starts ("$34.95" on
   * "thirty-four"), or "" when the word continues the stretch of the word before ("dollars");
   * absent when the word shows as itself.
   */
  shown?: string;
}

export interface PhoneTiming {
  /** The engine's own phone symbol (espeak mnemonics, CMU/ARPAbet for flite and festival). */
  phone: string;
  startSeconds: number;
  endSeconds: number;
}

/**
 * Word timings as saved by any version: `{word, startSeconds, endSeconds}`, or `{word, start, end}`
 * as task results and plans stored before the rename hold them. Anything else is dropped.
 */
export function readSavedWordTimings(saved: unknown): WordTiming[] | null {
  if (!Array.isArray(saved)) return null;
  const out: WordTiming[] = [];
  for (const item of saved) {
    if (typeof item !== 'object' || item === null) continue;
    const w = item as Record<string, unknown>;
    const startSeconds = typeof w.startSeconds === 'number' ? w.startSeconds : w.start;
    const endSeconds = typeof w.endSeconds === 'number' ? w.endSeconds : w.end;
    if (typeof w.word !== 'string' || typeof startSeconds !== 'number' || typeof endSeconds !== 'number') continue;
    out.push({ word: w.word, startSeconds, endSeconds, ...(typeof w.shown === 'string' ? { shown: w.shown } : {}) });
  }
  return out;
}

/**
 * A saved plan (task result JSON) with every word and phone timing in today's names. Plans saved
 * before the rename carry `{word|phone, start, end}`; a task planned then and rendered now (a
 * link video's preview, then its render) must still get its captions and lip sync.
 */
export function upgradeSavedTimings<T>(saved: T): T {
  return upgrade(saved) as T;
}

function upgrade(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(upgrade);
  if (typeof value !== 'object' || value === null) return value;
  const o = value as Record<string, unknown>;
  const isOldTiming =
    (typeof o.word === 'string' || typeof o.phone === 'string') && typeof o.start === 'number' && typeof o.end === 'number' && !('startSeconds' in o);
  if (isOldTiming) {
    const { start, end, ...rest } = o;
    return { ...rest, startSeconds: start, endSeconds: end };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = upgrade(v);
  return out;
}
