import { FetchRefused, ValidationError } from './errors.js';

/** What a checked input URL turned out to be. */
export interface CheckedMedia {
  contentType: string;
  /** Seconds of audio or video; null for pictures. */
  durationSeconds: number | null;
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
