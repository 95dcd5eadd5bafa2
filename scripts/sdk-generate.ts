import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SDK_TYPES_PATH, sdkTypesSource, serviceOpenApiDocument } from './sdk-types.js';

// `npm run sdk:generate`: rewrites the SDK's committed types from the service's document.
const source = await sdkTypesSource(await serviceOpenApiDocument());
await mkdir(dirname(SDK_TYPES_PATH), { recursive: true });
await writeFile(SDK_TYPES_PATH, source);
console.log(`wrote ${SDK_TYPES_PATH} (${source.length} characters)`);
