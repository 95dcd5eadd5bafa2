import { z } from 'zod';
import { MAX_INSTRUCTIONS_CHARS } from '../../domain/editing/edit-instructions.js';
import { EDITING_STYLES } from '../../domain/editing/editing-styles.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';
import { captionSetting, volume } from './link-to-videos.js';

/** The contract's AI editing body (create and the `preview` alias). */
export const aiEditingBody = z
  .object({
    video_url: mediaUrl(1024),
    instructions: z.string().max(MAX_INSTRUCTIONS_CHARS, `Ensure this field has no more than ${MAX_INSTRUCTIONS_CHARS} characters.`).nullish(),
    aspect_ratio: aspectRatio.nullish(),
    editing_style: z.enum(EDITING_STYLES).nullish(),
    caption_setting: captionSetting.nullish(),
    background_music_url: mediaUrl(1024).nullish(),
    background_music_volume: volume.nullish(),
    voiceover_volume: volume.nullish(),
    name: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();
