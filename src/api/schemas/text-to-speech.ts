import { z } from 'zod';
import { webhookUrl } from './common.js';

/** `text`/`voice_id` are the spec's names; `script`/`accent` are the compatible API's aliases. */
export const ttsBody = z
  .object({
    text: z.string().optional(),
    script: z.string().optional(),
    voice_id: z.string().optional(),
    accent: z.string().optional(),
    webhook_url: webhookUrl,
  })
  .superRefine((b, ctx) => {
    if (b.text === undefined && b.script === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'This field is required.' });
    if (b.voice_id === undefined && b.accent === undefined) ctx.addIssue({ code: 'custom', path: ['voice_id'], message: 'This field is required.' });
  });
