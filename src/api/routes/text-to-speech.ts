import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ListQuery } from '../../core/store.js';
import type { TextToSpeechService } from '../../domain/speech/tts-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { listQueryFrom, pageOfStored } from '../pagination.js';
import { idParams, listQuery, pageQuery } from '../schemas/common.js';
import { ttsBody } from '../schemas/text-to-speech.js';
import { ttsToWire } from '../wire/text-to-speech.js';

const tags = ['Text to Speech'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface TextToSpeechRouteDeps {
  tts: TextToSpeechService;
  blobs: BlobStore;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

export function textToSpeechRoutes(root: FastifyInstance, deps: TextToSpeechRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/text_to_speech/',
    { schema: { tags, summary: 'Speak text in a voice (1 credit per started 30 s of audio)', body: ttsBody } },
    async (request, reply) => {
      const b = request.body;
      const task = await deps.tts.create(request.accountId, {
        text: b.text ?? b.script ?? '',
        voiceId: b.voice_id ?? b.accent ?? '',
        webhookUrl: b.webhook_url,
        textField: b.text !== undefined ? 'text' : 'script',
        voiceField: b.voice_id !== undefined ? 'voice_id' : 'accent',
      });
      return reply.status(201).send(ttsToWire(task, deps.blobs));
    },
  );

  app.get('/api/text_to_speech/', { schema: { tags, summary: 'List text-to-speech tasks', querystring: listQuery } }, async (request) => {
    return (await deps.tts.list(request.accountId, listQueryFrom(request.query))).map((t) => ttsToWire(t, deps.blobs));
  });

  app.get(
    '/api/text_to_speech/paginated/',
    {
      schema: {
        tags,
        summary: 'List text-to-speech tasks, paginated (the filters of GET /api/text_to_speech/)',
        querystring: listQuery.extend(pageQuery.shape),
      },
    },
    async (request) => {
      const source = { list: (q: ListQuery) => deps.tts.list(request.accountId, q), count: (q: ListQuery) => deps.tts.count(request.accountId, q) };
      return pageOfStored(request, deps.publicBaseUrl, request.query, source, (t) => ttsToWire(t, deps.blobs));
    },
  );

  app.get('/api/text_to_speech/:id/', { schema: { tags, summary: 'Get a text-to-speech task', params: idParams } }, async (request) => {
    return ttsToWire(await deps.tts.get(request.accountId, request.params.id), deps.blobs);
  });
}
