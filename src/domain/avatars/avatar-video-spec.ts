/**
 * AI Avatar v2 as the service keeps it once a request is validated: plain JSON frozen into the
 * task input, read by the job. Names of the contract's enumerations live here so the API schema,
 * the service and the pipeline agree on them.
 */

export const V2_VISUAL_STYLES = [
  'FullAvatar',
  'FullProduct',
  'MagnifyingGlassCircle',
  'ReverseMagnifyingGlassCircle',
  'DramaticFullProduct',
  'UpAndDown',
  'SideBySide',
  'GreenScreenEffect',
  'FullAvatarScreenProductOverlay',
  'TwitterFrame',
  'Dramatic',
  'Vanilla',
  'Vlog',
] as const;
export type V2VisualStyle = (typeof V2_VISUAL_STYLES)[number];
export const DEFAULT_V2_VISUAL_STYLE: V2VisualStyle = 'FullAvatar';

export const BACKGROUND_EFFECTS = ['imageSlideLeft', 'imageZoomIn', 'imageZoomOut', 'imageWobbling', 'imageThrob'] as const;
export type BackgroundEffect = (typeof BACKGROUND_EFFECTS)[number];

export const SCENE_TRANSITIONS = ['fade', 'leftSwipe', 'rightSwipe', 'topSwipe', 'bottomSwipe'] as const;
export type SceneTransition = (typeof SCENE_TRANSITIONS)[number];

export type AvatarVideoAspect = '16:9' | '9:16' | '1:1';

/** The contract's caption_setting object as sent (snake_case), kept as is. */
export type CaptionSettingJson = Record<string, unknown>;

export interface Offset {
  x: number;
  y: number;
}

export type SceneVoiceSpec =
  | { kind: 'text'; text: string; voiceId: string; volume: number; model: 'v2' | 'v3' | null }
  | { kind: 'silence'; seconds: number; volume: number };

export interface SceneSpec {
  avatar: { id: string; name: string; offset: Offset; scale: number; style: 'normal' | 'circle'; hidden: boolean };
  voice: SceneVoiceSpec;
  background: { kind: 'image' | 'video'; url: string; fit: 'crop' | 'contain'; effect: BackgroundEffect | null } | null;
  caption: { setting: CaptionSettingJson | null; override: boolean; hidden: boolean };
  transitionIn: SceneTransition | null;
  transitionOut: SceneTransition | null;
  visualStyle: V2VisualStyle;
  cta: {
    logo: { url: string; offset: Offset | null; scale: number } | null;
    caption: { text: string; setting: CaptionSettingJson | null } | null;
  } | null;
}

export interface AvatarVideoSpec {
  aspectRatio: AvatarVideoAspect;
  scenes: SceneSpec[];
  music: { url: string; volume: number } | null;
  /** The end call-to-action card: its background is a picture, a clip or (leniently) a colour. */
  endCard: { background: { kind: 'url'; url: string } | { kind: 'color'; color: string }; seconds: number } | null;
  name: string | null;
  seed: number;
}

/** v3 voices read inline emotion tags such as `[excited]`; the built-in voices cannot act them, so they are not spoken. */
export function spokenText(text: string, model: 'v2' | 'v3' | null): string {
  if (model !== 'v3') return text;
  return text
    .replace(/\[[^\]\n]{1,40}\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
