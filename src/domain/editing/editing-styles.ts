/**
 * The contract's editing styles and what each changes: how much of a pause is kept (pacing),
 * whether and how far the picture punches in on the speaker (zooms), the caption look and how
 * loud the music bed sits. `null` (no style) is a plain, even edit.
 */
export const EDITING_STYLES = ['film', 'commercial', 'music', 'tutorial', 'vlog', 'social'] as const;
export type EditingStyle = (typeof EDITING_STYLES)[number];

export interface EditingStyleLook {
  /** Longest pause kept between phrases, seconds (a breath); longer ones are cut down to it. */
  keptPauseSeconds: number;
  /** Punch-in factor on every other cut (1 = none); "zoom on the speaker" turns it on when 1. */
  punchInZoom: number;
  /** The caption style used when the request's caption_setting names none. */
  captionStyle: string;
  /** Music bed volume 0–1 when the request gives none. */
  musicVolume: number;
}

export const EDITING_STYLE_LOOKS: Record<EditingStyle | 'plain', EditingStyleLook> = {
  plain: { keptPauseSeconds: 0.4, punchInZoom: 1, captionStyle: 'normal-black', musicVolume: 0.15 },
  film: { keptPauseSeconds: 0.7, punchInZoom: 1, captionStyle: 'normal-white', musicVolume: 0.15 },
  commercial: { keptPauseSeconds: 0.25, punchInZoom: 1.15, captionStyle: 'bilo', musicVolume: 0.2 },
  music: { keptPauseSeconds: 0.3, punchInZoom: 1.2, captionStyle: 'glow', musicVolume: 0.35 },
  tutorial: { keptPauseSeconds: 0.5, punchInZoom: 1, captionStyle: 'boxed', musicVolume: 0.08 },
  vlog: { keptPauseSeconds: 0.3, punchInZoom: 1.1, captionStyle: 'mustard', musicVolume: 0.2 },
  social: { keptPauseSeconds: 0.2, punchInZoom: 1.2, captionStyle: 'frenzy', musicVolume: 0.2 },
};

/** The punch-in used when the instructions ask for a zoom and the style has none. */
export const ASKED_PUNCH_IN_ZOOM = 1.2;

export function editingStyleLook(style: EditingStyle | null | undefined): EditingStyleLook {
  return EDITING_STYLE_LOOKS[style ?? 'plain'];
}
