/**
 * How many things run at once, written once: every layer that starts work in parallel (renders,
 * loudness measurements, drawn pictures) shares these two, so a limit means the same everywhere.
 */

/**
 * A gate that lets at most `limit` tasks run at once; the rest wait their turn, first come first
 * served. A task that ends hands its slot straight to the next waiter rather than freeing it, so
 * the limit holds without depending on when the waiter's continuation runs.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  checkLimit(limit);
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Runs `fn` over the items, at most `limit` at a time, and gives the results in the items' order.
 * The first rejection rejects the whole and no item after it starts (those already running finish
 * on their own; pass them an `AbortSignal` to stop them).
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  checkLimit(limit);
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i] as T, i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a concurrency limit is a whole number of at least 1, not ${limit}`);
}
