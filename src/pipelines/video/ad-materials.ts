import type { AvatarClip } from '../avatar/clips/avatar-clip-maker.js';
import type { AdPlan } from './ad-plan.js';
import type { Decorate } from './avatar-scenes/scene-styles.js';
import type { SceneCut } from './scene-cuts.js';

/**
 * Everything a visual style lays out: the plan's words, timing and look, its files as local paths
 * already fetched, and the presenter's clip.
 */
export interface AdMaterials
  extends Pick<AdPlan, 'aspectRatio' | 'durationSeconds' | 'speechEndSeconds' | 'words' | 'headline' | 'highlights' | 'priceText' | 'cta' | 'palette'> {
  images: string[];
  videos: string[];
  logoPath: string | null;
  avatar: AvatarClip | null;
  /** Seconds of the CTA end card (0 when none). */
  endCardSeconds: number;
  /** Names a drawn decoration (a frame, a card) to be drawn before rendering; null when none can be drawn. */
  decorate: Decorate | null;
}

export type { SceneCut };
