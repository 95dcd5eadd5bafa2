import { z } from 'zod';
import { credits } from '../credits/prices.js';
import { defineTaskKind } from '../tasks/task-kind.js';
import { retentionOutputs } from '../tasks/retention.js';
import { storedAssetInputs } from './asset-inputs.js';

export const storedAsset = z.object({
  /** The asset's own id (a UUID), shown as `assets[].id`. */
  id: z.string(),
  type: z.enum(['image', 'video']),
  key: z.string(),
  thumbnailKey: z.string().nullish(),
  name: z.string(),
  widthPx: z.number().optional(),
  heightPx: z.number().optional(),
  durationSeconds: z.number().optional(),
});
export type StoredAsset = z.infer<typeof storedAsset>;

/** The price rule reads only these input fields, so any stored row prices the same way. */
export function assetGenerationPrice(input: { creditsPerOutput: number }, outputs: number): number {
  return credits(input.creditsPerOutput * outputs);
}

/**
 * Asset Generator: one model run `outputNums` times on the validated inputs, each output a seeded
 * variation; `creditsPerOutput` is frozen at create so a later catalog change never reprices it.
 */
export const assetGenerationKind = defineTaskKind({
  kind: 'asset_generation',
  jobs: { make: 'asset_generation.make' },
  input: z.object({
    modelName: z.string(),
    genType: z.enum(['image', 'video']),
    /** `input_params` as sent (shown as sent). */
    inputParams: z.record(z.string(), z.unknown()).default({}),
    /** The inputs validated against the model, defaults filled in: what the job runs on. */
    inputs: storedAssetInputs,
    outputNums: z.number().int().min(1),
    creditsPerOutput: z.number().min(0),
    seed: z.number(),
  }),
  result: z.looseObject({
    assets: z.array(storedAsset).optional(),
    ...retentionOutputs,
  }),
  price: (_step: 'make', input, measured: { outputs: number }) => assetGenerationPrice(input, measured.outputs),
  files: { outputs: 'outputs' },
});
