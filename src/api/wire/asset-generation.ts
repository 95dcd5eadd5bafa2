import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { assetGenerationKind } from '../../domain/asset-generation/asset-generation-kind.js';
import type { AssetInputSpec } from '../../domain/asset-generation/asset-inputs.js';
import type { AssetModel } from '../../domain/asset-generation/asset-models.js';
import { envelopeWith } from './task.js';
import { retentionToWire } from './retention.js';
import { field, text, valueAt, type TaskSummaryFields } from './task-summary.js';

/** An Asset Generator task: the envelope, the model, its inputs as sent, and the outputs made. */
export function assetGenerationToWire(t: Task, blobs: BlobStore) {
  const input = assetGenerationKind.shownInputOf(t);
  const result = assetGenerationKind.shownResultOf(t);
  const assets = (result.assets ?? []).map((a) => ({
    id: a.id,
    type: a.type,
    url: blobs.signedUrl(a.key),
    thumbnail_url: a.thumbnailKey ? blobs.signedUrl(a.thumbnailKey) : null,
    name: a.name,
  }));
  return envelopeWith(t, {
    model_name: input.modelName ?? null,
    gen_type: input.genType ?? null,
    input_params: input.inputParams ?? {},
    output_nums: input.outputNums ?? null,
    assets,
    output: assets[0]?.url ?? null,
    ...retentionToWire(result),
  });
}

function inputToWire(spec: AssetInputSpec) {
  return {
    type: spec.type,
    required: spec.required,
    description: spec.description,
    ...(spec.options ? { options: [...spec.options] } : {}),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
    ...(spec.minimum !== undefined ? { minimum: spec.minimum } : {}),
    ...(spec.maximum !== undefined ? { maximum: spec.maximum } : {}),
    ...(spec.maxLength !== undefined ? { max_length: spec.maxLength } : {}),
    ...(spec.minItems !== undefined ? { min_items: spec.minItems } : {}),
    ...(spec.maxItems !== undefined ? { max_items: spec.maxItems } : {}),
    ...(spec.maxSidePx !== undefined ? { max_side_px: spec.maxSidePx } : {}),
    ...(spec.maxDurationSeconds !== undefined ? { max_duration_seconds: spec.maxDurationSeconds } : {}),
  };
}

/** The spec's schema shape (`GET /api/ai_generation/schema/`). */
export function assetModelToWire(m: AssetModel) {
  return {
    id: m.id,
    name: m.name,
    description: m.description,
    inputs: Object.fromEntries(Object.entries(m.inputs).map(([k, v]) => [k, inputToWire(v)])),
    generation_type: m.generationType,
    gen_type: m.genType,
    credits_per_output: m.creditsPerOutput,
    remote: m.remote,
  };
}

/** One input as JSON Schema (draft 2020-12 keywords). */
export function inputJsonSchema(spec: AssetInputSpec): Record<string, unknown> {
  const base = { description: spec.description, ...(spec.default !== undefined ? { default: spec.default } : {}) };
  switch (spec.type) {
    case 'string':
      return {
        ...base,
        type: 'string',
        ...(spec.options ? { enum: [...spec.options] } : {}),
        ...(spec.maxLength !== undefined ? { maxLength: spec.maxLength } : {}),
      };
    case 'color':
      return { ...base, type: 'string', pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'integer':
    case 'number':
      return {
        ...base,
        type: spec.type,
        ...(spec.options ? { enum: [...spec.options] } : {}),
        ...(spec.minimum !== undefined ? { minimum: spec.minimum } : {}),
        ...(spec.maximum !== undefined ? { maximum: spec.maximum } : {}),
      };
    case 'image':
    case 'video':
      return { ...base, type: 'string', format: 'uri', contentMediaType: spec.type === 'image' ? 'image/*' : 'video/*' };
    case 'image_list':
      return {
        ...base,
        type: 'array',
        items: { type: 'string', format: 'uri', contentMediaType: 'image/*' },
        ...(spec.minItems !== undefined ? { minItems: spec.minItems } : {}),
        ...(spec.maxItems !== undefined ? { maxItems: spec.maxItems } : {}),
      };
  }
}

/** The compatible shape (`GET /api/asset_generator/schemas/`): `{model_name, generation_type, input_params_schema}`. */
export function assetModelToCompatibleWire(m: AssetModel) {
  const entries = Object.entries(m.inputs);
  return {
    model_name: m.id,
    generation_type: m.generationType,
    credits_per_output: m.creditsPerOutput,
    description: m.description,
    input_params_schema: {
      type: 'object',
      title: m.name,
      properties: Object.fromEntries(entries.map(([k, v]) => [k, inputJsonSchema(v)])),
      required: entries.filter(([, v]) => v.required).map(([k]) => k),
    },
  };
}

export const assetGenerationSummary: TaskSummaryFields = {
  group: 'ai_generation',
  name: field('model_name'),
  thumbnail: (b) =>
    text(valueAt(b, 'assets', 0, 'thumbnail_url')) ?? (valueAt(b, 'assets', 0, 'type') === 'image' ? text(valueAt(b, 'assets', 0, 'url')) : null),
  output: field('output'),
};
