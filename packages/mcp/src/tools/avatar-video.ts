import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { summarizeTask, type AnyTask } from '../task-kinds.js';
import { ASPECT_RATIO_HELP, ASPECT_RATIOS, MAX_SPEECH_CHARS } from '../vocabulary.js';
import { defineTool, SPENDS_CREDITS } from './define-tool.js';

export function avatarVideoTools(server: McpServer, client: ClipwrightClient): void {
  defineTool(
    server,
    client,
    'make_avatar_video',
    {
      title: 'Avatar video from a script',
      description:
        "Makes a video of an avatar (a presenter) speaking a script, lips in sync; its length is the speech's. " +
        'Costs 5 credits per started 30 s of video. Answers at once with a task (kind avatar_video); call wait_for_task, then output is the MP4 URL. ' +
        'Pick the avatar with list_avatars and, to change its voice, a voice with list_voices.',
      input: {
        script: z.string().min(1).max(MAX_SPEECH_CHARS).describe(`The words the avatar speaks, 1 to ${MAX_SPEECH_CHARS} characters.`),
        avatar_id: z.string().min(1).optional().describe("An avatar id from list_avatars. Default: the service's default avatar."),
        voice_id: z.string().min(1).optional().describe("A voice id from list_voices. Default: the avatar's own voice."),
        aspect_ratio: z.enum(ASPECT_RATIOS).default('9:16').describe(`${ASPECT_RATIO_HELP} Default 9:16.`),
        captions: z.boolean().default(false).describe('Burn word captions into the video. Default false.'),
        background_image_url: z
          .string()
          .url()
          .max(1024)
          .optional()
          .describe("An http(s) image (png, jpg, webp) to stand the avatar in front of. Default: the avatar's own scene."),
        name: z.string().max(255).optional().describe("A name for the task, for the user's own lists."),
      },
      annotations: SPENDS_CREDITS,
      argumentOf: { text: 'script', creator: 'avatar_id', accent: 'voice_id', no_caption: 'captions', background_asset_image_url: 'background_image_url' },
    },
    async (a) => {
      const task = await client.avatarVideos.create({
        text: a.script,
        aspect_ratio: a.aspect_ratio,
        no_caption: !a.captions,
        ...(a.avatar_id ? { creator: a.avatar_id } : {}),
        ...(a.voice_id ? { accent: a.voice_id } : {}),
        ...(a.background_image_url ? { background_asset_image_url: a.background_image_url } : {}),
        ...(a.name ? { name: a.name } : {}),
      });
      return summarizeTask('avatar_video', task as AnyTask);
    },
  );
}
