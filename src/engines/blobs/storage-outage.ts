import { DependencyUnavailable } from '../../core/errors.js';
import { SOCKET_FAILURE_CODES } from '../outages/socket-failures.js';

const NETWORK_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);

/**
 * The outage an S3 SDK error stands for — no answer, or an answer that says the server cannot
 * serve now (5xx, 429 "slow down") — or null for an answer about the request itself (403, 404, a
 * bad bucket) and for our own aborts. `where` names the bucket in the cause, for the log.
 */
export function s3OutageOf(err: unknown, where: string): DependencyUnavailable | null {
  if (err instanceof DependencyUnavailable) return err;
  const e = err as { name?: unknown; code?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number } };
  if (!e || e.name === 'AbortError') return null;
  const status = e.$metadata?.httpStatusCode;
  const name = typeof e.name === 'string' ? e.name : '';
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const answeredDown = status !== undefined && (status >= 500 || status === 429);
  const noAnswer =
    status === undefined && (SOCKET_FAILURE_CODES.has(code) || NETWORK_NAMES.has(name) || /socket hang up|ECONNREFUSED|ECONNRESET/.test(message));
  if (!answeredDown && !noAnswer) return null;
  // The client's message names no host; the cause (logged) and /readyz carry the details.
  const cause = Object.assign(new Error(`${where}: ${s3ErrorSummary(err)}`), { cause: err });
  return new DependencyUnavailable('storage', 'The file storage is not available right now, so nothing was saved. Try again in a few seconds.', { cause });
}

/** An S3 SDK error in a few words: the HTTP status and error name when the server answered, else the socket's message. */
export function s3ErrorSummary(err: unknown): string {
  const e = err as { name?: unknown; code?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  const name = typeof e?.name === 'string' ? e.name : '';
  if (status !== undefined) return `HTTP ${status} ${name}`.trim();
  const text = [e?.message, e?.code, name].find((t) => typeof t === 'string' && t !== '') as string | undefined;
  return (text ?? String(err)).slice(0, 200);
}
