import { ValidationError } from '../../core/errors.js';
import type { InspirationService } from '../../domain/inspirations/inspiration-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { idParams } from '../schemas/common.js';
import { inspirationJobBody } from '../schemas/inspirations.js';
import { inspirationJobToWire, inspirationToWire } from '../wire/inspiration.js';
import { taskGroupRoutes } from './group-routes.js';

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
export const inspirationRoutes = taskGroupRoutes(
  ['Inspiration'],
  inspirationJobToWire,
  (jobs, { inspirations: service, blobs }: { inspirations: InspirationService; blobs: BlobStore }) => {
    const { app, tags } = jobs;

    app.get('/api/inspirations/', { schema: { tags, summary: 'List the inspirations (pre-made styles)' } }, async () => {
      return service.inspirations.map((i) => inspirationToWire(i, blobs));
    });
    app.get('/api/inspirations/:id/', { schema: { tags, summary: 'Get an inspiration', params: idParams } }, async (request) => {
      return inspirationToWire(service.find(request.params.id), blobs);
    });
    jobs.create('/api/inspiration_jobs/', 'Apply an inspiration to your inputs (priced at its credit_cost)', inspirationJobBody, async (accountId, b) => {
      const flat = flatParameters(b);
      const given = b.parameters ?? b.input_params;
      if (given === undefined && !Object.keys(flat).length) {
        service.find(b.inspiration_id);
        throw ValidationError.field('parameters', 'This field is required.');
      }
      return service.create(accountId, {
        inspirationId: b.inspiration_id,
        parameters: { ...flat, ...(given ?? {}) },
        webhookUrl: b.webhook_url ?? null,
      });
    });
    jobs.reads('/api/inspiration_jobs/', service, { list: 'List inspiration jobs', get: 'Get an inspiration job' });
  },
);
