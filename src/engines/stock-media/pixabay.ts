import { z } from 'zod';
import { getLibraryJson } from './api-json.js';
import { STOCK_LICENCES, StockMediaError, type StockClip, type StockMediaSearch, type StockQuery } from './port.js';
import { pickRendition } from './renditions.js';

export interface PixabaySettings {
  apiKey: string;
  /** `https://pixabay.com` (tests: a loopback mock). */
  baseUrl: string;
  timeoutMs: number;
}

const rendition = z.looseObject({ url: z.string().nullish(), width: z.number().nullish(), height: z.number().nullish() }).nullish();

/** The part of Pixabay's `GET /api/videos/` answer used here (https://pixabay.com/api/docs/#api_search_videos). */
const pixabayAnswer = z.object({
  hits: z.array(
    z.looseObject({
      id: z.union([z.number(), z.string()]),
      pageURL: z.string(),
      duration: z.number().nullish(),
      user: z.string().nullish(),
      videos: z.looseObject({ large: rendition, medium: rendition, small: rendition, tiny: rendition }),
    }),
  ),
});

/** Pixabay's API caps `q` at 100 characters. */
const MAX_QUERY = 100;

/**
 * Pixabay videos: the key is a query parameter. The video search has no orientation filter, so
 * more clips are asked for and those of the wrong shape are left out here.
 */
export class PixabayStockMedia implements StockMediaSearch {
  readonly name = 'pixabay';

  constructor(private readonly settings: PixabaySettings) {}

  async search(q: StockQuery): Promise<StockClip[]> {
    const url = new URL(`${this.settings.baseUrl.replace(/\/+$/, '')}/api/videos/`);
    url.searchParams.set('key', this.settings.apiKey);
    url.searchParams.set('q', q.query.slice(0, MAX_QUERY));
    url.searchParams.set('safesearch', 'true');
    // Its minimum is 3; three times the clips wanted leaves room for the ones of the other shape.
    url.searchParams.set('per_page', String(Math.min(200, Math.max(3, q.perPage * 3))));
    const raw = await getLibraryJson('Pixabay', url, { timeoutMs: this.settings.timeoutMs, signal: q.signal });
    const parsed = pixabayAnswer.safeParse(raw);
    if (!parsed.success) throw new StockMediaError('Pixabay answered JSON without its hits list');
    const clips: StockClip[] = [];
    for (const hit of parsed.data.hits) {
      const files = [hit.videos.large, hit.videos.medium, hit.videos.small, hit.videos.tiny].flatMap((r) =>
        r?.url ? [{ url: r.url, width: r.width ?? 0, height: r.height ?? 0 }] : [],
      );
      const file = pickRendition(files, q.orientation);
      if (!file) continue;
      clips.push({
        source: 'pixabay',
        id: String(hit.id),
        fileUrl: file.url,
        width: file.width,
        height: file.height,
        durationSeconds: hit.duration ?? null,
        pageUrl: hit.pageURL,
        author: hit.user?.trim() || 'unknown',
        licence: STOCK_LICENCES.pixabay.name,
      });
      if (clips.length >= q.perPage) break;
    }
    return clips;
  }
}
