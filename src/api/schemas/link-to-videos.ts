import { z } from 'zod';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';

/** Form bodies carry booleans and numbers as text; JSON carries them natively. */
export const flexBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);
export const flexNumber = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'A valid number is required.').transform(Number)]);
const volume = flexNumber.pipe(z.number().min(0, 'Ensure this value is greater than or equal to 0.').max(1, 'Ensure this value is less than or equal to 1.'));

export const captionSetting = z.object({
  style: z.string().nullish(),
  offset: z.object({ x: z.union([z.number(), z.string()]).nullish(), y: z.union([z.number(), z.string()]).nullish() }).nullish(),
  font_family: z.string().nullish(),
  font_size: z.union([z.number(), z.string()]).nullish(),
  font_style: z.string().nullish(),
  text_color: z.string().nullish(),
  background_color: z.string().nullish(),
  highlight_text_color: z.string().nullish(),
  max_width: z.union([z.number(), z.string()]).nullish(),
  line_height: z.union([z.number(), z.string()]).nullish(),
  text_shadow: z.string().nullish(),
  hidden: flexBoolean.nullish(),
  override_visual_style: flexBoolean.nullish(),
}).passthrough();

/** The contract's Video body (create, preview, preview_list_async). */
export const linkVideoBody = z.object({
  link: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.'),
  name: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
  target_platform: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
  target_audience: z.string().nullish(),
  language: z.string().max(16).nullish(),
  video_length: flexNumber.nullish(),
  aspect_ratio: aspectRatio.nullish(),
  script_style: z.string().nullish(),
  visual_style: z.string().nullish(),
  override_avatar: z.string().nullish(),
  override_avatar_by_image: mediaUrl(1000).nullish(),
  override_voice: z.string().nullish(),
  override_script: z.string().max(8000, 'Ensure this field has no more than 8000 characters.').nullish(),
  background_music_url: mediaUrl(255).nullish(),
  background_music_volume: volume.nullish(),
  voiceover_volume: volume.nullish(),
  no_background_music: flexBoolean.nullish(),
  no_caption: flexBoolean.nullish(),
  no_emotion: flexBoolean.nullish(),
  no_cta: flexBoolean.nullish(),
  no_stock_broll: flexBoolean.nullish(),
  caption_setting: captionSetting.nullish(),
  caption_style: z.string().nullish(),
  caption_offset_x: z.union([z.number(), z.string()]).nullish(),
  caption_offset_y: z.union([z.number(), z.string()]).nullish(),
  model_version: z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).nullish(),
  webhook_url: webhookUrl,
}).passthrough();

export const previewListBody = linkVideoBody.extend({
  visual_styles: z.array(z.string(), { error: 'This field is required.' }),
});

export const renderSinglePreviewBody = z.object({
  id: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.'),
  media_job: z.string().nullish(),
});

export const renderSinglePreviewAliasBody = z.object({
  media_job: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.'),
});
