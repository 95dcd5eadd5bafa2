import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LinkFacts } from '../../domain/links/link-facts.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { StockClip, StockMediaSearch, StockOrientation, StockSource } from '../../engines/stock-media/port.js';
import type { AspectRatio } from '../../media/timeline.js';
import { isScriptLanguage } from '../text/languages.js';
import { STOP_WORDS, wordTokens } from '../text/stop-words.js';

/** Stock clips per ad: b-roll between the product's own shots, never instead of them. */
export const MAX_STOCK_CLIPS = 2;
/** Clips asked for per query, so one already taken (or of the wrong shape) leaves others. */
const PER_QUERY = 5;
/** A clip file larger than this is not taken (a 4K rendition slipped through; 720p clips are a few MB). */
const MAX_CLIP_BYTES = 80 * 1024 * 1024;
/** Content words per query, besides the industry's word. */
const WORDS_PER_QUERY = 2;

/** What a stock clip is, on the plan and the task: where it came from and under which licence. */
export interface StockCredit {
  /** Its file in the plan folder. */
  file: string;
  source: StockSource;
  pageUrl: string;
  author: string;
  licence: string;
  /** The words it was found by. */
  query: string;
}

export interface StockBroll {
  /** Plan file names, in the order to show them. */
  files: string[];
  credits: StockCredit[];
  /** Why fewer clips than asked came (the library failed, nothing matched); the ad renders from the product's pictures. */
  problem?: string;
}

export interface StockBrollDeps {
  /** null: no key configured (the offline default). */
  stockMedia: { search: StockMediaSearch; cacheDir: string } | null;
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
}

export interface StockBrollRequest {
  noStockBroll?: boolean;
  aspectRatio: AspectRatio;
  language: string;
  facts: Pick<LinkFacts, 'title' | 'aiIndustry'> & { brand?: string | null; siteName?: string | null; imageUrls?: string[]; videoUrls?: string[] };
}

/**
 * Clips for this page: never more than the product's own pictures and clips, so the product
 * keeps at least half of the scenes (one photo: one stock clip), and at most `MAX_STOCK_CLIPS`.
 */
export function stockClipsFor(facts: StockBrollRequest['facts']): number {
  const own = (facts.imageUrls?.length ?? 0) + (facts.videoUrls?.length ?? 0);
  return Math.min(MAX_STOCK_CLIPS, Math.max(1, own));
}

export function orientationFor(aspectRatio: AspectRatio): StockOrientation {
  return aspectRatio === '9:16' ? 'portrait' : aspectRatio === '16:9' ? 'landscape' : 'square';
}

/** A word stock libraries know for each of the contract's industries. */
const INDUSTRY_WORD: Record<string, string> = {
  'Apparel & Accessories': 'fashion',
  Appliances: 'home appliance',
  Apps: 'smartphone',
  'Baby Kids & Maternity': 'baby',
  'Beauty & Personal Care': 'skincare',
  'Business Services': 'office',
  'E-Commerce': 'shopping',
  Education: 'studying',
  'Financial Services': 'finance',
  'Food & Beverage': 'food',
  Games: 'gaming',
  Health: 'wellness',
  'Home Improvement': 'home renovation',
  'Household Products': 'home',
  'Life Services': 'lifestyle',
  'News & Entertainment': 'entertainment',
  Pets: 'pets',
  'Sports & Outdoors': 'outdoors',
  'Tech & Electronics': 'technology',
  Travel: 'travel',
  'Vehicle & Transportation': 'car',
};

/** Words of ads that picture nothing: selling words, time and quantity words. */
const SAYS_NOTHING = new Set(
  (
    'product products new best great good better perfect ultimate amazing love loved need needs want wants make makes made ' +
    'keep keeps keeping get gets got use uses used shop order today now free shipping price only just also every each ' +
    'hours hour minutes days day week weeks year years time times ever never always still even much many more less ' +
    'whole first last next says said thing things stuff ready right works work really meet meets yours mine ours ' +
    'stay stays stayed lets let see try buy add put off way one two out big own yes bye feel feels look looks'
  ).split(' '),
);

/**
 * Search queries from the script, one per sentence in script order: the sentence's first
 * content words (stop words, selling words, numbers and the product's own name left out —
 * a library has no footage of "TrailFlask"), then the industry's word. Plain and predictable:
 * the task records each query beside the clip it found.
 */
