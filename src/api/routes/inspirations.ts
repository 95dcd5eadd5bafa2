import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ValidationError } from '../../core/errors.js';
import type { InspirationService } from '../../domain/inspirations/inspiration-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { listQueryFrom } from '../pagination.js';
import { idParams, listQuery } from '../schemas/common.js';
import { inspirationJobBody } from '../schemas/inspirations.js';
import { inspirationJobToWire, inspirationToWire } from '../wire/inspiration.js';

const tags = ['Inspiration'];

export interface InspirationRouteDeps {
  inspirations: InspirationService;
  blobs: BlobStore;
}

/** Flat form fields `parameters.X` / `parameters[X]` gathered into one object (multipart bodies). */
function flatParameters(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const m = /^(?:parameters|input_params)(?:\.([^.[\]]+)|\[([^\]]+)\])$/.exec(key);
    if (m) out[(m[1] ?? m[2])!] = value;
  }
  return out;
}

/** Inspiration (§19): the catalog of pre-made styles and the jobs that apply one to a client's inputs. */
export function inspirationRoutes(root: FastifyInstance, deps: InspirationRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = deps.inspirations;
  const job = (t: Parameters<typeof inspirationJobToWire>[0]) => inspirationJobToWire(t, deps.blobs);

  app.get('/api/inspirations/', { schema: { tags, summary: 'List the inspirations (pre-made styles)' } }, async () => {
    return service.inspirations.map((i) => inspirationToWire(i, deps.blobs));
  });
  app.get('/api/inspirations/:id/', { schema: { tags, summary: 'Get an inspiration', params: idParams } }, async (request) => {
    return inspirationToWire(service.find(request.params.id), deps.blobs);
  });
  app.post(
    '/api/inspiration_jobs/',
    { schema: { tags, summary: 'Apply an inspiration to your inputs (priced at its credit_cost)', body: inspirationJobBody } },
    async (request, reply) => {
      const b = request.body;
      const flat = flatParameters(b);
      const given = b.parameters ?? b.input_params;
      if (given === undefined && !Object.keys(flat).length) {
        service.find(b.inspiration_id);
        throw ValidationError.field('parameters', 'This field is required.');
      }
      const task = await service.create(request.accountId, {
        inspirationId: b.inspiration_id,
        parameters: { ...flat, ...(given ?? {}) },
        webhookUrl: b.webhook_url ?? null,
      });
      return reply.status(201).send(job(task));
    },
  );
  app.get('/api/inspiration_jobs/', { schema: { tags, summary: 'List inspiration jobs', querystring: listQuery } }, async (request) => {
    return (await service.list(request.accountId, listQueryFrom(request.query))).map(job);
  });
  app.get('/api/inspiration_jobs/:id/', { schema: { tags, summary: 'Get an inspiration job', params: idParams } }, async (request) => {
    return job(await service.get(request.accountId, request.params.id));
  });
}
