import { z } from 'zod';
import type { WordTiming } from '../../core/timing.js';
import type { ShortStyle } from '../../domain/shorts/short-styles.js';
import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { AspectRatio, BackgroundMotion, PushIn } from '../../media/timeline.js';

/** One scene of a short as planned: its words, its stretch of the narration and its picture. */
export interface ShortPlanScene {
  text: string;
  startSeconds: number;
  endSeconds: number;
  /** The picture's file, relative to the plan folder. */
  picture: string;
  /** Who drew it: the built-in illustrator or the remote images provider (its model). */
  drawnBy: string;
  /** The built-in illustrator's pictures (icon names), main first; empty for a remote picture. */
  icons: string[];
  /**
   * What stands in the middle: the sentence's pictures, the product (a link's or the request's
   * photos), or a neutral design (the sentence names nothing drawable with confidence). Absent on
   * plans made before issue 28.
   */
  shows?: 'pictures' | 'product' | 'neutral';
  motion: BackgroundMotion;
  /** A push-in's aim (a product scene's detail). */
  push?: PushIn;
}

/**
 * A short decided before drawing and saved with the task, so its preview and its render show the
 * same narration, scenes, pictures and music. Files are relative names in the plan folder.
 */
export interface ShortPlan {
  aspectRatio: AspectRatio;
  style: ShortStyle;
  speechSeconds: number;
  words: WordTiming[];
  scenes: ShortPlanScene[];
  caption: { hidden: boolean; setting: CaptionSettingInput | null };
  music: { file: string; volume: number } | null;
  voiceoverVolume: number;
  files: { voice: string };
}

export function shortPlanFiles(plan: ShortPlan): string[] {
  return [plan.files.voice, ...plan.scenes.map((s) => s.picture), ...(plan.music ? [plan.music.file] : [])];
}

const storedShortPlan = z.looseObject({
  aspectRatio: z.enum(['16:9', '9:16', '1:1']),
  style: z.string(),
  speechSeconds: z.number(),
  words: z.array(z.object({ word: z.string(), startSeconds: z.number(), endSeconds: z.number(), shown: z.string().optional() })),
  scenes: z.array(z.looseObject({ text: z.string(), startSeconds: z.number(), endSeconds: z.number(), picture: z.string(), motion: z.string() })).min(1),
  caption: z.looseObject({ hidden: z.boolean() }),
  files: z.looseObject({ voice: z.string() }),
});

/**
 * A plan read back from the task's result. The job wrote it with this code, so the check is of
 * its frame (the parts every step reads); anything else (a damaged row) is no plan, and the job
 * plans again.
 */
export function isShortPlan(stored: unknown): stored is ShortPlan {
  return storedShortPlan.safeParse(stored).success;
}
