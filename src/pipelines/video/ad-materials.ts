import type { WordTiming } from '../../core/timing.js';
import type { AspectRatio } from '../../media/timeline.js';
import type { AvatarClip } from '../avatar/clips/avatar-clip-maker.js';
import type { Decorate } from './avatar-scenes/scene-styles.js';
import type { SceneCut } from './scene-cuts.js';

/** Everything a visual style lays out; all paths are local files already fetched. */
export interface AdMaterials {
  aspectRatio: AspectRatio;
  /** Length of the finished video. */
  durationSeconds: number;
  /** Where the voiceover ends; the call-to-action card follows it. */
  speechEndSeconds: number;
  words: WordTiming[];
  images: string[];
  videos: string[];
  logoPath: string | null;
  avatar: AvatarClip | null;
  headline: string;
  /** Short lines (features, benefits) for text cards, in script order. */
  highlights: string[];
  priceText: string | null;
  /** null when the request says no_cta. */
  cta: { title: string; subtitle?: string } | null;
  palette: { primary: string; accent: string; text: string };
  /** Seconds of the CTA end card (0 when none). */
  endCardSeconds: number;
  /** Names a drawn decoration (a frame, a card) to be drawn before rendering; null when none can be drawn. */
  decorate: Decorate | null;
}

export type { SceneCut };
