import { StockMediaError } from './port.js';

/**
 * GETs a library's JSON. The API root is the operator's configuration (a fixed public host, or a
 * test's loopback mock), not a client's URL, so it is called directly; the clips it names are
 * downloaded through the fetcher. Failures become `StockMediaError`, never the key.
 */
export async function getLibraryJson(
  library: string,
  url: URL,
  opts: { headers?: Record<string, string>; timeoutMs: number; signal?: AbortSignal },
): Promise<unknown> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...opts.headers }, signal, redirect: 'error' });
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const why = timeout.aborted ? `no answer within ${opts.timeoutMs} ms` : err instanceof Error ? err.message : String(err);
    throw new StockMediaError(`${library} could not be reached: ${why}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new StockMediaError(`${library} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`, res.status);
  }
  try {
    return await res.json();
  } catch {
    throw new StockMediaError(`${library} answered something that is not JSON`, res.status);
  }
}
