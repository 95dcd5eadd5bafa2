import { z } from 'zod';
import type { PhoneTiming, WordTiming } from '../../../core/timing.js';
import type { Offset, V2VisualStyle } from '../../../domain/avatars/avatar-video-spec.js';
import type { CaptionSettingInput } from '../../../media/captions/caption-setting.js';
import type { AspectRatio, BackgroundFit, BackgroundMotion, TransitionKind } from '../../../media/timeline.js';

/**
 * A multi-scene avatar video (AI Avatar v2), decided before drawing and saved with the task so the
 * preview and the render show the same voices, timings and pictures. File names are relative to
 * the plan folder.
 */
export interface AvatarScenesPlan {
  aspectRatio: AspectRatio;
  scenes: PlannedScene[];
  endCard: PlannedEndCard | null;
  music: { file: string; volume: number } | null;
  /** Sum of the scenes and the end card. */
  durationSeconds: number;
}

export type PlannedMedia = { kind: 'image' | 'video'; file: string };

export interface PlannedCta {
  logo: { file: string; offset: Offset | null; scale: number } | null;
  caption: { text: string; setting: CaptionSettingInput | null } | null;
}

export interface PlannedScene {
  /** The speech's length, or the silence's. */
  durationSeconds: number;
  /** Speech, or silence of the scene's length: every scene has its audio file. */
  voice: { file: string; volume: number; spoken: boolean };
  /** Timed from the scene's start; empty for a silence. */
  words: WordTiming[];
  /** The engine's phones, timed like `words` (absent for silence and older plans). */
  phones?: PhoneTiming[];
  avatar: { id: string; name: string; offset: Offset; scale: number; style: 'normal' | 'circle'; hidden: boolean };
  background: (PlannedMedia & { fit: BackgroundFit; motion: BackgroundMotion | null }) | null;
  caption: { hidden: boolean; override: boolean; setting: CaptionSettingInput | null };
  transitionIn: TransitionKind | null;
  transitionOut: TransitionKind | null;
  visualStyle: V2VisualStyle;
  cta: PlannedCta | null;
}

export interface PlannedEndCard {
  seconds: number;
  background: PlannedMedia | { kind: 'color'; color: string };
  /** The call to action shown on the card: the last one a scene carried, if any. */
  cta: PlannedCta | null;
}

/** Where each scene starts, from the scene lengths alone. Pure. */
export function sceneStartSeconds(plan: Pick<AvatarScenesPlan, 'scenes'>): number[] {
  let at = 0;
  return plan.scenes.map((s) => {
    const start = at;
    at += s.durationSeconds;
    return start;
  });
}

/** The video's length: every scene's speech or silence, then the end card. Pure. */
export function totalSeconds(scenes: readonly Pick<PlannedScene, 'durationSeconds'>[], endCard: Pick<PlannedEndCard, 'seconds'> | null): number {
  return scenes.reduce((sum, s) => sum + s.durationSeconds, 0) + (endCard?.seconds ?? 0);
}

/**
 * The transition at the cut after scene `i`: its own transition_out, else the next scene's
 * transition_in. The video's first cut-in and last cut-out have nothing on the other side.
 */
export function transitionAfter(scenes: readonly Pick<PlannedScene, 'transitionIn' | 'transitionOut'>[], i: number, endCard: boolean): TransitionKind | null {
  const next = scenes[i + 1];
  if (next) return scenes[i]!.transitionOut ?? next.transitionIn;
  return endCard ? (scenes[i]!.transitionOut ?? 'fade') : null;
}

/** Every file a plan refers to (what is saved and restored with it). */
export function avatarScenesPlanFiles(plan: AvatarScenesPlan): string[] {
  const files = new Set<string>();
  for (const s of plan.scenes) {
    files.add(s.voice.file);
    if (s.background) files.add(s.background.file);
    if (s.cta?.logo) files.add(s.cta.logo.file);
  }
  if (plan.endCard && plan.endCard.background.kind !== 'color') files.add(plan.endCard.background.file);
  if (plan.endCard?.cta?.logo) files.add(plan.endCard.cta.logo.file);
  if (plan.music) files.add(plan.music.file);
  return [...files];
}

const storedScenesPlan = z.looseObject({
  aspectRatio: z.enum(['16:9', '9:16', '1:1']),
  scenes: z.array(z.looseObject({ durationSeconds: z.number(), voice: z.looseObject({ file: z.string() }) })),
  endCard: z.looseObject({}).nullable(),
  music: z.looseObject({ file: z.string() }).nullable(),
  durationSeconds: z.number(),
});

/** A plan read back from the task's result; as `isTalkingPlan`: its frame is checked, a damaged one is planned again. */
export function isAvatarScenesPlan(stored: unknown): stored is AvatarScenesPlan {
  return storedScenesPlan.safeParse(stored).success;
}
