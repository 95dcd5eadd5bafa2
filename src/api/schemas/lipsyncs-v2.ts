import { z } from 'zod';
import { BACKGROUND_EFFECTS, SCENE_TRANSITIONS, V2_VISUAL_STYLES } from '../../domain/avatars/avatar-video-spec.js';
import { MEDIA_REF_PATTERN } from '../../core/uploads.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';
import { boundedNumber } from './bounded-number.js';
import { COLOUR_PATTERN } from './colour.js';
import { captionSetting, flexBoolean, volume } from './link-to-videos.js';

/** Offsets are fractions of the frame from its centre. */
const offset = z.object({ x: boundedNumber(-1, 1).nullish(), y: boundedNumber(-1, 1).nullish() });

export const lipsyncV2Scene = z.object({
  character: z.object({
    type: z.enum(['avatar']).nullish(),
    avatar_id: z.string().nullish(),
    offset: offset.nullish(),
    scale: boundedNumber(0, 2).nullish(),
    avatar_style: z.enum(['normal', 'circle']).nullish(),
    hidden: flexBoolean.nullish(),
  }).passthrough().nullish(),
  voice: z.object({
    type: z.enum(['text', 'silence']).nullish(),
    input_text: z.string().max(2000, 'Ensure this field has no more than 2000 characters.').nullish(),
    voice_id: z.string().nullish(),
    duration: boundedNumber(1, 100).nullish(),
    volume: volume.nullish(),
    model: z.enum(['v2', 'v3']).nullish(),
  }).passthrough().nullish(),
  background: z.object({
    type: z.enum(['image', 'video']).nullish(),
    url: mediaUrl(1024).nullish(),
    fit: z.enum(['crop', 'contain', 'cover']).nullish(),
    effect: z.enum(BACKGROUND_EFFECTS).nullish(),
  }).passthrough().nullish(),
  caption_setting: captionSetting.nullish(),
  transition_effect: z.object({
    transition_in: z.enum(SCENE_TRANSITIONS).nullish(),
    transition_out: z.enum(SCENE_TRANSITIONS).nullish(),
  }).passthrough().nullish(),
  visual_style: z.enum(V2_VISUAL_STYLES).nullish(),
  cta: z.object({
    cta_logo: z.object({ url: mediaUrl(1024).nullish(), offset: offset.nullish(), scale: boundedNumber(0, 1).nullish() }).passthrough().nullish(),
    cta_caption: z.object({
      caption: z.string().max(200, 'Ensure this field has no more than 200 characters.').nullish(),
      caption_setting: captionSetting.nullish(),
    }).passthrough().nullish(),
  }).passthrough().nullish(),
}).passthrough();

/** The contract's v2 body (AI Avatar v2: create and the preview alias). */
export const lipsyncV2Body = z.object({
  video_inputs: z.array(lipsyncV2Scene, { error: 'This field is required.' }).min(1, 'Give at least one scene.'),
  aspect_ratio: aspectRatio.nullish(),
  model_version: z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).nullish(),
  name: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
  background_music: z.object({ url: mediaUrl(1024).nullish(), volume: volume.nullish() }).passthrough().nullish(),
  cta_end: flexBoolean.nullish(),
  // The end card's picture or clip, or a plain colour (the colour forms of every colour field).
  cta_background: z
    .string()
    .max(1024, 'Ensure this field has no more than 1024 characters.')
    .refine((v) => v.trim() === '' || COLOUR_PATTERN.test(v.trim()) || MEDIA_REF_PATTERN.test(v.trim()), 'Enter a valid URL (an image or a video), or a colour as #RGB, #RRGGBB or #RRGGBBAA.')
    .nullish(),
  cta_duration: boundedNumber(1, 30).nullish(),
  webhook_url: webhookUrl,
}).passthrough();
