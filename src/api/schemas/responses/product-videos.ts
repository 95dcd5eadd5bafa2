import { z } from 'zod';
import { fileUrl, taskEnvelopeShape } from './task.js';
import { created, ok, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/product-video.ts`. */
export const productVideoTaskResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    product_url: z.string().nullable(),
    type: z.string(),
    aspect_ratio: z.string().nullable(),
    image_prompt: z.string().nullable(),
    override_avatar: z.string().nullable(),
    product_showcase_url: z.string().nullable(),
    regen_type: z.string().nullable().describe('"regen_image" on a task made by regen_image'),
    regen_source_id: z.string().nullable(),
    generated_photo_url: fileUrl.describe('The staged PNG, once the image is done'),
    motion_style: z.enum(['display', 'talking']).nullable(),
    video_prompt: z.string().nullable(),
    video_url: fileUrl.describe('The MP4, once a video is done'),
    generated_video_url: fileUrl.describe('= video_url'),
    video_thumbnail: fileUrl,
    scene: z.string().nullable().describe('The scene kind the product was staged in'),
    scene_description: z.string().nullable(),
    motions: z.array(z.string()).nullable().describe('The display shots cut together'),
    script: z.string().nullable().describe('What the presenter says (talking)'),
  })
  .describe('A product video task');

export const productVideoOperations: OperationTable = {
  'POST /api/product_to_videos/gen_image/': created(productVideoTaskResponse, paid),
  'POST /api/product_to_videos/:id/gen_video/': ok(productVideoTaskResponse, paid),
  'POST /api/product_to_videos/:id/regen_image/': created(productVideoTaskResponse, paid),
  'POST /api/product_to_videos/:id/regen_video/': ok(productVideoTaskResponse, paid),
  ...readOperations('/api/product_to_videos/', productVideoTaskResponse),
};
