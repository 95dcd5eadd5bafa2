import type { AuroraService } from '../../domain/avatars/aurora-service.js';
import type { AuroraModel, AuroraResolution } from '../../domain/avatars/aurora-models.js';
import { auroraBody } from '../schemas/aurora.js';
import { auroraToWire } from '../wire/aurora.js';
import { echoOf } from '../echo.js';
import { taskGroupRoutes } from './group-routes.js';

export const auroraRoutes = taskGroupRoutes(['Aurora'], auroraToWire, (routes, { aurora }: { aurora: AuroraService }) => {
  routes.create('/api/aurora/', 'A portrait photo speaking a recording (priced per started second by model)', auroraBody, (accountId, b) =>
    aurora.create(accountId, {
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
  routes.reads('/api/aurora/', aurora, { list: 'List Aurora tasks', get: 'Get an Aurora task' });
});
