import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AiEditingRequest, AiEditingService } from '../../domain/editing/ai-editing-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { parseAspectRatio } from '../../media/frame-size.js';
import { listQueryFrom } from '../pagination.js';
import { aiEditingBody } from '../schemas/ai-editing.js';
import { idParams, listQuery } from '../schemas/common.js';
import { aiEditingToWire } from '../wire/ai-editing.js';
import { echoOf } from '../echo.js';

const tags = ['AI Editing'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface AiEditingRouteDeps {
  aiEditing: AiEditingService;
  blobs: BlobStore;
}

export function aiEditingRoutes(root: FastifyInstance, deps: AiEditingRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof aiEditingToWire>[0]) => aiEditingToWire(t, deps.blobs);

  app.post(
    '/api/ai_editing/',
    { schema: { tags, summary: 'Edit a video: dead air cut, reframed, captioned, scored (5 credits per started 30 s of the source)', body: aiEditingBody } },
    async (request, reply) => {
      return reply.status(201).send(wire(await deps.aiEditing.create(request.accountId, toRequest(request.body), 'direct')));
    },
  );
  app.post(
    '/api/ai_editing/preview/',
    { schema: { tags, summary: 'Edit a video, producing only a preview (1 credit per started 30 s of the source)', body: aiEditingBody } },
    async (request, reply) => {
      return reply.status(201).send(wire(await deps.aiEditing.create(request.accountId, toRequest(request.body), 'preview')));
    },
  );
  app.get('/api/ai_editing/', { schema: { tags, summary: 'List AI editing tasks', querystring: listQuery } }, async (request) => {
    return (await deps.aiEditing.list(request.accountId, listQueryFrom(request.query))).map(wire);
  });
  app.get('/api/ai_editing/:id/', { schema: { tags, summary: 'Get an AI editing task', params: idParams } }, async (request) => {
    return wire(await deps.aiEditing.get(request.accountId, request.params.id));
  });
  app.post(
    '/api/ai_editing/:id/preview/',
    { schema: { tags, summary: 'A preview of a finished edit (1 credit per started 30 s of the source)', params: idParams } },
    async (request) => {
      return wire(await deps.aiEditing.preview(request.accountId, request.params.id));
    },
  );
  app.post(
    '/api/ai_editing/:id/render/',
    { schema: { tags, summary: 'The edit at full quality (4 credits per started 30 s of the source)', params: idParams } },
    async (request) => {
      return wire(await deps.aiEditing.render(request.accountId, request.params.id));
    },
  );
}

function toRequest(b: z.infer<typeof aiEditingBody>): AiEditingRequest {
  return {
    videoUrl: b.video_url,
    instructions: b.instructions ?? null,
    aspectRatio: b.aspect_ratio ? (parseAspectRatio(b.aspect_ratio) ?? null) : null,
    editingStyle: b.editing_style ?? null,
    caption: b.caption_setting ? { ...b.caption_setting } : null,
    musicUrl: b.background_music_url ?? null,
    musicVolume: b.background_music_volume ?? null,
    voiceVolume: b.voiceover_volume ?? null,
    webhookUrl: b.webhook_url,
    // The body as parsed, echoed back on the task (plain JSON).
    echo: echoOf(aiEditingBody, b),
  };
}
