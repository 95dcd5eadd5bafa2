import { ClipwrightError, TaskFailedError, WaitTimeoutError } from './errors.js';

/** What every waitable resource has: tasks (pending → done|failed), custom avatars (→ active), cloned voices. */
export interface Settling {
  id: string;
  status?: string;
  progress?: number;
}

export interface WaitOptions {
  /** Called on the first poll and whenever status or progress changes. */
  onProgress?: (state: Settling) => void;
  signal?: AbortSignal;
  /** Gives up with WaitTimeoutError after this long (default 15 minutes: a long render on a busy machine). */
  timeoutMs?: number;
  /** First pause between polls (default 500 ms); it grows by half each poll up to `maxIntervalMs`. */
  intervalMs?: number;
  /** Longest pause between polls (default 5000 ms). */
  maxIntervalMs?: number;
  /** Return a failed task instead of throwing TaskFailedError. */
  allowFailed?: boolean;
}

const SETTLED = new Set(['done', 'failed', 'active']);

/** Whether a resource has reached a final state; something without a status (a built-in voice) is final. */
export const isSettled = (state: Settling) => state.status === undefined || SETTLED.has(state.status);

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls `read` until the resource settles. Backs off so a long render costs a few requests a
 * minute, not one per 500 ms, and honours a 429's Retry-After instead of failing the wait.
 */
export async function waitUntilSettled<T extends Settling>(read: (signal: AbortSignal | undefined) => Promise<T>, options: WaitOptions = {}): Promise<T> {
  const { onProgress, signal, timeoutMs = 15 * 60_000, intervalMs = 500, maxIntervalMs = 5000 } = options;
  const deadline = Date.now() + timeoutMs;
  let pause = intervalMs;
  let last: T | null = null;
  let seen = '';
  for (;;) {
    signal?.throwIfAborted();
    let state: T;
    try {
      state = await read(signal);
    } catch (err) {
      if (!(err instanceof ClipwrightError && err.status === 429)) throw err;
      await sleep(Math.min((err.retryAfterSeconds ?? 1) * 1000, Math.max(0, deadline - Date.now())), signal);
      if (Date.now() >= deadline) throw new WaitTimeoutError(last, timeoutMs);
      continue;
    }
    last = state;
    const key = `${state.status}:${state.progress}`;
    if (key !== seen) {
      seen = key;
      onProgress?.(state);
    }
    if (isSettled(state)) {
      if (state.status === 'failed' && !options.allowFailed) throw new TaskFailedError(state as Settling & { failed_reason?: string | null });
      return state;
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new WaitTimeoutError(state, timeoutMs);
    await sleep(Math.min(pause, left), signal);
    pause = Math.min(maxIntervalMs, Math.round(pause * 1.5));
  }
}
