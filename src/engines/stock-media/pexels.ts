import { z } from 'zod';
import { getLibraryJson } from './api-json.js';
import { STOCK_LICENCES, StockMediaError, type StockClip, type StockMediaSearch, type StockQuery } from './port.js';
import { pickRendition } from './renditions.js';

export interface PexelsSettings {
  apiKey: string;
  /** `https://api.pexels.com` (tests: a loopback mock). */
  baseUrl: string;
  timeoutMs: number;
}

/** The part of Pexels' `GET /videos/search` answer used here (https://www.pexels.com/api/documentation/#videos-search). */
const pexelsAnswer = z.object({
  videos: z.array(
    z.looseObject({
      id: z.union([z.number(), z.string()]),
      url: z.string(),
      duration: z.number().nullish(),
      user: z.looseObject({ name: z.string().nullish() }).nullish(),
      video_files: z.array(z.looseObject({ link: z.string(), width: z.number().nullish(), height: z.number().nullish(), file_type: z.string().nullish() })),
    }),
  ),
});

/** Pexels videos: the key in the `Authorization` header; `orientation` is a search parameter. */
export class PexelsStockMedia implements StockMediaSearch {
  readonly name = 'pexels';

  constructor(private readonly settings: PexelsSettings) {}

  async search(q: StockQuery): Promise<StockClip[]> {
    const url = new URL(`${this.settings.baseUrl.replace(/\/+$/, '')}/videos/search`);
    url.searchParams.set('query', q.query);
    url.searchParams.set('orientation', q.orientation);
    url.searchParams.set('per_page', String(Math.min(80, Math.max(1, q.perPage))));
    const raw = await getLibraryJson('Pexels', url, {
      headers: { authorization: this.settings.apiKey },
      timeoutMs: this.settings.timeoutMs,
      signal: q.signal,
    });
    const parsed = pexelsAnswer.safeParse(raw);
    if (!parsed.success) throw new StockMediaError('Pexels answered JSON without its videos list');
    const clips: StockClip[] = [];
    for (const v of parsed.data.videos) {
      const files = v.video_files
        .filter((f) => !f.file_type || f.file_type === 'video/mp4')
        .map((f) => ({ url: f.link, width: f.width ?? 0, height: f.height ?? 0 }));
      const file = pickRendition(files, q.orientation);
      if (!file) continue;
      clips.push({
        source: 'pexels',
        id: String(v.id),
        fileUrl: file.url,
        width: file.width,
        height: file.height,
        durationSeconds: v.duration ?? null,
        pageUrl: v.url,
        author: v.user?.name?.trim() || 'unknown',
        licence: STOCK_LICENCES.pexels.name,
      });
    }
    return clips;
  }
}
