import type { Settling, WaitOptions } from '../../../sdk/src/index.js';
import { UsageError } from '../settings.js';

/** Flags every creating command takes. */
export const WAIT_FLAGS = {
  wait: { type: 'boolean' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  'idempotency-key': { type: 'string' },
} as const;

export function waitOptions(values: { timeout?: string }, onProgress: (s: Settling) => void): WaitOptions {
  const timeoutSeconds = values.timeout === undefined ? 30 * 60 : Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) throw new UsageError('--timeout takes a number of seconds above 0.');
  return { onProgress, timeoutMs: timeoutSeconds * 1000 };
}
