import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { summarizeTask, type AnyTask } from '../task-kinds.js';
import { MAX_SPEECH_CHARS } from '../vocabulary.js';
import { defineTool, SPENDS_CREDITS } from './define-tool.js';

export function speechTools(server: McpServer, client: ClipwrightClient): void {
  defineTool(
    server,
    client,
    'text_to_speech',
    {
      title: 'Text to speech',
      description:
        'Speaks a text in a voice and makes an MP3 (with word timings). Costs 1 credit per started 30 s of audio. ' +
        'Answers at once with a task (kind text_to_speech, status pending); call wait_for_task with its task_id, then output is the MP3 URL and duration its length in seconds. ' +
        'Pick the voice with list_voices (filter by language and gender).',
      input: {
        text: z
          .string()
          .min(1)
          .max(MAX_SPEECH_CHARS)
          .describe(`The words to speak, 1 to ${MAX_SPEECH_CHARS} characters. Sentences are paused naturally; write numbers as they should be read.`),
        voice_id: z.string().min(1).describe("A voice id from list_voices (built-in or the account's cloned voice)."),
      },
      annotations: SPENDS_CREDITS,
    },
    async ({ text, voice_id }) => summarizeTask('text_to_speech', (await client.textToSpeech.create({ text, voice_id })) as AnyTask),
  );
}
