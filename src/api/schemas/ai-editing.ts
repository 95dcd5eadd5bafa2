import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { MAX_INSTRUCTIONS_CHARS } from '../../domain/editing/edit-instructions.js';
import { EDITING_STYLES } from '../../domain/editing/editing-styles.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';
import { captionSetting, soundtrackFields } from './link-to-videos.js';

/** The contract's AI editing body (create and the `preview` alias). */
export const aiEditingBody = z
  .object({
    video_url: mediaUrl(1024),
    instructions: textUpTo(MAX_INSTRUCTIONS_CHARS).nullish(),
    aspect_ratio: aspectRatio.nullish(),
    editing_style: z.enum(EDITING_STYLES).nullish(),
    caption_setting: captionSetting.nullish(),
    ...soundtrackFields(1024),
    name: textUpTo(255).nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();
