import { z } from 'zod';
import { requiredText, textUpTo } from './text-field.js';
import { VIDEO_LENGTHS } from '../../domain/videos/link-video-service.js';
import { boundedNumber, numberChoice } from './bounded-number.js';
import { colour } from './colour.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';
import { documentedChoice, listedChoice, namedChoice, SPEAKABLE_PATTERN } from './choices.js';
import { SCRIPT_LANGUAGES } from '../../pipelines/text/languages.js';
import { findScriptStyle, SCRIPT_STYLE_NAMES } from '../../pipelines/text/script-styles.js';
import { isVisualStyle, visualStyleNames } from '../../pipelines/video/visual-styles.js';

/** Form bodies carry booleans as text; JSON carries them natively. */
export const flexBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);
export const volume = boundedNumber(0, 1);

/** A video's soundtrack as URL to Video, AI Shorts and AI Editing take it: the music (a URL of up to `musicUrlMaxChars`), its volume and the voice's. */
export function soundtrackFields(musicUrlMaxChars: number) {
  return {
    background_music_url: mediaUrl(musicUrlMaxChars).nullish(),
    background_music_volume: volume.nullish(),
    voiceover_volume: volume.nullish(),
  };
}

/** Names as the copywriter knows them (any case); visual styles also take the contract's LegoScript… hook names. */
const scriptStyle = namedChoice(SCRIPT_STYLE_NAMES, (name) => Boolean(findScriptStyle(name)));
export const visualStyle = namedChoice(visualStyleNames(), isVisualStyle);
/** The languages the built-in copywriter writes; a script of one's own (override_script) may be in any language a voice speaks. */
const videoLanguage = documentedChoice(
  SCRIPT_LANGUAGES,
  16,
  'A language the built-in copywriter writes; with override_script, any language a voice of GET /api/voices/ speaks.',
);
/** Caption offsets are fractions of the frame from its centre; the renderer clamps to the frame's half. */
export const captionOffset = boundedNumber(-0.5, 0.5);

/**
 * The contract's caption_setting. Bounds: font_size 8–400 px (the renderer's cap; below 8 is
 * unreadable at 1080p), max_width 1–3840 px (a 4K frame's width), line_height 0.5–5 (a multiple
 * of the font size; the renderer's accepted band).
 */
export const captionSetting = z
  .object({
    style: z.string().nullish(),
    offset: z.object({ x: captionOffset.nullish(), y: captionOffset.nullish() }).nullish(),
    font_family: z.string().nullish(),
    font_size: boundedNumber(8, 400, { integer: true }).nullish(),
    font_style: z.string().nullish(),
    text_color: colour.nullish(),
    background_color: colour.nullish(),
    highlight_text_color: colour.nullish(),
    max_width: boundedNumber(1, 3840, { integer: true }).nullish(),
    line_height: boundedNumber(0.5, 5).nullish(),
    text_shadow: z.string().nullish(),
    hidden: flexBoolean.nullish(),
    override_visual_style: flexBoolean.nullish(),
  })
  .passthrough();

/** The contract's Video body (create, preview, preview_list_async). */
export const linkVideoBody = z
  .object({
    link: requiredText(),
    name: textUpTo(255).nullish(),
    target_platform: textUpTo(255).nullish(),
    target_audience: z.string().nullish(),
    language: videoLanguage.nullish(),
    video_length: numberChoice(VIDEO_LENGTHS).nullish(),
    aspect_ratio: aspectRatio.nullish(),
    script_style: scriptStyle.nullish(),
    visual_style: visualStyle.nullish(),
    override_avatar: z.string().nullish(),
    override_avatar_by_image: mediaUrl(1000).nullish(),
    override_voice: z.string().nullish(),
    override_script: textUpTo(8000).meta({ pattern: SPEAKABLE_PATTERN }).nullish(),
    ...soundtrackFields(255),
    no_background_music: flexBoolean.nullish(),
    no_caption: flexBoolean.nullish(),
    no_emotion: flexBoolean.nullish(),
    no_cta: flexBoolean.nullish(),
    no_stock_broll: flexBoolean.nullish(),
    caption_setting: captionSetting.nullish(),
    caption_style: z.string().nullish(),
    caption_offset_x: captionOffset.nullish(),
    caption_offset_y: captionOffset.nullish(),
    model_version: z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();

export const previewListBody = linkVideoBody.extend({
  visual_styles: z
    .array(listedChoice(visualStyleNames()), { error: 'This field is required.' })
    .min(1, 'This list may not be empty.')
    .max(10, 'Ensure this field has no more than 10 elements.'),
});

export const renderSinglePreviewBody = z.object({
  id: requiredText(),
  media_job: z.string().nullish(),
});

export const renderSinglePreviewAliasBody = z.object({
  media_job: requiredText(),
});
