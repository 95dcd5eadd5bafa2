import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuroraService } from '../../domain/avatars/aurora-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { AuroraModel, AuroraResolution } from '../../domain/avatars/aurora-models.js';
import { listQueryFrom } from '../pagination.js';
import { auroraBody } from '../schemas/aurora.js';
import { idParams, listQuery } from '../schemas/common.js';
import { auroraToWire } from '../wire/aurora.js';
import { echoOf } from '../echo.js';

const tags = ['Aurora'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface AuroraRouteDeps {
  aurora: AuroraService;
  blobs: BlobStore;
}

export function auroraRoutes(root: FastifyInstance, deps: AuroraRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof auroraToWire>[0]) => auroraToWire(t, deps.blobs);

  app.post(
    '/api/aurora/',
    { schema: { tags, summary: 'A portrait photo speaking a recording (priced per started second by model)', body: auroraBody } },
    async (request, reply) => {
      const b = request.body;
      const task = await deps.aurora.create(request.accountId, {
        imageUrl: b.image,
        audioUrl: b.audio,
        model: (b.model_version ?? 'aurora_v1') as AuroraModel,
        resolution: (b.resolution ?? null) as AuroraResolution | null,
        textPrompt: b.text_prompt ?? null,
        promptGuidanceScale: b.prompt_guidance_scale ?? null,
        ttlDays: b.ttl_days ?? null,
        outputUploadUrl: b.output_upload_url ?? null,
        webhookUrl: b.webhook_url ?? null,
        echo: echoOf(auroraBody, b),
      });
      return reply.status(201).send(wire(task));
    },
  );
  app.get('/api/aurora/', { schema: { tags, summary: 'List Aurora tasks', querystring: listQuery } }, async (request) => {
    return (await deps.aurora.list(request.accountId, listQueryFrom(request.query))).map(wire);
  });
  app.get('/api/aurora/:id/', { schema: { tags, summary: 'Get an Aurora task', params: idParams } }, async (request) => {
    return wire(await deps.aurora.get(request.accountId, request.params.id));
  });
}
