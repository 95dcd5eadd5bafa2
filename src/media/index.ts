export type {
  AspectRatio,
  RenderQuality,
  BackgroundFit,
  BackgroundMotion,
  TransitionKind,
  SceneBackground,
  FramePosition,
  Transition,
  Layer,
  Scene,
  VoiceoverClip,
  Timeline,
  RenderOutput,
  CaptionTrack,
} from './timeline.js';
export { timelineDurationSeconds } from './timeline.js';
export { frameSizeFor, parseAspectRatio, FRAMES_PER_SECOND, type FrameSize } from './frame-size.js';
export { compileTimeline, TimelineError, OVERLAY_FILE_NAME, type CompiledRender, type CompileOptions } from './compile.js';
export { renderTimeline, type RenderOptions, type RenderResult } from './render.js';
export { addAudioMix, TARGET_LOUDNESS_LUFS, type AudioLevels } from './audio-mix.js';
export {
  normalizeCaptionSetting,
  parseTextShadow,
  DEFAULT_CAPTION_OFFSET,
  DEFAULT_FONT_SIZE_PX,
  type CaptionSetting,
  type CaptionSettingInput,
  type TextShadow,
} from './captions/caption-setting.js';
export { CAPTION_STYLES, CAPTION_STYLE_NAMES, DEFAULT_CAPTION_STYLE, captionLook, type CaptionLook, type CaptionAnimation } from './captions/caption-styles.js';
export { buildCaptionTrack } from './captions/caption-events.js';
export { wordsAsShown } from './captions/words-as-shown.js';
export { paginateWords, type CaptionPage } from './captions/caption-layout.js';
export { writeAssDocument, formatAssTime, escapeAssText, type AssEvent, type AssStyle } from './captions/ass-document.js';
export { buildOverlayAss } from './overlay-ass.js';
export { resolveFontFamily, CONTRACT_FONT_FAMILIES, DEFAULT_FONT_FAMILY } from './fonts.js';
export { parseHexColor, type Rgba } from './color.js';
