import type { TextToSpeechService } from '../../domain/speech/tts-service.js';
import { ttsBody } from '../schemas/text-to-speech.js';
import { ttsToWire } from '../wire/text-to-speech.js';
import { taskGroupRoutes } from './group-routes.js';

/** What these routes use besides the file store, and nothing more (built by its group, app/groups/). */
export interface TextToSpeechRouteDeps {
  tts: TextToSpeechService;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

export const textToSpeechRoutes = taskGroupRoutes(['Text to Speech'], ttsToWire, (routes, { tts, publicBaseUrl }: TextToSpeechRouteDeps) => {
  routes.create('/api/text_to_speech/', 'Speak text in a voice (1 credit per started 30 s of audio)', ttsBody, (accountId, b) =>
    tts.create(accountId, {
      text: b.text ?? b.script ?? '',
      voiceId: b.voice_id ?? b.accent ?? '',
      webhookUrl: b.webhook_url,
      textField: b.text !== undefined ? 'text' : 'script',
      voiceField: b.voice_id !== undefined ? 'voice_id' : 'accent',
    }),
  );
  routes.list('/api/text_to_speech/', 'List text-to-speech tasks', tts);
  routes.paginated('/api/text_to_speech/paginated/', 'List text-to-speech tasks, paginated (the filters of GET /api/text_to_speech/)', tts, publicBaseUrl);
  routes.get('/api/text_to_speech/:id/', 'Get a text-to-speech task', tts);
});
