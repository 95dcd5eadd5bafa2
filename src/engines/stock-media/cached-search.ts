import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StockClip, StockMediaSearch, StockQuery } from './port.js';

/** Pixabay asks that answers be cached for 24 hours; Pexels' rate limit (200 an hour) is kinder to a cache too. */
export const SEARCH_CACHE_SECONDS = 24 * 3600;

interface CachedAnswer {
  savedAt: number;
  clips: StockClip[];
}

/**
 * A search remembered on disk by library, query, orientation and count: the same ad planned again
 * (a retry, another preview list of the same product) asks the library nothing. Failures are not
 * cached, so a bad minute at the library is not remembered for a day.
 */
export class CachedStockSearch implements StockMediaSearch {
  readonly name: string;

  constructor(
    private readonly inner: StockMediaSearch,
    private readonly dir: string,
    private readonly now: () => number = Date.now,
    private readonly maxAgeSeconds = SEARCH_CACHE_SECONDS,
  ) {
    this.name = inner.name;
  }

  async search(q: StockQuery): Promise<StockClip[]> {
    const key = createHash('sha256')
      .update(JSON.stringify([this.inner.name, q.query.toLowerCase(), q.orientation, q.perPage]))
      .digest('hex')
      .slice(0, 32);
    const file = join(this.dir, `${key}.json`);
    const cached = await readCached(file);
    if (cached && this.now() - cached.savedAt <= this.maxAgeSeconds * 1000) return cached.clips;
    const clips = await this.inner.search(q);
    await mkdir(this.dir, { recursive: true });
    // Written beside and renamed: a reader never sees half an answer.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, JSON.stringify({ savedAt: this.now(), clips } satisfies CachedAnswer));
    await rename(tmp, file);
    return clips;
  }
}

async function readCached(file: string): Promise<CachedAnswer | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CachedAnswer>;
    return typeof parsed.savedAt === 'number' && Array.isArray(parsed.clips) ? (parsed as CachedAnswer) : null;
  } catch {
    return null;
  }
}
