import type { StockClip, StockMediaSearch, StockQuery } from './port.js';

/**
 * Both libraries configured: the first that finds something answers; the next is asked when one
 * finds nothing or fails. When all fail, the first failure is what the caller hears.
 */
export class StockSearchChain implements StockMediaSearch {
  readonly name: string;

  constructor(private readonly libraries: StockMediaSearch[]) {
    this.name = libraries.map((l) => l.name).join('+');
  }

  async search(q: StockQuery): Promise<StockClip[]> {
    let firstError: unknown = null;
    for (const library of this.libraries) {
      try {
        const clips = await library.search(q);
        if (clips.length > 0) return clips;
      } catch (err) {
        if (q.signal?.aborted) throw err;
        firstError ??= err;
      }
    }
    if (firstError) throw firstError;
    return [];
  }
}
