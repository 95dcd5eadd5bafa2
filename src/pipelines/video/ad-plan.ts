import { z } from 'zod';
import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { AspectRatio } from '../../media/timeline.js';
import type { StockBroll } from './stock-broll.js';

/**
 * Everything decided before drawing: the script, the timed voiceover and the fetched assets.
 * It is saved with the task (its files in blob storage) so every preview and the final render
 * of one task show the same words, voice and pictures. File names are relative to a plan folder.
 */
export interface AdPlan {
  script: string;
  /** Who wrote the script: `built-in`, `local:<model>`, or `client` for an override (absent on older plans). */
  scriptWriter?: string;
  headline: string;
  /** Short lines (features, benefits) for text cards, in script order. */
  highlights: string[];
  priceText: string | null;
  /** null when the request says no_cta. */
  cta: { title: string; subtitle?: string } | null;
  palette: { primary: string; accent: string; text: string };
  language: string;
  voiceId: string;
  avatarId: string | null;
  aspectRatio: AspectRatio;
  words: WordTiming[];
  /** The engine's phones, timed like `words` (absent on older plans and for engines without them). */
  phones?: PhoneTiming[];
  /** Where the voiceover ends; the call-to-action card follows it. */
  speechEndSeconds: number;
  /** Length of the finished video. */
  durationSeconds: number;
  /** Seconds of the CTA end card. */
  endCardSeconds: number;
  voiceoverVolume: number;
  musicVolume: number | null;
  caption: { hidden: boolean; override: boolean; setting: CaptionSettingInput | null };
  /** `presenter`: the photo given as override_avatar_by_image, animated as the avatar (absent on older plans). */
  files: { voice: string; images: string[]; videos: string[]; logo: string | null; music: string | null; presenter?: string | null };
  /** Stock clips among `files.videos` with their source and licence (absent when none were asked for: no key, or no_stock_broll). */
  stockBroll?: StockBroll;
}

/** Every file name a plan refers to (what has to be saved and restored with it). */
export function planFiles(plan: AdPlan): string[] {
  const f = plan.files;
  return [f.voice, ...f.images, ...f.videos, ...(f.logo ? [f.logo] : []), ...(f.music ? [f.music] : []), ...(f.presenter ? [f.presenter] : [])];
}

const storedAdPlan = z.looseObject({
  script: z.string(),
  language: z.string(),
  voiceId: z.string(),
  aspectRatio: z.enum(['16:9', '9:16', '1:1']),
  words: z.array(z.object({ word: z.string(), startSeconds: z.number(), endSeconds: z.number(), shown: z.string().optional() })),
  durationSeconds: z.number(),
  caption: z.looseObject({ hidden: z.boolean() }),
  files: z.looseObject({ voice: z.string(), images: z.array(z.string()), videos: z.array(z.string()) }),
});

/**
 * A plan read back from the task's result. The job wrote it with this code, so the check is of
 * its frame (the parts every step reads); something else (a damaged row) is no plan.
 */
export function isAdPlan(stored: unknown): stored is AdPlan {
  return storedAdPlan.safeParse(stored).success;
}
