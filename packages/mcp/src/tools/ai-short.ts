import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { summarizeTask, type AnyTask } from '../task-kinds.js';
import { ASPECT_RATIO_HELP, ASPECT_RATIOS, MAX_SHORT_SCRIPT_CHARS, SHORT_STYLE_NAMES } from '../vocabulary.js';
import { defineTool, SPENDS_CREDITS } from './define-tool.js';

export function aiShortTools(server: McpServer, client: ClipwrightClient): void {
  defineTool(
    server,
    client,
    'make_ai_short',
    {
      title: 'AI Short from a script',
      description:
        'Makes a narrated short video from a script: the script is spoken in a voice over generated pictures of each scene in an art style, with motion, captions and music. ' +
        'No product page or avatar needed (for stories, explainers, facts). Costs 5 credits per started 30 s of video. ' +
        'Answers at once with a task (kind ai_short); call wait_for_task, then output is the MP4 URL. The styles are described by list_styles.',
      input: {
        script: z
          .string()
          .min(1)
          .max(MAX_SHORT_SCRIPT_CHARS)
          .describe(`The narration, 1 to ${MAX_SHORT_SCRIPT_CHARS} characters; each sentence or two becomes a scene.`),
        style: z.enum(SHORT_STYLE_NAMES).describe('The art style of the pictures.'),
        aspect_ratio: z.enum(ASPECT_RATIOS).default('9:16').describe(`${ASPECT_RATIO_HELP} Default 9:16.`),
        voice_id: z.string().min(1).optional().describe("A voice id from list_voices. Default: the service's default voice."),
        name: z.string().max(255).optional().describe("A name for the task, for the user's own lists."),
      },
      annotations: SPENDS_CREDITS,
      argumentOf: { accent: 'voice_id' },
    },
    async (a) => {
      const task = await client.aiShorts.create({
        script: a.script,
        style: a.style,
        aspect_ratio: a.aspect_ratio,
        ...(a.voice_id ? { accent: a.voice_id } : {}),
        ...(a.name ? { name: a.name } : {}),
      });
      return summarizeTask('ai_short', task as AnyTask);
    },
  );
}
