import type { FastifyInstance } from 'fastify';
import type { Task } from '../../core/task.js';
import type { AuroraService } from '../../domain/avatars/aurora-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { AuroraModel, AuroraResolution } from '../../domain/avatars/aurora-models.js';
import { auroraBody } from '../schemas/aurora.js';
import { auroraToWire } from '../wire/aurora.js';
import { echoOf } from '../echo.js';
import { TaskRoutes } from './task-routes.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface AuroraRouteDeps {
  aurora: AuroraService;
  blobs: BlobStore;
}

export function auroraRoutes(root: FastifyInstance, deps: AuroraRouteDeps): void {
  const routes = new TaskRoutes(root, ['Aurora'], (t: Task) => auroraToWire(t, deps.blobs));
  routes.create('/api/aurora/', 'A portrait photo speaking a recording (priced per started second by model)', auroraBody, (accountId, b) =>
    deps.aurora.create(accountId, {
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
    }),
  );
  routes.reads('/api/aurora/', deps.aurora, { list: 'List Aurora tasks', get: 'Get an Aurora task' });
}
