import { join } from 'node:path';
import { CachedStockSearch } from './cached-search.js';
import { StockSearchChain } from './chain.js';
import { PexelsStockMedia } from './pexels.js';
import { PixabayStockMedia } from './pixabay.js';
import type { StockMediaSearch } from './port.js';

export type { StockClip, StockMediaSearch, StockOrientation, StockQuery, StockSource } from './port.js';
export { STOCK_LICENCES, StockMediaError } from './port.js';
export { FakeStockMedia } from './fake.js';
export { CachedStockSearch } from './cached-search.js';
export { PexelsStockMedia } from './pexels.js';
export { PixabayStockMedia } from './pixabay.js';

export interface StockMediaSettings {
  pexels: { apiKey: string; baseUrl: string } | null;
  pixabay: { apiKey: string; baseUrl: string } | null;
  timeoutMs: number;
}

/**
 * The libraries the operator has keys for, Pexels first, each cached on disk under `cacheDir`;
 * null with no key at all (the offline default: the product's own pictures, no stock footage).
 */
export function createStockMedia(settings: StockMediaSettings, cacheDir: string): StockMediaSearch | null {
  const libraries: StockMediaSearch[] = [];
  if (settings.pexels) libraries.push(new PexelsStockMedia({ ...settings.pexels, timeoutMs: settings.timeoutMs }));
  if (settings.pixabay) libraries.push(new PixabayStockMedia({ ...settings.pixabay, timeoutMs: settings.timeoutMs }));
  const cached = libraries.map((l) => new CachedStockSearch(l, join(cacheDir, 'searches', l.name)));
  if (cached.length === 0) return null;
  return cached.length === 1 ? cached[0]! : new StockSearchChain(cached);
}
