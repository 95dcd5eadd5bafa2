import type { FastifyInstance } from 'fastify';
import type { Task } from '../../core/task.js';
import type { TextToSpeechService } from '../../domain/speech/tts-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { ttsBody } from '../schemas/text-to-speech.js';
import { ttsToWire } from '../wire/text-to-speech.js';
import { TaskRoutes } from './task-routes.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface TextToSpeechRouteDeps {
  tts: TextToSpeechService;
  blobs: BlobStore;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

export function textToSpeechRoutes(root: FastifyInstance, deps: TextToSpeechRouteDeps): void {
  const routes = new TaskRoutes(root, ['Text to Speech'], (t: Task) => ttsToWire(t, deps.blobs));
  routes.create('/api/text_to_speech/', 'Speak text in a voice (1 credit per started 30 s of audio)', ttsBody, (accountId, b) =>
    deps.tts.create(accountId, {
      text: b.text ?? b.script ?? '',
      voiceId: b.voice_id ?? b.accent ?? '',
      webhookUrl: b.webhook_url,
      textField: b.text !== undefined ? 'text' : 'script',
      voiceField: b.voice_id !== undefined ? 'voice_id' : 'accent',
    }),
  );
  routes.list('/api/text_to_speech/', 'List text-to-speech tasks', deps.tts);
  routes.paginated(
    '/api/text_to_speech/paginated/',
    'List text-to-speech tasks, paginated (the filters of GET /api/text_to_speech/)',
    deps.tts,
    deps.publicBaseUrl,
  );
  routes.get('/api/text_to_speech/:id/', 'Get a text-to-speech task', deps.tts);
}
