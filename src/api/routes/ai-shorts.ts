import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AiShortRequest, AiShortService } from '../../domain/shorts/ai-short-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { listQueryFrom } from '../pagination.js';
import { aiShortBody } from '../schemas/ai-shorts.js';
import { idParams, listQuery } from '../schemas/common.js';
import { aiShortToWire } from '../wire/ai-short.js';
import { echoOf } from '../echo.js';

const tags = ['AI Shorts'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface AiShortRouteDeps {
  aiShorts: AiShortService;
  blobs: BlobStore;
}

export function aiShortRoutes(root: FastifyInstance, deps: AiShortRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof aiShortToWire>[0]) => aiShortToWire(t, deps.blobs);

  app.post(
    '/api/ai_shorts/',
    { schema: { tags, summary: 'A narrated, illustrated short, rendered directly (5 credits per started 30 s)', body: aiShortBody } },
    async (request, reply) => {
      return reply.status(201).send(wire(await deps.aiShorts.create(request.accountId, toRequest(request.body), 'direct')));
    },
  );
  app.post(
    '/api/ai_shorts/preview/',
    { schema: { tags, summary: 'Preview a short (1 credit per started 30 s); render it afterwards', body: aiShortBody } },
    async (request, reply) => {
      return reply.status(201).send(wire(await deps.aiShorts.create(request.accountId, toRequest(request.body), 'preview')));
    },
  );
  app.post(
    '/api/ai_shorts/:id/render/',
    { schema: { tags, summary: 'Render a previewed short at full quality (4 credits per started 30 s)', params: idParams } },
    async (request) => {
      return wire(await deps.aiShorts.render(request.accountId, request.params.id));
    },
  );
  app.get('/api/ai_shorts/', { schema: { tags, summary: 'List AI Shorts tasks', querystring: listQuery } }, async (request) => {
    return (await deps.aiShorts.list(request.accountId, listQueryFrom(request.query))).map(wire);
  });
  app.get('/api/ai_shorts/:id/', { schema: { tags, summary: 'Get an AI Shorts task', params: idParams } }, async (request) => {
    return wire(await deps.aiShorts.get(request.accountId, request.params.id));
  });
}

function toRequest(b: z.infer<typeof aiShortBody>): AiShortRequest {
  return {
    script: b.script,
    aspectRatio: b.aspect_ratio,
    style: b.style,
    // The spec's name wins when both are sent.
    voiceId: b.accent ?? b.voice_id,
    voiceField: b.accent != null ? 'accent' : 'voice_id',
    caption: b.caption_setting ?? null,
    backgroundMusicUrl: b.background_music_url,
    backgroundMusicVolume: b.background_music_volume,
    voiceoverVolume: b.voiceover_volume,
    name: b.name,
    webhookUrl: b.webhook_url,
    // The body as parsed, echoed back on the task (plain JSON).
    echo: echoOf(aiShortBody, b),
  };
}
