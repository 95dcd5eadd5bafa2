import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AiScriptService } from '../../domain/text/ai-script-service.js';
import { listQueryFrom } from '../pagination.js';
import { aiScriptBody } from '../schemas/ai-scripts.js';
import { idParams, listQuery } from '../schemas/common.js';
import { aiScriptToWire } from '../wire/ai-script.js';

const tags = ['AI Scripts'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface AiScriptRouteDeps {
  aiScripts: AiScriptService;
}

export function aiScriptRoutes(root: FastifyInstance, deps: AiScriptRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/ai_scripts/',
    { schema: { tags, summary: 'Write several ad scripts for a product, answered done (1 credit)', body: aiScriptBody } },
    async (request, reply) => {
      const b = request.body;
      const task = await deps.aiScripts.create(request.accountId, {
        url: b.url,
        linkId: b.link_id ?? b.link,
        title: b.title,
        description: b.description,
        language: b.language,
        targetAudience: b.target_audience,
        platform: b.platform ?? b.target_platform,
        videoLength: b.video_length,
        scriptStyles: b.script_styles,
        seed: b.seed,
      });
      return reply.status(201).send(aiScriptToWire(task));
    },
  );

  app.get('/api/ai_scripts/', { schema: { tags, summary: 'List AI script sets', querystring: listQuery } }, async (request) => {
    return (await deps.aiScripts.list(request.accountId, listQueryFrom(request.query))).map(aiScriptToWire);
  });

  app.get('/api/ai_scripts/:id/', { schema: { tags, summary: 'Get an AI script set', params: idParams } }, async (request) => {
    return aiScriptToWire(await deps.aiScripts.get(request.accountId, request.params.id));
  });
}
