import { DependencyUnavailable } from '../../core/errors.js';

/** Codes a full disk shows as: the OS's (a write, ffmpeg's output) and SQLite's. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
/** A full disk as a tool reports it in its message or stderr (ffmpeg, espeak, SQLite). */
const DISK_FULL_TEXT = /no space left on device|database or disk is full|disk quota exceeded/i;
/** Deep enough for every wrapper we put around an engine's error. */
const MAX_CAUSES = 8;

export const DISK_FULL_MESSAGE = "The server's data disk is full, so nothing was saved. Try again later; the operator has to free space on it.";

/**
 * The outage an error stands for, looking through its `cause`s: a `DependencyUnavailable` an
 * adapter threw (the database, the file storage), or a full disk however it surfaced (an fs
 * write, SQLite, a tool's stderr). Null for every other error — a bad input, a bug.
 */
export function outageOf(err: unknown): DependencyUnavailable | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < MAX_CAUSES; depth++, e = (e as { cause?: unknown }).cause) {
    if (e instanceof DependencyUnavailable) return e;
    if (isDiskFull(e)) return new DependencyUnavailable('disk', DISK_FULL_MESSAGE, { cause: err });
  }
  return null;
}

function isDiskFull(e: unknown): boolean {
  const { code, message } = e as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && DISK_FULL_CODES.has(code)) || (typeof message === 'string' && DISK_FULL_TEXT.test(message));
}
