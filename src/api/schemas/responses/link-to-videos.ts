import { z } from 'zod';
import { linkVideoBody } from '../link-to-videos.js';
import { echoOf, fileUrl, mediaJob, taskEnvelopeShape } from './task.js';
import { created, ok, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/link-to-video.ts`: the request's fields echoed, then the task. */
export const linkVideoTaskResponse = z
  .strictObject({
    ...echoOf(linkVideoBody),
    ...taskEnvelopeShape,
    url: z.string().nullable().describe('The source page URL, from the link'),
    link: z.string().describe('The link id'),
    output: fileUrl.describe('The final MP4; null while rendering'),
    video_output: fileUrl.describe('= output'),
    preview: fileUrl.describe('The preview MP4'),
    previews: z
      .array(z.strictObject({ media_job: z.string(), visual_style: z.string(), url: z.string() }))
      .describe('One per visual style (preview_list_async)'),
    video_thumbnail: fileUrl,
    media_job: mediaJob,
    script: z.string().nullable(),
    stock_media: z
      .strictObject({
        clips: z
          .array(
            z.strictObject({
              source: z.enum(['pexels', 'pixabay']).describe('The library the clip came from'),
              page_url: z.string().describe("The clip's page on the library's site"),
              author: z.string(),
              licence: z.string().describe('"Pexels License" or "Pixabay Content License"'),
              query: z.string().nullable().describe('The words it was found by'),
            }),
          )
          .describe('Stock b-roll clips shown between the product shots, in order'),
        problem: z
          .string()
          .nullable()
          .describe('Why fewer clips came than asked (the library failed or matched nothing); the video is made from the product pictures'),
      })
      .nullable()
      .describe('Extension: stock footage used (a Pexels or Pixabay key configured and no_stock_broll not set); null when no library was asked'),
    voice_id: z.string().nullable(),
    avatar_id: z.string().nullable(),
    editor_url: z.null(),
  })
  .describe('A URL-to-video task');

export const linkToVideoOperations: OperationTable = {
  'POST /api/link_to_videos/': created(linkVideoTaskResponse, paid),
  'POST /api/link_to_videos/preview/': created(linkVideoTaskResponse, paid),
  'POST /api/link_to_videos/preview_list_async/': created(linkVideoTaskResponse, paid),
  'POST /api/link_to_videos/render_single_preview/': ok(linkVideoTaskResponse, { ...paid, findsById: true }),
  'POST /api/link_to_videos/:id/render_single_preview/': ok(linkVideoTaskResponse, paid),
  'POST /api/link_to_videos/:id/render/': ok(linkVideoTaskResponse, paid),
  ...readOperations('/api/link_to_videos/', linkVideoTaskResponse),
};