export function stockQueries(script: string, req: Pick<StockBrollRequest, 'language' | 'facts'>, max = MAX_STOCK_CLIPS * 2): string[] {
  const language = isScriptLanguage(req.language) ? req.language : 'en';
  const own = new Set(wordTokens([req.facts.title, req.facts.brand ?? '', req.facts.siteName ?? ''].join(' ')));
  const industry = INDUSTRY_WORD[req.facts.aiIndustry] ?? '';
  const queries: string[] = [];
  for (const sentence of script.split(/(?<=[.!?])\s+|\n+/)) {
    const words: string[] = [];
    for (const w of wordTokens(sentence)) {
      if (w.length < 3 || STOP_WORDS[language].has(w) || STOP_WORDS.en.has(w) || SAYS_NOTHING.has(w) || own.has(w) || words.includes(w)) continue;
      words.push(w);
      if (words.length === WORDS_PER_QUERY) break;
    }
    if (words.length === 0) continue;
    const query = [...words, ...(industry && !words.includes(industry) ? [industry] : [])].join(' ');
    if (!queries.includes(query)) queries.push(query);
    if (queries.length === max) break;
  }
  // A script with nothing to picture still has its industry.
  if (queries.length === 0 && industry) queries.push(industry);
  return queries;
}

/**
 * Stock b-roll for an ad: searched by the script's sentences and the industry, in the frame's
 * orientation, downloaded through the fetcher (the same address, size and type rules as every
 * URL) and kept under the cache folder, so a clip is fetched once per machine. null when not
 * asked for: no key, or `no_stock_broll` (then no library is asked anything). A library that
 * fails leaves the ad to the product's own pictures; the reason is recorded, the task goes on.
 */
export async function fetchStockBroll(
  req: StockBrollRequest,
  script: string,
  deps: StockBrollDeps,
  opts: { planDir: string; signal?: AbortSignal },
): Promise<StockBroll | null> {
  const stock = deps.stockMedia;
  if (!stock || req.noStockBroll) return null;
  try {
    return await searchAndFetch(stock, req, script, deps, opts);
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    // Stock footage is an extra: whatever went wrong (a full cache disk …), the ad is made without it.
    return { files: [], credits: [], problem: `stock footage could not be prepared: ${err instanceof Error ? err.message : String(err)}` };
  }
}

async function searchAndFetch(
  stock: NonNullable<StockBrollDeps['stockMedia']>,
  req: StockBrollRequest,
  script: string,
  deps: StockBrollDeps,
  opts: { planDir: string; signal?: AbortSignal },
): Promise<StockBroll> {
  const orientation = orientationFor(req.aspectRatio);
  const wanted = stockClipsFor(req.facts);
  const broll: StockBroll = { files: [], credits: [] };
  const taken = new Set<string>();
  const problems: string[] = [];
  for (const query of stockQueries(script, req)) {
    if (broll.files.length === wanted) break;
    let clips: StockClip[];
    try {
      clips = await stock.search.search({ query, orientation, perPage: PER_QUERY, signal: opts.signal });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      problems.push(err instanceof Error ? err.message : String(err));
      // The library is down or refuses the key: asking again for the next sentence would fail the same way.
      break;
    }
    const clip = clips.find((c) => !taken.has(`${c.source}:${c.id}`));
    if (!clip) continue;
    taken.add(`${clip.source}:${clip.id}`);
    const file = `stock-${broll.files.length}.mp4`;
    try {
      await cachedClip(clip, join(opts.planDir, file), stock.cacheDir, deps, opts.signal);
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      problems.push(`${clip.source} clip ${clip.id} could not be used: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    broll.files.push(file);
    broll.credits.push({ file, source: clip.source, pageUrl: clip.pageUrl, author: clip.author, licence: clip.licence, query });
  }
  if (broll.files.length === 0 && problems.length === 0) problems.push(`${stock.search.name} found no ${orientation} clip for the script's words`);
  if (problems.length > 0) broll.problem = problems.join('; ');
  return broll;
}

/** The clip from the machine's cache, or downloaded into it first (and checked to be a video ffmpeg reads). */
async function cachedClip(clip: StockClip, dest: string, cacheDir: string, deps: StockBrollDeps, signal?: AbortSignal): Promise<void> {
  const dir = join(cacheDir, 'clips');
  const cached = join(dir, `${clip.source}-${clip.id.replace(/[^A-Za-z0-9_-]/g, '_')}-${clip.width}x${clip.height}.mp4`);
  if (!(await exists(cached))) {
    await mkdir(dir, { recursive: true });
    const part = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    try {
      await deps.fetcher.download(clip.fileUrl, part, { accept: ['video'], maxBytes: MAX_CLIP_BYTES, signal });
      const probe = await deps.ffmpeg.probe(part, { signal });
      if (!probe.video) throw new Error('the file has no picture');
      await rename(part, cached);
    } finally {
      await rm(part, { force: true });
    }
  }
  await copyFile(cached, dest);
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}
