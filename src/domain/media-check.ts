import { addFieldError, FetchRefused, ValidationError, type FieldErrors } from '../core/errors.js';
import { describeMediaType } from '../core/media-words.js';

/** What a checked input URL turned out to be. */
export interface CheckedMedia {
  contentType: string;
  /** Seconds of audio or video; null for pictures. */
  durationSeconds: number | null;
  /** Whether it has a sound track (music given as a video needs one). */
  hasAudio: boolean;
  /** Picture or video frame size, when the probe saw one (size limits at create). */
  widthPx?: number;
  heightPx?: number;
}

/**
 * Checks a client's media URL before a task is created, so the contract's 400 on the field comes
 * at once: fetchable, allowed address, the right kind, decodable. Rejects with `FetchRefused`
 * (or `MediaUnusable`) carrying the reason.
 */
export interface MediaUrlChecker {
  check(url: string, accept: ('image' | 'audio' | 'video')[], signal?: AbortSignal): Promise<CheckedMedia>;
}

export class MediaUnusable extends Error {
  override readonly name = 'MediaUnusable';
}

/** The client-facing reason when `err` says a client's media cannot be used; null for anything else (a fault of ours). */
export function mediaProblemOf(err: unknown): string | null {
  return err instanceof FetchRefused || err instanceof MediaUnusable ? err.message : null;
}

/** Runs a create-time media step; a client's unusable media becomes a 400 on `field`, anything else passes through. */
export async function asFieldError<T>(field: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const problem = mediaProblemOf(err);
    if (problem !== null) throw ValidationError.field(field, problem);
    throw err;
  }
}

export type MediaAccept = 'image' | 'audio' | 'video';

/** One media field of a request: its name on the wire (dotted path), its value and what it may be. */
export interface MediaFieldCheck {
  field: string;
  url: string;
  accept: MediaAccept[];
  /** Music given as a video must carry sound. */
  needsAudio?: boolean;
}

/** Distinct URLs probed at once at most; a link may list dozens of pictures. */
const CHECK_CONCURRENCY = 4;

/**
 * Probes every media field of a request, each distinct URL once (a URL given in several fields is
 * fetched with the kinds of all of them, then judged per field). Returns the 400 field map of the
 * unusable ones (empty when all can be used); faults of ours are thrown.
 */
export async function checkMediaFields(checker: MediaUrlChecker, checks: MediaFieldCheck[], signal?: AbortSignal): Promise<FieldErrors> {
  const accepts = new Map<string, Set<MediaAccept>>();
  for (const c of checks) {
    const set = accepts.get(c.url) ?? new Set<MediaAccept>();
    c.accept.forEach((k) => {
      set.add(k);
    });
    accepts.set(c.url, set);
  }
  const outcomes = new Map<string, CheckedMedia | { problem: string }>();
  const queue = [...accepts.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, kinds] = next;
      try {
        outcomes.set(url, await checker.check(url, [...kinds], signal));
      } catch (err) {
        const problem = mediaProblemOf(err);
        if (problem === null) throw err;
        outcomes.set(url, { problem });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, queue.length) }, worker));
  const errors: FieldErrors = {};
  for (const c of checks) {
    const problem = fieldProblem(c, outcomes.get(c.url)!);
    if (problem) addFieldError(errors, c.field, problem);
  }
  return errors;
}

// The fetcher's words (engines/fetch/messages.ts), so a refusal reads the same whichever step made it.
const KIND_NOUNS: Record<MediaAccept, string> = { image: 'an image', audio: 'an audio file', video: 'a video' };

function fieldProblem(c: MediaFieldCheck, outcome: CheckedMedia | { problem: string }): string | null {
  if ('problem' in outcome) return outcome.problem;
  const kind = outcome.contentType.split('/')[0] as MediaAccept;
  if (!c.accept.includes(kind)) return `Expected ${c.accept.map((k) => KIND_NOUNS[k]).join(' or ')} but the file is ${describeMediaType(outcome.contentType)}`;
  if ((c.needsAudio || kind === 'audio') && !outcome.hasAudio) return 'the file at this URL has no audio track';
  return null;
}
