import { StockMediaError, type StockClip, type StockMediaSearch, type StockQuery } from './port.js';

/** In-memory library for unit tests: every query finds the clips given (of the orientation asked), or fails. */
export class FakeStockMedia implements StockMediaSearch {
  readonly name = 'fake';
  readonly queries: StockQuery[] = [];

  constructor(
    private readonly clips: StockClip[] = [],
    private readonly failure: string | null = null,
  ) {}

  async search(q: StockQuery): Promise<StockClip[]> {
    this.queries.push(q);
    if (this.failure) throw new StockMediaError(this.failure, 500);
    return this.clips.filter((c) => (c.width > c.height ? 'landscape' : c.width < c.height ? 'portrait' : 'square') === q.orientation).slice(0, q.perPage);
  }
}
