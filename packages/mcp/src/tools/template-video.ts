import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { summarizeTask, type AnyTask } from '../task-kinds.js';
import { defineTool, SPENDS_CREDITS } from './define-tool.js';

export function templateVideoTools(server: McpServer, client: ClipwrightClient): void {
  defineTool(
    server,
    client,
    'make_template_video',
    {
      title: 'Video from a template',
      description:
        "Fills a video template (from list_templates) with the user's pictures, texts, music, avatar and voiceover and renders it; the template sets the length and aspect ratio. " +
        'Costs 5 credits per started 30 s of video. Answers at once with a task (kind template_video); call wait_for_task, then output is the MP4 URL.',
      input: {
        template_id: z.string().min(1).describe('A template_id from list_templates.'),
        parameters: z
          .record(z.string(), z.string())
          .describe(
            'The template\'s parameters by their exact names as list_templates gives them (e.g. {"App Name": "Trailmix", "App Screenshot": "https://…/shot.png"}): ' +
              'an http(s) URL for image, video and audio parameters, plain text for text and voiceover, an avatar id (list_avatars) for avatar. Every required parameter must be given.',
          ),
        name: z.string().max(255).optional().describe("A name for the task, for the user's own lists."),
      },
      annotations: SPENDS_CREDITS,
    },
    async (a) => {
      const task = await client.customTemplateJobs.create({ template_id: a.template_id, parameters: a.parameters, ...(a.name ? { name: a.name } : {}) });
      return summarizeTask('template_video', task as AnyTask);
    },
  );
}
