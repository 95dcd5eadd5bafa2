import { ValidationError } from '../../core/errors.js';
import type { AssetGenerationService } from '../../domain/asset-generation/asset-generation-service.js';
import { assetGenerationBodyFor, assetSchemaQuery } from '../schemas/asset-generation.js';
import { assetGenerationToWire, assetModelToCompatibleWire, assetModelToWire } from '../wire/asset-generation.js';
import { taskGroupRoutes } from './group-routes.js';

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
export const assetGenerationRoutes = taskGroupRoutes(
  ['Asset Generator'],
  assetGenerationToWire,
  (routes, { assetGeneration }: { assetGeneration: AssetGenerationService }) => {
    const { app, tags } = routes;
    const catalog = assetGeneration.catalog;

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
      routes.create(`${prefix}/`, 'Run an asset model (priced per output)', body, async (accountId, b) => {
        const flat = flatInputParams(b);
        if (b.input_params === undefined && !Object.keys(flat).length) throw ValidationError.field('input_params', 'This field is required.');
        return assetGeneration.create(accountId, {
          modelName: b.model_name,
          inputParams: { ...flat, ...(b.input_params ?? {}) },
          outputNums: b.output_nums ?? null,
          webhookUrl: b.webhook_url ?? null,
        });
      });
      routes.reads(`${prefix}/`, assetGeneration, { list: 'List asset generation tasks', get: 'Get an asset generation task' });
    }
  },
);
