import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { BACKGROUND_EFFECTS, SCENE_TRANSITIONS, V2_VISUAL_STYLES } from '../../domain/avatars/avatar-video-spec.js';
import { MEDIA_REF_PATTERN } from '../../core/uploads.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';
import { boundedNumber } from './bounded-number.js';
import { SPEAKABLE_PATTERN } from './choices.js';
import { COLOUR_PATTERN } from './colour.js';
import { captionSetting, flexBoolean, volume } from './link-to-videos.js';

/** Offsets are fractions of the frame from its centre. */
const offset = z.object({ x: boundedNumber(-1, 1).nullish(), y: boundedNumber(-1, 1).nullish() });

/** A scene speaks text (type text, or no type and input_text given) or keeps silent for a duration (type silence, or neither). */
const VOICE_KINDS = [
  { required: ['input_text'], properties: { type: { enum: ['text', null] }, input_text: { type: 'string', pattern: SPEAKABLE_PATTERN } } },
  { required: ['type', 'duration'], properties: { type: { const: 'silence' }, duration: { type: 'number' } } },
  { required: ['duration'], properties: { type: { type: 'null' }, input_text: { type: 'null' }, duration: { type: 'number' } } },
];

/** A background is a picture or a clip at `url`; without one, none (the avatar's own). */
const BACKGROUND_KINDS = [{ required: ['url'], properties: { url: { type: 'string' } } }, { properties: { url: { type: 'null' }, type: { type: 'null' } } }];

export const lipsyncV2Scene = z
  .object({
    character: z
      .object({
        type: z.enum(['avatar']).nullish(),
        avatar_id: z.string().min(1, 'This field is required.'),
        offset: offset.nullish(),
        scale: boundedNumber(0, 2).nullish(),
        avatar_style: z.enum(['normal', 'circle']).nullish(),
        hidden: flexBoolean.nullish(),
      })
      .passthrough(),
    voice: z
      .object({
        type: z.enum(['text', 'silence']).nullish(),
        input_text: textUpTo(2000).nullish(),
        voice_id: z.string().nullish(),
        duration: boundedNumber(1, 100).nullish(),
        volume: volume.nullish(),
        model: z.enum(['v2', 'v3']).nullish(),
      })
      .passthrough()
      .meta({ anyOf: VOICE_KINDS }),
    background: z
      .object({
        type: z.enum(['image', 'video']).nullish(),
        url: mediaUrl(1024).nullish(),
        fit: z.enum(['crop', 'contain', 'cover']).nullish(),
        effect: z.enum(BACKGROUND_EFFECTS).nullish(),
      })
      .passthrough()
      .meta({ anyOf: BACKGROUND_KINDS })
      .nullish(),
    caption_setting: captionSetting.nullish(),
    transition_effect: z
      .object({
        transition_in: z.enum(SCENE_TRANSITIONS).nullish(),
        transition_out: z.enum(SCENE_TRANSITIONS).nullish(),
      })
      .passthrough()
      .nullish(),
    visual_style: z.enum(V2_VISUAL_STYLES).nullish(),
    cta: z
      .object({
        cta_logo: z
          .object({ url: mediaUrl(1024).nullish(), offset: offset.nullish(), scale: boundedNumber(0, 1).nullish() })
          .passthrough()
          .nullish(),
        cta_caption: z
          .object({
            caption: textUpTo(200).nullish(),
            caption_setting: captionSetting.nullish(),
          })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

/** Blank (no end card of its own), a colour, or the URL of a picture or clip; one pattern, so the document shows it. */
const CTA_BACKGROUND_PATTERN = new RegExp(`^\\s*(?:${COLOUR_PATTERN.source.slice(1, -1)}|${MEDIA_REF_PATTERN.source.slice(1, -1)})?\\s*$`);

/** An end card (cta_end) needs its background. */
const END_CARD = [
  { properties: { cta_end: { enum: [false, 'false', '0', null] } } },
  { required: ['cta_background'], properties: { cta_background: { type: 'string', pattern: '\\S' } } },
];

/** The contract's v2 body (AI Avatar v2: create and the preview alias). */
export const lipsyncV2Body = z
  .object({
    video_inputs: z.array(lipsyncV2Scene, { error: 'This field is required.' }).min(1, 'Give at least one scene.'),
    aspect_ratio: aspectRatio.nullish(),
    model_version: z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).nullish(),
    name: textUpTo(255).nullish(),
    background_music: z
      .object({ url: mediaUrl(1024), volume: volume.nullish() })
      .passthrough()
      .nullish(),
    cta_end: flexBoolean.nullish(),
    // The end card's picture or clip, or a plain colour (the colour forms of every colour field).
    cta_background: textUpTo(1024)
      .regex(CTA_BACKGROUND_PATTERN, 'Enter a valid URL (an image or a video), or a colour as #RGB, #RRGGBB or #RRGGBBAA.')
      .nullish(),
    cta_duration: boundedNumber(1, 30).nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough()
  .meta({ anyOf: END_CARD });
