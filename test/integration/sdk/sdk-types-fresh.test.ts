import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_TYPES_PATH, sdkTypesSource, serviceOpenApiDocument } from '../../../scripts/sdk-types.js';

describe('the SDK types committed in packages/sdk', () => {
  it('are what `npm run sdk:generate` makes from the service document today', async () => {
    const fresh = await sdkTypesSource(await serviceOpenApiDocument());
    const committed = readFileSync(SDK_TYPES_PATH, 'utf8');
    // One boolean, not a 1 MB diff; the message says how to fix it.
    expect(committed === fresh, 'packages/sdk/src/generated/openapi-types.ts is stale: run `npm run sdk:generate` and commit it').toBe(true);
  });
});
