import { z } from 'zod';
import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { AspectRatio } from '../../media/timeline.js';

/**
 * A single talking-avatar video (AI Avatar v1), decided before drawing and saved with the task
 * so the preview and the render show the same voice and picture. Files are relative names.
 */
export interface TalkingPlan {
  aspectRatio: AspectRatio;
  avatarId: string;
  speechSeconds: number;
  /** Word timings; empty for a client's own audio (no captions then). */
  words: WordTiming[];
  /** The engine's phones, when it reports them (absent on older plans). */
  phones?: PhoneTiming[];
  background: { kind: 'image'; file: string } | { kind: 'color'; color: string };
  greenScreen: boolean;
  transparent: boolean;
  caption: { hidden: boolean; setting: CaptionSettingInput | null };
  files: { voice: string; background: string | null; music: string | null };
}

export const GREEN_SCREEN = '#00FF00';
/** A soft studio backdrop when the request gives no background. */
export const STUDIO_BACKDROP = '#2B3A55';

export function talkingPlanFiles(plan: TalkingPlan): string[] {
  return [plan.files.voice, ...(plan.files.background ? [plan.files.background] : []), ...(plan.files.music ? [plan.files.music] : [])];
}

const storedTalkingPlan = z.looseObject({
  aspectRatio: z.enum(['16:9', '9:16', '1:1']),
  avatarId: z.string(),
  speechSeconds: z.number(),
  words: z.array(z.object({ word: z.string(), startSeconds: z.number(), endSeconds: z.number(), shown: z.string().optional() })),
  background: z.looseObject({ kind: z.enum(['image', 'color']) }),
  caption: z.looseObject({ hidden: z.boolean() }),
  files: z.looseObject({ voice: z.string() }),
});

/**
 * A plan read back from the task's result. The job wrote it with this code, so the check is of
 * its frame (the parts every step reads); something else (a damaged row) is no plan, and the
 * job plans again.
 */
export function isTalkingPlan(stored: unknown): stored is TalkingPlan {
  return storedTalkingPlan.safeParse(stored).success;
}
