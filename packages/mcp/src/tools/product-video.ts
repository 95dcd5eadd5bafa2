import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { summarizeTask, type AnyTask } from '../task-kinds.js';
import {
  ASPECT_RATIO_HELP,
  ASPECT_RATIOS,
  MAX_SPEECH_CHARS,
  SCRIPT_LANGUAGES,
  SCRIPT_STYLE_NAMES,
  VIDEO_LENGTHS_SECONDS,
  VISUAL_STYLE_NAMES,
} from '../vocabulary.js';
import { defineTool, SPENDS_CREDITS } from './define-tool.js';

const MAX_PREVIEWS = 4;

/** URL to video in the API's own two steps: read the page (a link), preview, then render the chosen preview. */
export function productVideoTools(server: McpServer, client: ClipwrightClient): void {
  defineTool(
    server,
    client,
    'read_product_page',
    {
      title: 'Read a product page',
      description:
        'Fetches a product web page and reads its title, description, pictures, videos, logo and reviews: the facts a product video is made from. ' +
        'This is step 1 of making a video ad from a URL; pass the returned link_id to preview_product_video. Costs 1 credit. ' +
        'Fails with a field message when the page cannot be fetched or has no picture or video.',
      input: {
        url: z
          .string()
          .min(1)
          .max(1000)
          .describe('The product page, an http(s) URL (at most 1000 characters), e.g. https://shop.example/products/steel-bottle.'),
      },
      annotations: SPENDS_CREDITS,
    },
    async ({ url }) => {
      const link = await client.links.create({ url });
      const facts = link.link;
      return {
        link_id: link.id,
        url: link.url,
        title: facts.title,
        description: facts.description,
        image_count: facts.image_urls.length,
        video_count: facts.video_urls.length,
        image_urls: facts.image_urls.slice(0, 6),
        logo_url: facts.logo_url,
        ai_summary: facts.ai_summary,
        ai_industry: facts.ai_industry,
        credits_used: link.credits_used,
        next_step: `Call preview_product_video with link_id "${link.id}".`,
      };
    },
  );

  defineTool(
    server,
    client,
    'preview_product_video',
    {
      title: 'Preview a product video ad',
      description:
        'Step 2 of URL to video: writes a script from the product page read by read_product_page, speaks it with an avatar and lays it out in a visual style, ' +
        'as a quick low-resolution preview MP4 (with a preview mark). Give several visual_styles to compare them: one preview each, same script, voice and pictures. ' +
        'Costs 1 credit per started 30 s of video per preview. Answers at once with a task (kind product_video); call wait_for_task, show the preview URL(s), ' +
        'then render_product_video makes the full-quality video. See list_styles for the styles, list_avatars and list_voices for ids.',
      input: {
        link_id: z.string().min(1).describe('The link_id returned by read_product_page.'),
        visual_styles: z
          .array(z.enum(VISUAL_STYLE_NAMES))
          .min(1)
          .max(MAX_PREVIEWS)
          .default(['AvatarBubbleTemplate'])
          .describe(`Visual styles (layouts) to preview, 1 to ${MAX_PREVIEWS}; one preview each. Default ["AvatarBubbleTemplate"].`),
        script_style: z.enum(SCRIPT_STYLE_NAMES).optional().describe('How the script is written (default DiscoveryWriter). Ignored when script is given.'),
        video_length: z.literal(VIDEO_LENGTHS_SECONDS).default(15).describe('Target length in seconds: 15, 30, 45 or 60. Default 15.'),
        aspect_ratio: z.enum(ASPECT_RATIOS).default('9:16').describe(`${ASPECT_RATIO_HELP} Default 9:16.`),
        language: z
          .enum(SCRIPT_LANGUAGES)
          .optional()
          .describe('Language of the written script and the default voice: en (English), es (Spanish), fr (French) or de (German). Default en.'),
        avatar_id: z.string().min(1).optional().describe('The presenter: an avatar id from list_avatars. Default: an avatar matched to the product.'),
        voice_id: z.string().min(1).optional().describe("A voice id from list_voices. Default: the avatar's own voice."),
        script: z
          .string()
          .min(1)
          .max(MAX_SPEECH_CHARS)
          .optional()
          .describe(`Exact words to speak instead of a written script (at most ${MAX_SPEECH_CHARS} characters).`),
        target_audience: z.string().max(500).optional().describe('Who the ad speaks to, in a few words (e.g. "busy parents"); shapes the written script.'),
        music: z.boolean().default(true).describe('Background music from the library. Default true.'),
        captions: z.boolean().default(true).describe('Word-by-word captions. Default true.'),
        name: z.string().max(255).optional().describe("A name for the task, for the user's own lists."),
      },
      annotations: SPENDS_CREDITS,
      argumentOf: {
        link: 'link_id',
        visual_style: 'visual_styles',
        override_avatar: 'avatar_id',
        override_voice: 'voice_id',
        override_script: 'script',
        no_background_music: 'music',
        no_caption: 'captions',
      },
    },
    async (a) => {
      const body = {
        link: a.link_id,
        video_length: a.video_length,
        aspect_ratio: a.aspect_ratio,
        no_background_music: !a.music,
        no_caption: !a.captions,
        ...(a.script_style ? { script_style: a.script_style } : {}),
        ...(a.language ? { language: a.language } : {}),
        ...(a.avatar_id ? { override_avatar: a.avatar_id } : {}),
        ...(a.voice_id ? { override_voice: a.voice_id } : {}),
        ...(a.script ? { override_script: a.script } : {}),
        ...(a.target_audience ? { target_audience: a.target_audience } : {}),
        ...(a.name ? { name: a.name } : {}),
      };
      const task =
        a.visual_styles.length > 1
          ? await client.linkToVideos.createPreviewList({ ...body, visual_styles: a.visual_styles })
          : await client.linkToVideos.createPreview({ ...body, visual_style: a.visual_styles[0] });
      return { ...summarizeTask('product_video', task as AnyTask), visual_styles: a.visual_styles };
    },
  );

  defineTool(
    server,
    client,
    'render_product_video',
    {
      title: 'Render a previewed product video',
      description:
        'Step 3 of URL to video: renders a finished preview (from preview_product_video) into the final full-quality MP4 (1080p class, H.264/AAC), on the same task. ' +
        'Costs 4 credits per started 30 s of video. Answers at once with status processing; call wait_for_task, then the output URL is the video.',
      input: {
        task_id: z.string().min(1).describe('The product_video task whose preview is done.'),
        media_job: z
          .string()
          .min(1)
          .optional()
          .describe("Which preview to render when several visual styles were previewed: the media_job of an entry of the task's previews. Default: the first."),
      },
      annotations: SPENDS_CREDITS,
      argumentOf: { id: 'task_id' },
    },
    async ({ task_id, media_job }) => {
      const task = await client.linkToVideos.renderSinglePreview({ id: task_id, ...(media_job ? { media_job } : {}) });
      return summarizeTask('product_video', task as AnyTask);
    },
  );
}
