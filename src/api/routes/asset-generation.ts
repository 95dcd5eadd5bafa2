import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ValidationError } from '../../core/errors.js';
import type { AssetGenerationService } from '../../domain/assets/asset-generation-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { listQueryFrom } from '../pagination.js';
import { assetGenerationBodyFor, assetSchemaQuery } from '../schemas/asset-generation.js';
import { idParams, listQuery } from '../schemas/common.js';
import { assetGenerationToWire, assetModelToCompatibleWire, assetModelToWire } from '../wire/asset-generation.js';

const tags = ['Asset Generator'];

export interface AssetGenerationRouteDeps {
  assetGeneration: AssetGenerationService;
  blobs: BlobStore;
}

/** Flat form fields `input_params.x` / `input_params[x]` gathered into one object (multipart and urlencoded bodies). */
function flatInputParams(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const m = /^input_params(?:\.([^.[\]]+)|\[([^\]]+)\])$/.exec(key);
    if (m) out[(m[1] ?? m[2])!] = value;
  }
  return out;
}

const names = (q: string | undefined) =>
  q
    ? q
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

/** Asset Generator (§12) and its `/api/asset_generator/` aliases. */
export function assetGenerationRoutes(root: FastifyInstance, deps: AssetGenerationRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof assetGenerationToWire>[0]) => assetGenerationToWire(t, deps.blobs);
  const catalog = deps.assetGeneration.catalog;

  app.get(
    '/api/ai_generation/schema/',
    { schema: { tags, summary: 'The asset models, their inputs and prices (model_name filters, comma-separated)', querystring: assetSchemaQuery } },
    async (request) => {
      return { models: catalog.list(names(request.query.model_name)).map(assetModelToWire) };
    },
  );
  app.get(
    '/api/asset_generator/schemas/',
    { schema: { tags, summary: 'The asset models with a JSON Schema of their inputs (compatible shape)', querystring: assetSchemaQuery } },
    async (request) => {
      return catalog.list(names(request.query.model_name)).map(assetModelToCompatibleWire);
    },
  );

  const body = assetGenerationBodyFor(catalog.models.map((m) => m.id));
  for (const prefix of ['/api/ai_generation', '/api/asset_generator']) {
    app.post(`${prefix}/`, { schema: { tags, summary: 'Run an asset model (priced per output)', body } }, async (request, reply) => {
      const b = request.body;
      const flat = flatInputParams(b);
      if (b.input_params === undefined && !Object.keys(flat).length) throw ValidationError.field('input_params', 'This field is required.');
      const task = await deps.assetGeneration.create(request.accountId, {
        modelName: b.model_name,
        inputParams: { ...flat, ...(b.input_params ?? {}) },
        outputNums: b.output_nums ?? null,
        webhookUrl: b.webhook_url ?? null,
      });
      return reply.status(201).send(wire(task));
    });
    app.get(`${prefix}/`, { schema: { tags, summary: 'List asset generation tasks', querystring: listQuery } }, async (request) => {
      return (await deps.assetGeneration.list(request.accountId, listQueryFrom(request.query))).map(wire);
    });
    app.get(`${prefix}/:id/`, { schema: { tags, summary: 'Get an asset generation task', params: idParams } }, async (request) => {
      return wire(await deps.assetGeneration.get(request.accountId, request.params.id));
    });
  }
}
