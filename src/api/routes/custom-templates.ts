import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { NotFound } from '../../core/errors.js';
import type { TemplateCatalog } from '../../domain/custom-templates/template-catalog.js';
import type { CustomTemplateJobRequest, CustomTemplateJobService } from '../../domain/custom-templates/custom-template-job-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { taskGroupRoutes } from './group-routes.js';
import { templateIdParams, templateJobBody } from '../schemas/custom-templates.js';
import { dyoaToWire, templateJobToWire, templateToWire } from '../wire/custom-template.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface CustomTemplateRouteDeps {
  templateCatalog: TemplateCatalog;
  templateJobs: CustomTemplateJobService;
  blobs: BlobStore;
}

export const customTemplateRoutes = taskGroupRoutes(['Custom Templates'], templateJobToWire, (routes, deps: CustomTemplateRouteDeps) => {
  const { app, tags, wire } = routes;

  app.get('/api/custom_templates/', { schema: { tags, summary: "The template catalog (built-in and the operator's)" } }, async () => {
    return deps.templateCatalog.list('custom').map((e) => templateToWire(e, deps.blobs));
  });
  app.get(
    '/api/custom_templates/:template_id/',
    { schema: { tags, summary: 'One template with its variables (slot name → type, required)', params: templateIdParams } },
    async (request) => {
      const entry = deps.templateCatalog.find(request.params.template_id);
      if (!entry) throw new NotFound('CustomTemplate');
      return templateToWire(entry, deps.blobs, true);
    },
  );
  routes.createInModes(templateJobBody, (accountId, b, mode) => deps.templateJobs.create(accountId, toRequest(b), mode), {
    direct: { path: '/api/custom_template_jobs/', summary: 'Fill a template and render it (5 credits per started 30 s)' },
    preview: {
      path: '/api/custom_template_jobs/preview_async/',
      summary: 'Fill a template and make a preview; poll for `preview` (1 credit per started 30 s)',
    },
  });
  app.post(
    '/api/custom_template_jobs/preview/',
    { schema: { tags, summary: 'The same, answered when the preview is ready or at the wait limit (1 credit per started 30 s)', body: templateJobBody } },
    async (request, reply) => {
      // Stop waiting (not the job) when the client hangs up.
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      return reply.status(201).send(wire(await deps.templateJobs.createPreviewAndWait(request.accountId, toRequest(request.body), gone.signal)));
    },
  );
  routes.get('/api/custom_template_jobs/:id/', 'Get a custom template job', deps.templateJobs);
  routes.onItem('/api/custom_template_jobs/:id/preview/', 'A new preview of a finished job (1 credit per started 30 s)', (accountId, id) =>
    deps.templateJobs.preview(accountId, id),
  );
  routes.onItem('/api/custom_template_jobs/:id/render/', 'Render a finished job at full quality (4 credits per started 30 s)', (accountId, id) =>
    deps.templateJobs.render(accountId, id),
  );
});

/** DYOA (spec 2.13): design-your-own templates, usable as `template_id`. Only GET is offered (POST → 405). */
export function dyoaRoutes(root: FastifyInstance, deps: Pick<CustomTemplateRouteDeps, 'templateCatalog' | 'blobs'>): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dyoa/',
    { schema: { tags: ['DYOA'], summary: 'Design-your-own templates; each id works as template_id of a custom template job' } },
    async () => {
      return deps.templateCatalog.list('dyoa').map((e) => dyoaToWire(e, deps.blobs));
    },
  );
}

function toRequest(b: z.infer<typeof templateJobBody>): CustomTemplateJobRequest {
  return {
    templateId: b.template_id,
    parameters: b.parameters ?? null,
    variables: b.variables ?? null,
    name: b.name ?? null,
    modelVersion: b.model_version ?? null,
    webhookUrl: b.webhook_url ?? null,
  };
}
